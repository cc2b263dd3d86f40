import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpaSite, startSpaSite } from '../../../../tests/doubles/spa-site.ts';
import { type PageRequestBudget, pageRequests } from './page-requests.ts';

let site: SpaSite;
beforeAll(async () => {
  site = await startSpaSite();
});
afterAll(async () => {
  await site.close();
});

/** internal.test points into the private network, metadata.test at the cloud metadata service */
const resolver = async (hostname: string) => {
  const answers: Record<string, string[]> = {
    'internal.test': ['10.1.2.3'],
    'metadata.test': ['169.254.169.254'],
    'public.test': ['93.184.215.14'],
  };
  const found = answers[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

function budget(overrides: Partial<PageRequestBudget> = {}): PageRequestBudget {
  return {
    allowLoopback: true,
    resolver,
    signal: new AbortController().signal,
    maxBytes: 1024 * 1024,
    maxRequests: 10,
    deadline: performance.now() + 5_000,
    ...overrides,
  };
}

describe('requests a rendering page makes', () => {
  it("fetches the page's scripts and data through safeFetch and answers with them", async () => {
    const requests = pageRequests(budget());
    const answer = await requests.answer(`${site.url}/api/content.json`, 'fetch', 'GET', 'application/json');
    expect(answer).toMatchObject({ fulfil: { status: 200, headers: { 'content-type': 'application/json' } } });
    expect('fulfil' in answer && answer.fulfil.body.toString('utf8')).toContain('Harbour Bakery');
    expect(requests.fetched).toBe(1);
    expect(requests.bytes).toBeGreaterThan(100);
  });

  it('refuses internal addresses, by name or by number, and fetches nothing from them', async () => {
    const requests = pageRequests(budget());
    const urls = [
      'http://internal.test/admin',
      'http://metadata.test/latest/meta-data/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::ffff:192.168.0.1]/',
    ];
    for (const url of urls) {
      expect(await requests.answer(url, 'xhr', 'GET', undefined)).toHaveProperty('refuse');
    }
    expect(requests.fetched).toBe(0);
    expect(requests.refused.map((item) => item.url)).toEqual(urls);
    expect(requests.refused[0]?.reason).toMatch(/private network/);
    expect(requests.refused[1]?.reason).toMatch(/metadata/);
  });

  it('refuses loopback unless the crawler allows it (tests only)', async () => {
    const strict = pageRequests(budget({ allowLoopback: false }));
    const answer = await strict.answer(`${site.url}/app.js`, 'script', 'GET', undefined);
    expect(answer).toHaveProperty('refuse');
    expect(strict.refused[0]?.reason).toMatch(/loopback|this machine/i);
    expect(site.requests).not.toContain('/app.js');
  });

  it('refuses what rendering does not need, and every method but GET, without fetching', async () => {
    const requests = pageRequests(budget());
    const before = site.requests.length;
    for (const type of ['image', 'media', 'font', 'stylesheet', 'document', 'ping', 'websocket', 'other']) {
      expect(await requests.answer(`${site.url}/styles.css`, type, 'GET', undefined)).toHaveProperty('refuse');
    }
    expect(await requests.answer(`${site.url}/api/content.json`, 'fetch', 'POST', undefined)).toHaveProperty('refuse');
    expect(site.requests.length).toBe(before);
  });

  it('stops at the byte and request budgets, and says which ran out', async () => {
    const small = pageRequests(budget({ maxBytes: 500 }));
    expect(await small.answer(`${site.url}/app.js`, 'script', 'GET', undefined)).toHaveProperty('refuse');
    expect(small.overBudget).toBe('too large');
    expect(await small.answer(`${site.url}/api/content.json`, 'fetch', 'GET', undefined)).toHaveProperty('refuse');

    const few = pageRequests(budget({ maxRequests: 1 }));
    expect(await few.answer(`${site.url}/app.js`, 'script', 'GET', undefined)).toHaveProperty('fulfil');
    expect(await few.answer(`${site.url}/app.js`, 'script', 'GET', undefined)).toHaveProperty('refuse');
    expect(few.overBudget).toBe('too many requests');
  });
});
