import dns from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { createWorkingTestApp, type WorkingTestApp, waitForAudit } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

// Audits of addresses a server must never fetch fail with a reason the user can read.
let strict: WorkingTestApp;
let loopbackAllowed: WorkingTestApp;
let fixture: FixtureSite;
let strictCookie: string;
let testCookie: string;

/** The system resolver, except for one name that points into a private network. */
const resolver = async (hostname: string) =>
  hostname === 'intranet.example.com'
    ? ['192.168.1.10']
    : (await dns.lookup(hostname, { all: true })).map((entry) => entry.address);

beforeAll(async () => {
  fixture = await startFixtureSite({ slowMs: 50 });
  strict = await createWorkingTestApp({ crawlResolver: resolver });
  loopbackAllowed = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' }, crawlResolver: resolver });
  strictCookie = await strict.signInAs('ssrf@example.com');
  testCookie = await loopbackAllowed.signInAs('ssrf@example.com');
  for (const target of [strict, loopbackAllowed]) {
    await setPlan(target.database, 'ssrf@example.com', 'agency');
  }
});

afterAll(async () => {
  await strict?.close();
  await loopbackAllowed?.close();
  await fixture?.close();
});

async function auditOf(target: WorkingTestApp, cookie: string, websiteUrl: string) {
  const brand = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: { name: `Site ${websiteUrl}`, websiteUrl },
  });
  expect(brand.statusCode, brand.body).toBe(201);
  const audit = await target.app.inject({
    method: 'POST',
    url: '/api/audits',
    headers: { cookie },
    payload: { brandId: brand.json().id },
  });
  expect(audit.statusCode, audit.body).toBe(201);
  return waitForAudit(target, cookie, audit.json().id, 30_000);
}

describe('audits refuse private and local addresses', () => {
  it.each([
    ['http://127.0.0.1/', 'Refused to fetch http://127.0.0.1/: it points to a loopback address'],
    ['http://localhost/', 'Refused to fetch http://localhost/: it points to a loopback address'],
    ['http://[::1]/', 'Refused to fetch http://[::1]/: it points to a loopback address'],
    ['http://10.0.0.1/', 'Refused to fetch http://10.0.0.1/: it points to a private network address'],
    ['http://169.254.169.254/', 'Refused to fetch http://169.254.169.254/: it points to a cloud metadata address'],
    [
      'https://intranet.example.com/',
      'Refused to fetch https://intranet.example.com/: it points to a private network address (192.168.1.10)',
    ],
  ])('%s fails the audit with the reason', async (websiteUrl, reason) => {
    const audit = await auditOf(strict, strictCookie, websiteUrl);
    expect(audit.status).toBe('failed');
    expect(audit.failureReason).toContain(reason);
  });

  it('refuses a page that redirects to a private address, on the redirect', async () => {
    const audit = await auditOf(loopbackAllowed, testCookie, `${fixture.url}/redirect-to-private`);
    expect(audit.status).toBe('failed');
    expect(audit.failureReason).toMatch(
      /^Refused to follow the redirect from http:\/\/127\.0\.0\.1:\d+\/redirect-to-private to http:\/\/10\.0\.0\.1\/: it points to a private network address/,
    );
  });

  it('keeps private addresses refused when loopback is allowed for tests', async () => {
    const audit = await auditOf(loopbackAllowed, testCookie, 'http://10.0.0.1/');
    expect(audit.status).toBe('failed');
    expect(audit.failureReason).toContain('private network address');
  });
});
