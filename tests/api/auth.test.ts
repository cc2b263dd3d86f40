import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { sessions } from '../../src/server/db/schema/index.ts';
import { upsertUserByEmail } from '../../src/server/features/users/upsert-user-by-email.ts';
import { SESSION_COOKIE } from '../../src/server/http/session.ts';
import { createTestApp, sessionCookieFrom, type TestApp, testConfig } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

const PRODUCTION_ENV = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };

let database: DatabaseHandle;
let dev: TestApp;
let production: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  dev = await createTestApp({ database });
  production = await createTestApp({ database, env: PRODUCTION_ENV });
});

afterAll(async () => {
  await dev.close();
  await production.close();
  await database.close();
});

/** A session made the way a provider sign-in makes one, for apps where development sign-in is off. */
async function sessionCookieForUser(target: TestApp, email: string): Promise<string> {
  const user = await upsertUserByEmail(target.database.db, { email });
  const sid = `test-${crypto.randomUUID()}`;
  await target.database.db
    .insert(sessions)
    .values({ sid, sess: { userId: user.id }, expire: new Date(Date.now() + 60_000) });
  return `${SESSION_COOKIE}=${target.app.signCookie(sid)}`;
}

describe('current user', () => {
  it('answers 401 when signed out, then the user after development sign-in', async () => {
    const signedOut = await dev.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ message: 'Unauthorized' });

    const cookie = await dev.signInAs('ada@example.com');
    const signedIn = await dev.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      email: 'ada@example.com',
      planType: 'free',
      maxBrands: 1,
      isAdmin: false,
      agencyOwnerId: null,
    });
  });

  it('signs in the demo account when no e-mail is given, and treats the configured admin as admin', async () => {
    const demo = await dev.app.inject({ method: 'GET', url: '/api/dev-switch' });
    const demoUser = await dev.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: sessionCookieFrom(demo.headers['set-cookie'])! },
    });
    expect(demoUser.json()).toMatchObject({ email: 'demo@brandlens.local', firstName: 'Demo' });

    const admin = await dev.signInAs('admin@brandlens.local');
    const adminUser = await dev.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: admin } });
    expect(adminUser.json()).toMatchObject({ isAdmin: true });
  });

  it('rejects a tampered session cookie', async () => {
    const cookie = await dev.signInAs('eve@example.com');
    const tampered = `${cookie.slice(0, -3)}abc`;
    const response = await dev.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: tampered } });
    expect(response.statusCode).toBe(401);
  });
});

describe('session cookie and lifetime', () => {
  it('sets an httpOnly, SameSite=Lax cookie valid for 7 days', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/dev-switch?email=cookie@example.com' });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    const expires = new Date(/Expires=([^;]+)/.exec(header)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  });

  it('marks the cookie Secure when the public address is https', async () => {
    const secure = await createTestApp({ database, env: { PUBLIC_URL: 'https://brandlens.example' } });
    const response = await secure.app.inject({ method: 'GET', url: '/api/dev-switch?email=secure@example.com' });
    expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
    await secure.close();
  });

  it('survives a server restart because it lives in the database', async () => {
    const first = await createTestApp({ database });
    const cookie = await first.signInAs('restart@example.com');
    await first.close();

    const second = await buildApp({ config: testConfig(), database, clientDir: null, logger: false });
    const response = await second.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'restart@example.com' });
    await second.close();
  });

  it('logs out by form post: the session row is deleted and the cookie no longer works', async () => {
    const cookie = await dev.signInAs('leaver@example.com');
    const logout = await dev.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        cookie,
        origin: 'http://localhost:5000',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/');
    const after = await dev.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('does not log out on GET: it shows a page whose button posts the sign-out form', async () => {
    const cookie = await dev.signInAs('stayer@example.com');
    const page = await dev.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post" action="/api/logout"><button type="submit">Sign Out</button>');
    const after = await dev.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(200);
  });

  it('refuses a sign-out form posted from another site', async () => {
    const cookie = await dev.signInAs('targeted@example.com');
    const forged = await dev.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(forged.statusCode).toBe(403);
    const after = await dev.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(200);
  });
});

describe('development sign-in', () => {
  it('carries the chosen plan through the round trip', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/dev-switch?email=planner@example.com&plan=smb' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/subscribe?plan=smb');
  });

  it('lands on the dashboard for the free plan or no plan', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/dev-switch?email=free@example.com&plan=free' });
    expect(response.headers.location).toBe('/');
  });

  it('answers 400 with a readable message for a malformed e-mail', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/dev-switch?email=not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please enter a valid email address.' });
  });

  it('sends /api/login to the sign-in page when no provider is configured', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/login?plan=agency' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/signin?plan=agency');
  });

  it('reports which sign-in methods exist', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ replit: false, google: false, devSignIn: true });
  });

  it('is refused with 404 in production mode', async () => {
    const response = await production.app.inject({ method: 'GET', url: '/api/dev-switch?email=intruder@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['set-cookie']).toBeUndefined();
    const providers = await production.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toMatchObject({ devSignIn: false });
    const login = await production.app.inject({ method: 'GET', url: '/api/login' });
    expect(login.statusCode).toBe(404);
  });
});

describe('x-force-account-switch', () => {
  it('acts as the named account in development', async () => {
    const cookie = await dev.signInAs('switcher@example.com');
    const response = await dev.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie, 'x-force-account-switch': 'other@example.com' },
    });
    expect(response.json()).toMatchObject({ email: 'other@example.com' });
  });

  it('is ignored in production mode', async () => {
    const cookie = await sessionCookieForUser(production, 'owner@example.com');
    const response = await production.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie, 'x-force-account-switch': 'victim@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'owner@example.com' });
  });

  it('gives nothing to a request without a session', async () => {
    const response = await dev.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { 'x-force-account-switch': 'victim@example.com' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('API conventions', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found: GET /api/nothing-here' });
  });

  it('sends security headers', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('rate-limits the sign-in routes', async () => {
    // A database of its own: counters live in the database, shared by every app on it.
    const limited = await createTestApp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt++) {
      const response = await limited.app.inject({ method: 'GET', url: '/api/login' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 302)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await limited.close();
  });
});
