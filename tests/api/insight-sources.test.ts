import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureLimitMessage } from '../../src/shared/plans.ts';
import { sourceUrlMessage } from '../../src/shared/schemas/insight-sources.ts';
import { type InsightSourcesSite, startInsightSourcesSite } from '../doubles/insight-sources-site.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';

// The loopback-allowed app reads the double on 127.0.0.1; the strict one shows the crawler's SSRF rules.
let target: TestApp;
let strict: TestApp;
let site: InsightSourcesSite;
let owner: string;
let stranger: string;
let brandId: string;
let strangersBrandId: string;

beforeAll(async () => {
  site = await startInsightSourcesSite();
  target = await createTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  strict = await createTestApp({ database: target.database });
  owner = await target.signInAs('sources-owner@example.com');
  stranger = await target.signInAs('sources-stranger@example.com');
  await setPlan(target.database, 'sources-owner@example.com', 'smb');
  await setPlan(target.database, 'sources-stranger@example.com', 'smb');
  brandId = await createBrand(owner, 'Northwind Roasters', site.url);
  strangersBrandId = await createBrand(stranger, 'Stranger Coffee', null);
});

afterAll(async () => {
  await strict?.close();
  await target?.close();
  await site?.close();
});

function inject(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: object) {
  return target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

async function createBrand(cookie: string, name: string, websiteUrl: string | null) {
  const response = await inject('POST', '/api/brands', cookie, { name, websiteUrl });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const sourcesUrl = (id: string) => `/api/brands/${id}/insight-sources`;

describe('adding a feed', () => {
  it('fetches it, checks it is a feed and stores it with its title', async () => {
    const response = await inject('POST', sourcesUrl(brandId), owner, {
      kind: 'feed',
      url: `${site.url}/feeds/rss2.xml`,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      brandId,
      kind: 'feed',
      url: `${site.url}/feeds/rss2.xml`,
      title: 'Northwind Roasters reviews & comments',
      status: 'active',
      lastError: null,
      lastCheckedAt: null,
      itemsAdded: 0,
      aggregateRatings: [],
    });
    expect(site.requests).toContain('/feeds/rss2.xml');
  });

  it('refuses the same feed twice, whatever the spelling of its address', async () => {
    const response = await inject('POST', sourcesUrl(brandId), owner, {
      kind: 'feed',
      url: `${site.url.replace('http', 'HTTP')}/feeds/rss2.xml#top`,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This feed is already a source of Northwind Roasters',
      code: 'conflict',
    });
  });

  it.each([
    [
      '/feeds/not-a-feed.html',
      `The address is a web page, not a feed. The page links to a feed at ${'{site}'}/feeds/rss2.xml: add that address instead`,
    ],
    ['/feeds/gone.xml', 'The feed address answered 404 Not Found'],
    ['/feeds/broken-server.xml', 'The feed address answered 500 Internal Server Error'],
    [
      '/feeds/broken.xml',
      'The address answered with broken XML, so the feed cannot be read: the document ends before <description> is closed (it may be cut short)',
    ],
  ])('refuses %s with the reason', async (path, reason) => {
    const response = await inject('POST', sourcesUrl(brandId), owner, { kind: 'feed', url: `${site.url}${path}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: `The feed cannot be added: ${reason.replace('{site}', site.url)}`,
      code: 'validation',
    });
  });

  it('refuses an address nobody answers', async () => {
    const closed = await startInsightSourcesSite();
    await closed.close();
    const response = await inject('POST', sourcesUrl(brandId), owner, { kind: 'feed', url: `${closed.url}/feed.xml` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `The feed cannot be added: Could not fetch ${closed.url}/feed.xml: the connection was refused`,
    );
  });

  it('refuses addresses the crawler may not reach (SSRF rules)', async () => {
    const refused = async (app: TestApp, url: string) => {
      const response = await app.app.inject({
        method: 'POST',
        url: sourcesUrl(brandId),
        payload: { kind: 'feed', url },
        headers: { cookie: owner },
      });
      expect(response.statusCode, url).toBe(400);
      return response.json().message as string;
    };
    expect(await refused(strict, `${site.url}/feeds/rdf.xml`)).toBe(
      `The feed cannot be added: Refused to fetch ${site.url}/feeds/rdf.xml: it points to a loopback address`,
    );
    expect(await refused(target, 'http://10.0.0.7/feed.xml')).toBe(
      'The feed cannot be added: Refused to fetch http://10.0.0.7/feed.xml: it points to a private network address',
    );
    expect(await refused(target, 'http://169.254.169.254/latest/meta-data/')).toMatch(/a cloud metadata address$/);
  });

  it.each([
    [{ kind: 'feed', url: 'ftp://files.example/feed.xml' }, sourceUrlMessage],
    [{ kind: 'feed', url: 'not a url' }, sourceUrlMessage],
    [{ kind: 'feed' }, sourceUrlMessage],
    [{ kind: 'podcast', url: 'https://a.example/feed' }, 'Choose a feed or the reviews on a website'],
  ])('refuses %j with a readable message', async (payload, message) => {
    const response = await inject('POST', sourcesUrl(brandId), owner, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'validation' });
  });
});

describe("adding a website's reviews", () => {
  it("defaults to the brand's website and names it by the page title", async () => {
    const response = await inject('POST', sourcesUrl(brandId), owner, { kind: 'site_reviews' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'site_reviews', url: `${site.url}/`, title: 'Northwind Roasters' });
  });

  it('asks for an address when the brand has no website', async () => {
    const bare = await createBrand(stranger, 'No Site Ltd', null);
    const response = await inject('POST', sourcesUrl(bare), stranger, { kind: 'site_reviews' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "Add No Site Ltd's website address to the brand first, or give the address of the page with the reviews",
    );
  });

  it('refuses a page that answers 404', async () => {
    const response = await inject('POST', sourcesUrl(brandId), owner, {
      kind: 'site_reviews',
      url: `${site.url}/missing.html`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The website cannot be added: The page answered 404 Not Found');
  });
});

describe('listing and deleting', () => {
  it("lists the brand's sources, oldest first", async () => {
    const response = await inject('GET', sourcesUrl(brandId), owner);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((source: { kind: string }) => source.kind)).toEqual(['feed', 'site_reviews']);
  });

  it('deletes one source', async () => {
    const added = await inject('POST', sourcesUrl(brandId), owner, { kind: 'feed', url: `${site.url}/feeds/atom.xml` });
    expect(added.statusCode).toBe(201);
    const deleted = await inject('DELETE', `${sourcesUrl(brandId)}/${added.json().id}`, owner);
    expect(deleted.statusCode).toBe(204);
    const list = (await inject('GET', sourcesUrl(brandId), owner)).json();
    expect(list.some((source: { id: string }) => source.id === added.json().id)).toBe(false);
    expect((await inject('DELETE', `${sourcesUrl(brandId)}/${added.json().id}`, owner)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('answers 401 when signed out', async () => {
    expect((await inject('GET', sourcesUrl(brandId), null)).statusCode).toBe(401);
    expect((await inject('POST', sourcesUrl(brandId), null, { kind: 'site_reviews' })).statusCode).toBe(401);
    const anyId = crypto.randomUUID();
    expect((await inject('DELETE', `${sourcesUrl(brandId)}/${anyId}`, null)).statusCode).toBe(401);
  });

  it("answers 404 for another user's brand and source, and for malformed ids", async () => {
    const [source] = (await inject('GET', sourcesUrl(brandId), owner)).json();
    expect((await inject('GET', sourcesUrl(brandId), stranger)).statusCode).toBe(404);
    const add = await inject('POST', sourcesUrl(brandId), stranger, { kind: 'feed', url: `${site.url}/feeds/rdf.xml` });
    expect(add.statusCode).toBe(404);
    expect((await inject('DELETE', `${sourcesUrl(brandId)}/${source.id}`, stranger)).statusCode).toBe(404);
    // The owner's source under someone else's brand id is not found either.
    expect((await inject('DELETE', `${sourcesUrl(strangersBrandId)}/${source.id}`, owner)).statusCode).toBe(404);
    expect((await inject('GET', sourcesUrl('not-a-uuid'), owner)).statusCode).toBe(404);
    expect((await inject('GET', sourcesUrl(brandId), owner)).json()).toHaveLength(2);
  });

  it('refuses adding sources on the free plan (403), while listing and deleting still work', async () => {
    const cookie = await target.signInAs('sources-free@example.com');
    const freeBrand = await createBrand(cookie, 'Free Beans', site.url);
    const response = await inject('POST', sourcesUrl(freeBrand), cookie, { kind: 'site_reviews' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: featureLimitMessage('free', 'consumerInsights'), code: 'plan_feature' });
    expect((await inject('GET', sourcesUrl(freeBrand), cookie)).json()).toEqual([]);
  });

  it('lets an account that moved to the free plan remove the sources it has', async () => {
    const email = 'sources-downgraded@example.com';
    const cookie = await target.signInAs(email);
    await setPlan(target.database, email, 'smb');
    const id = await createBrand(cookie, 'Downgraded Beans', site.url);
    const added = await inject('POST', sourcesUrl(id), cookie, { kind: 'site_reviews' });
    expect(added.statusCode).toBe(201);
    await setPlan(target.database, email, 'free');
    expect((await inject('GET', sourcesUrl(id), cookie)).json()).toHaveLength(1);
    expect((await inject('DELETE', `${sourcesUrl(id)}/${added.json().id}`, cookie)).statusCode).toBe(204);
  });
});
