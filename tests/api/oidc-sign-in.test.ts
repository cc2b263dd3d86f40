import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInProvidersFrom } from '../../src/server/app.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { userIdentities } from '../../src/server/db/schema/index.ts';
import { type OidcDouble, startOidcDouble } from '../doubles/oidc-provider.ts';
import { createTestApp, sessionCookieFrom, type TestApp, testConfig } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

const PUBLIC_URL = 'http://localhost:5000';

let database: DatabaseHandle;
let replitDouble: OidcDouble;
let googleDouble: OidcDouble;
let target: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  replitDouble = await startOidcDouble({
    clients: [{ clientId: 'brandlens', clientSecret: 'replit-secret', redirectUris: [`${PUBLIC_URL}/api/callback`] }],
    accounts: [
      { sub: 'replit-1', email: 'grace@example.com', given_name: 'Grace', family_name: 'Hopper' },
      { sub: 'replit-2', email: 'alan@example.com', given_name: 'Alan', family_name: 'Turing' },
      { sub: 'replit-3', email: 'grace@example.com', email_verified: false, given_name: 'Not', family_name: 'Grace' },
    ],
  });
  googleDouble = await startOidcDouble({
    clients: [
      {
        clientId: 'brandlens-google',
        clientSecret: 'g-secret',
        redirectUris: [`${PUBLIC_URL}/api/auth/google/callback`],
      },
    ],
    accounts: [{ sub: 'google-1', email: 'Katherine@Example.com', given_name: 'Katherine', family_name: 'Johnson' }],
    claimsInIdToken: false,
  });
  const env = {
    PUBLIC_URL,
    OIDC_ISSUER_URL: replitDouble.issuerUrl,
    OIDC_CLIENT_ID: 'brandlens',
    OIDC_CLIENT_SECRET: 'replit-secret',
    GOOGLE_ISSUER_URL: googleDouble.issuerUrl,
    GOOGLE_CLIENT_ID: 'brandlens-google',
    GOOGLE_CLIENT_SECRET: 'g-secret',
  };
  target = await createTestApp({ database, env, signInProviders: signInProvidersFrom(testConfig(env)) });
});

afterAll(async () => {
  await target?.close();
  await replitDouble?.close();
  await googleDouble?.close();
  await database?.close();
});

/** Runs a whole sign-in: the app's start route, the provider, the app's callback. */
async function signInThrough(double: OidcDouble, startUrl: string) {
  const start = await target.app.inject({ method: 'GET', url: startUrl });
  expect(start.statusCode).toBe(302);
  const pendingCookie = sessionCookieFrom(start.headers['set-cookie'])!;
  const callback = await double.authorize(String(start.headers.location));
  const finish = await target.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: pendingCookie },
  });
  const cookie = sessionCookieFrom(finish.headers['set-cookie']);
  return { start, finish, cookie, pendingCookie };
}

describe('sign-in with the hosting platform provider', () => {
  it('runs the authorization-code flow and signs the user in', async () => {
    const { start, finish, cookie, pendingCookie } = await signInThrough(replitDouble, '/api/login');
    const authorizeUrl = new URL(String(start.headers.location));
    expect(authorizeUrl.origin).toBe(replitDouble.issuerUrl);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(finish.statusCode).toBe(302);
    expect(finish.headers.location).toBe('/');
    expect(cookie).toBeDefined();
    expect(cookie).not.toBe(pendingCookie);

    const me = await target.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookie! } });
    expect(me.json()).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });
    const identities = await database.db.select().from(userIdentities);
    expect(identities).toContainEqual(expect.objectContaining({ provider: 'replit', subject: 'replit-1' }));
  });

  it('keeps the chosen plan across the round trip', async () => {
    replitDouble.setNextAccount('replit-2');
    const { finish, cookie } = await signInThrough(replitDouble, '/api/login?plan=smb');
    expect(finish.headers.location).toBe('/subscribe?plan=smb');
    const me = await target.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookie! } });
    expect(me.json()).toMatchObject({ email: 'alan@example.com' });
  });

  it('refuses a callback whose state does not match, without signing in', async () => {
    const start = await target.app.inject({ method: 'GET', url: '/api/login' });
    const pendingCookie = sessionCookieFrom(start.headers['set-cookie'])!;
    const callback = await replitDouble.authorize(String(start.headers.location));
    callback.searchParams.set('state', 'forged');
    const finish = await target.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: pendingCookie },
    });
    expect(finish.statusCode).toBe(302);
    expect(String(finish.headers.location)).toMatch(/^\/signin\?error=/);
    const me = await target.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: pendingCookie } });
    expect(me.statusCode).toBe(401);
  });

  it('sends a callback without a pending sign-in back to the sign-in page', async () => {
    const finish = await target.app.inject({ method: 'GET', url: '/api/callback?code=abc&state=xyz' });
    expect(finish.statusCode).toBe(302);
    expect(decodeURIComponent(String(finish.headers.location))).toContain('Your sign-in expired');
  });
});

describe('unverified and unreachable providers', () => {
  it('never opens an existing account for an unverified e-mail address', async () => {
    replitDouble.setNextAccount('replit-3');
    const { finish, cookie } = await signInThrough(replitDouble, '/api/login');
    expect(finish.statusCode).toBe(302);
    expect(decodeURIComponent(String(finish.headers.location))).toContain('Your e-mail address is not verified');
    expect(cookie).toBeUndefined();
  });

  it('sends the visitor back to sign-in with the reason when the provider cannot be reached', async () => {
    const env = { PUBLIC_URL, OIDC_ISSUER_URL: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'x' };
    const offline = await createTestApp({ database, env, signInProviders: signInProvidersFrom(testConfig(env)) });
    const response = await offline.app.inject({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(decodeURIComponent(String(response.headers.location))).toMatch(/^\/signin\?error=The identity provider/);
    await offline.close();
  });
});

describe('sign-in with Google', () => {
  it('runs the flow, reads the profile from userinfo and matches the user by e-mail', async () => {
    const { finish, cookie } = await signInThrough(googleDouble, '/api/auth/google?state=agency');
    expect(finish.headers.location).toBe('/subscribe?plan=agency');
    const me = await target.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookie! } });
    expect(me.json()).toMatchObject({ email: 'katherine@example.com', firstName: 'Katherine' });
  });

  it('reports both providers as available', async () => {
    const response = await target.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toMatchObject({ replit: true, google: true });
  });
});
