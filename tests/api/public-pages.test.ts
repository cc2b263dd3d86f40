import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { SIGNED_OUT_OK_HEADER } from '../../src/shared/auth-headers.ts';
import { notFoundPage, pagePlaceholders, publicPages, signedInLandingPage } from '../../src/shared/routes.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

const PUBLIC_URL = 'https://brandlens.example';

/** A client build directory whose HTML files say which file they are (the real one is built for e2e). */
function fakeClientBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-client-'));
  const file = (name: string, body: string) => fs.writeFileSync(path.join(dir, name), body);
  file('index.html', '<html><head><meta name="robots" content="noindex" /></head><body>shell</body></html>');
  for (const page of publicPages) {
    file(
      page.file,
      `<html><head><link rel="canonical" href="%BRANDLENS_PUBLIC_URL%${page.canonicalPath}" /></head><body>${page.file}</body></html>`,
    );
  }
  file(
    signedInLandingPage.file,
    `<html><body data-providers="${pagePlaceholders.authProviders}">Welcome, ${pagePlaceholders.welcomeName}</body></html>`,
  );
  file(notFoundPage.file, '<html><head><meta name="robots" content="noindex" /></head><body>not found</body></html>');
  return dir;
}

let database: DatabaseHandle;
let clientDir: string;
let siteApp: TestApp;
let site: TestApp['app'];
let api: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = fakeClientBuild();
  siteApp = await createTestApp({ database, clientDir, env: { PUBLIC_URL } });
  site = siteApp.app;
  api = await createTestApp({ database });
});

afterAll(async () => {
  await siteApp?.close();
  await api?.close();
  await database?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string) => site.inject({ method: 'GET', url });

describe('crawler files', () => {
  it('robots.txt allows the public pages and closes the API, the app screens and shared links', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const closed of ['/api/', '/brand-audit', '/audit-results/', '/settings', '/admin/support', '/reports/']) {
      expect(lines).toContain(`Disallow: ${closed}`);
    }
    for (const open of ['/privacy-policy', '/signin', '/demo-dashboard', '/landing']) {
      expect(lines.filter((line) => line.startsWith('Disallow:') && open.startsWith(line.slice(10)))).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists each public page once under its canonical address', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/privacy-policy`,
      `${PUBLIC_URL}/signin`,
      `${PUBLIC_URL}/demo-dashboard`,
    ]);
  });
});

describe('page answers', () => {
  it('serves each public page prerendered, with 200, indexable and its canonical on the public URL', async () => {
    for (const page of publicPages) {
      const response = await get(page.path);
      expect(response.statusCode, page.path).toBe(200);
      expect(response.body).toContain(`<body>${page.file}</body>`);
      expect(response.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${page.canonicalPath}" />`);
      expect(response.headers['x-robots-tag']).toBeUndefined();
    }
    const withQuery = await get('/signin?error=access_denied');
    expect(withQuery.body).toContain('<body>signin.html</body>');
    expect((await get('/privacy-policy/')).body).toContain('<body>privacy-policy.html</body>');
  });

  it('serves app screens and shared links the app shell with 200 and noindex', async () => {
    for (const url of [
      '/brand-audit',
      '/audit-results/42',
      '/settings',
      '/upgrade',
      '/admin/support',
      '/reports/abc',
      '/marketing-recommendations/abc',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<body>shell</body>');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.headers['x-robots-tag']).toBe('noindex');
    }
  });

  it('answers unknown paths 404 with the not-found page, and unknown API paths 404 in JSON', async () => {
    for (const url of ['/no-such-page', '/brand-audit/extra', '/reports', '/audit-results/']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('not found');
      expect(response.headers['x-robots-tag']).toBe('noindex');
    }
    const head = await site.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(head.statusCode).toBe(404);
    const api404 = await get('/api/no-such-thing');
    expect(api404.statusCode).toBe(404);
    expect(api404.json()).toMatchObject({ message: 'Not found: GET /api/no-such-thing' });
  });

  it('never serves the HTML files of the build raw, placeholders and all', async () => {
    for (const url of ['/index.html', '/404.html', `/${publicPages[0]?.file}`, `/${signedInLandingPage.file}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('%BRANDLENS');
    }
  });

  it('compresses pages for clients that accept it, brotli first, and says it varies by encoding', async () => {
    const page = publicPages[0];
    const plain = await get(page?.path ?? '/');
    const brotli = await site.inject({
      method: 'GET',
      url: page?.path ?? '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await site.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.statusCode).toBe(404);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toContain('not found');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('pages that depend on who asks', () => {
  it('serves / as the landing page signed out and as the app shell signed in', async () => {
    const signedOut = await get('/');
    expect(signedOut.body).toContain('<body>landing.html</body>');
    expect(signedOut.headers.vary).toMatch(/cookie/i);

    const cookie = await api.signInAs('dashboard@example.com');
    const signedIn = await site.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<body>shell</body>');
    expect(signedIn.headers['x-robots-tag']).toBe('noindex');

    const staleSession = await site.inject({ method: 'GET', url: '/', headers: { cookie: `${cookie}x` } });
    expect(staleSession.body).toContain('<body>landing.html</body>');
  });

  it('serves /landing signed in with the HTML-escaped first name, else the part of the e-mail before the @', async () => {
    const cookie = await api.signInAs('mallory@example.com');
    const byEmail = await site.inject({ method: 'GET', url: '/landing', headers: { cookie } });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.body).toContain('Welcome, mallory</body>');

    await database.db
      .update(users)
      .set({ firstName: '<script>alert("x")</script>' })
      .where(eq(users.email, 'mallory@example.com'));
    const byName = await site.inject({ method: 'GET', url: '/landing', headers: { cookie } });
    expect(byName.body).toContain('Welcome, &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</body>');
    expect(byName.body).not.toContain('<script>');
    expect((await get('/landing')).body).toContain('<body>landing-page.html</body>');
  });

  it('writes the sign-in methods this server offers into the pages, HTML-escaped', async () => {
    const cookie = await api.signInAs('methods@example.com');
    const page = await site.inject({ method: 'GET', url: '/landing', headers: { cookie } });
    expect(page.body).toContain(
      'data-providers="{&quot;replit&quot;:false,&quot;google&quot;:false,&quot;devSignIn&quot;:true}"',
    );
  });
});

describe('current user for the browser', () => {
  it('answers 204 to a signed-out read that asks for it, 401 to other clients, and the user when signed in', async () => {
    const browserRead = await api.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { [SIGNED_OUT_OK_HEADER]: 'true' },
    });
    expect(browserRead.statusCode).toBe(204);
    expect(browserRead.body).toBe('');

    const apiClient = await api.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(apiClient.statusCode).toBe(401);
    expect(apiClient.json()).toMatchObject({ message: 'Unauthorized' });

    const cookie = await api.signInAs('grace@example.com');
    const signedIn = await api.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie, [SIGNED_OUT_OK_HEADER]: 'true' },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ email: 'grace@example.com' });
  });
});
