/**
 * Which pages may make changes, through the whole app: in development without PUBLIC_URL the
 * address the app was opened at (127.0.0.1, a LAN address, a forwarded port) is its own; in
 * production PUBLIC_URL's origin and ALLOWED_ORIGINS are, and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';

const refused = { message: 'Cross-site requests are not accepted', code: 'forbidden' };

describe('development without PUBLIC_URL', () => {
  let target: TestApp;
  let cookie: string;

  beforeAll(async () => {
    target = await createTestApp({ env: { PUBLIC_URL: '', PORT: '5000' } });
    cookie = await target.signInAs('opened-anywhere@example.com');
    // Room for every brand these tests create: only the cross-site rule may refuse one.
    await setPlan(target.database, 'opened-anywhere@example.com', 'agency');
  });

  afterAll(async () => {
    await target.close();
  });

  const createBrand = (name: string, headers: Record<string, string>) =>
    target.app.inject({ method: 'POST', url: '/api/brands', headers: { cookie, ...headers }, payload: { name } });

  it('accepts changes from the page at the address it was opened at, whatever that is', async () => {
    const pages: Record<string, string>[] = [
      { host: '127.0.0.1:5000', origin: 'http://127.0.0.1:5000', 'sec-fetch-site': 'same-origin' },
      { host: '127.0.0.1:5000', origin: 'http://127.0.0.1:5000' },
      { host: '192.168.1.20:5000', origin: 'http://192.168.1.20:5000', 'sec-fetch-site': 'same-origin' },
      // A forwarded port: the browser's Host arrives as it was typed.
      { host: 'localhost:8080', origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' },
      // A proxy that rewrote Host: the browser still says same-origin.
      { host: '127.0.0.1:5000', origin: 'https://dev.tunnel.example', 'sec-fetch-site': 'same-origin' },
    ];
    for (const [index, headers] of pages.entries()) {
      const response = await createBrand(`Opened ${index}`, headers);
      expect(response.statusCode, JSON.stringify(headers)).not.toBe(403);
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('takes X-Forwarded-Host as the address only when the proxy is trusted', async () => {
    const trusted = await createTestApp({ env: { PUBLIC_URL: '', TRUST_PROXY: 'true' }, database: target.database });
    try {
      const headers = {
        host: '127.0.0.1:5000',
        'x-forwarded-host': 'brandlens.lan:8443',
        origin: 'https://brandlens.lan:8443',
      };
      const viaProxy = await trusted.app.inject({
        method: 'POST',
        url: '/api/brands',
        headers: { cookie, ...headers },
        payload: { name: 'Proxied' },
      });
      expect(viaProxy.statusCode, viaProxy.body).toBe(201);
      expect((await createBrand('Forged host', headers)).statusCode).toBe(403);
    } finally {
      await trusted.app.close();
    }
  });

  it('refuses other sites and other origins of the same site, changing nothing', async () => {
    const before = (await target.app.inject({ method: 'GET', url: '/api/brands', headers: { cookie } })).json().length;
    const foreign: Record<string, string>[] = [
      { host: '127.0.0.1:5000', origin: 'https://evil.example' },
      { host: '127.0.0.1:5000', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { host: '127.0.0.1:5000', origin: 'http://127.0.0.1:5001', 'sec-fetch-site': 'same-site' },
      { host: '127.0.0.1:5000', origin: 'http://localhost:5001', 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of foreign) {
      const response = await createBrand('Forged', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual(refused);
    }
    const after = (await target.app.inject({ method: 'GET', url: '/api/brands', headers: { cookie } })).json().length;
    expect(after).toBe(before);
  });

  it('signs out from the page at 127.0.0.1', async () => {
    const signedIn = await target.signInAs('signing-out@example.com');
    const out = await target.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        cookie: signedIn,
        host: '127.0.0.1:5000',
        origin: 'http://127.0.0.1:5000',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(out.statusCode, out.body).toBe(303);
    const user = await target.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: signedIn } });
    expect(user.statusCode).toBe(401);
  });
});

describe('production', () => {
  let target: TestApp;

  beforeAll(async () => {
    target = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 'p'.repeat(32),
        PUBLIC_URL: 'https://app.example.com',
        ALLOWED_ORIGINS: 'https://www.example.com',
      },
    });
  });

  afterAll(async () => {
    await target.close();
  });

  const signOut = (headers: Record<string, string>) =>
    target.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: '',
    });

  it("accepts PUBLIC_URL's origin and those of ALLOWED_ORIGINS", async () => {
    const own = await signOut({
      host: 'app.example.com',
      origin: 'https://app.example.com',
      'sec-fetch-site': 'same-origin',
    });
    expect(own.statusCode, own.body).toBe(303);
    const extra = await signOut({
      host: 'www.example.com',
      origin: 'https://www.example.com',
      'sec-fetch-site': 'same-origin',
    });
    expect(extra.statusCode, extra.body).toBe(303);
  });

  it('refuses an origin that only matches the Host the request was sent to', async () => {
    const foreign: Record<string, string>[] = [
      { host: '10.0.0.5:5000', origin: 'http://10.0.0.5:5000' },
      { host: '10.0.0.5:5000', origin: 'http://10.0.0.5:5000', 'sec-fetch-site': 'same-origin' },
      { host: 'app.example.com', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const response = await signOut(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual(refused);
    }
  });
});
