import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, competitorPageSnapshots, competitors, users } from '../../src/server/db/schema/index.ts';
import { PRICING_NOT_FOUND } from '../../src/server/integrations/page-watch/pricing-page.ts';
import { createWatchCompetitorPagesHandler } from '../../src/server/jobs/definitions/watch-competitor-pages.handler.ts';
import { featureLimitMessage, type PlanKey, plans } from '../../src/shared/plans.ts';
import { noWebsiteToWatchMessage, type TPageChanges, type TPageCheck } from '../../src/shared/schemas/page-watch.ts';
import { type CompetitorSite, homePage, pricingPage, startCompetitorSite } from '../doubles/competitor-site.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';

let target: TestApp;
let site: CompetitorSite;
let owner: string;
let stranger: string;
let brandId: string;

beforeAll(async () => {
  site = await startCompetitorSite({
    '/': homePage('Coffee for busy people'),
    '/pricing': pricingPage([
      { name: 'Light', price: '£9' },
      { name: 'Heavy', price: '£19' },
    ]),
  });
  target = await createTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  owner = await target.signInAs('watch-owner@example.com');
  stranger = await target.signInAs('watch-stranger@example.com');
  await setPlan(target.database, 'watch-owner@example.com', 'smb');
  await setPlan(target.database, 'watch-stranger@example.com', 'smb');
  const response = await inject('POST', '/api/brands', owner, {
    name: 'Northwind',
    websiteUrl: 'https://northwind.example',
  });
  expect(response.statusCode, response.body).toBe(201);
  brandId = response.json().id;
}, 60_000);

afterAll(async () => {
  await target?.close();
  await site?.close();
});

function inject(method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

async function addCompetitor(name: string, website: string | null, email = 'watch-owner@example.com') {
  const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
  const [row] = await target.database.db
    .insert(competitors)
    .values({ userId: user!.id, brandId, name, website })
    .returning();
  return row!.id;
}

async function check(competitorId: string, cookie = owner): Promise<TPageCheck> {
  const response = await inject('POST', `/api/competitors/${competitorId}/page-snapshots`, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const snapshotsOf = (competitorId: string) =>
  target.database.db
    .select()
    .from(competitorPageSnapshots)
    .where(eq(competitorPageSnapshots.competitorId, competitorId));

describe('checking a competitor with a home page and a pricing page', () => {
  let competitorId: string;
  beforeAll(async () => {
    competitorId = await addCompetitor('Rival Roasters', `${site.url}/`);
  });

  it('stores a text snapshot of both pages on the first check', async () => {
    const first = await check(competitorId);
    expect(first.pages).toEqual([
      { pageKind: 'home', url: `${site.url}/`, outcome: 'new', message: null },
      { pageKind: 'pricing', url: `${site.url}/pricing`, outcome: 'new', message: null },
    ]);
    const rows = await snapshotsOf(competitorId);
    expect(rows).toHaveLength(2);
    const home = rows.find((row) => row.pageKind === 'home');
    expect(home?.content).toBe(
      '# Coffee for busy people\nFreshly roasted coffee, delivered every week.\n- Single origin beans\n- Free UK delivery',
    );
    expect(rows.find((row) => row.pageKind === 'pricing')?.content).toContain('£19 a month');
  });

  it('does not store an unchanged page again (a script that changes every load is not content), but records the check', async () => {
    const second = await check(competitorId);
    expect(second.pages.map((page) => page.outcome)).toEqual(['unchanged', 'unchanged']);
    expect(await snapshotsOf(competitorId)).toHaveLength(2);
    const changes = (
      await inject('GET', `/api/competitors/${competitorId}/page-changes`, owner)
    ).json() as TPageChanges;
    expect(changes.lastCheck?.checkedAt).toBe(second.checkedAt);
  });

  it('stores a changed pricing page and shows the change as added and removed lines with dates', async () => {
    site.pages.set(
      '/pricing',
      pricingPage([
        { name: 'Light', price: '£9' },
        { name: 'Heavy', price: '£21' },
      ]),
    );
    const third = await check(competitorId);
    expect(third.pages.map((page) => page.outcome)).toEqual(['unchanged', 'changed']);
    const response = await inject('GET', `/api/competitors/${competitorId}/page-changes`, owner);
    expect(response.statusCode).toBe(200);
    const body = response.json() as TPageChanges;
    expect(body.website).toBe(`${site.url}/`);
    const pricing = body.pages.find((page) => page.pageKind === 'pricing');
    expect(pricing?.snapshots).toHaveLength(2);
    expect(pricing?.changes).toHaveLength(1);
    expect(pricing?.changes[0]).toMatchObject({ added: 1, removed: 1 });
    expect(pricing?.changes[0]?.lines.filter((line) => line.kind !== 'context')).toEqual([
      { kind: 'removed', text: '£19 a month' },
      { kind: 'added', text: '£21 a month' },
    ]);
    expect(new Date(pricing!.changes[0]!.toDate) >= new Date(pricing!.changes[0]!.fromDate)).toBe(true);
    expect(body.pages.find((page) => page.pageKind === 'home')?.changes).toEqual([]);
  });

  it('reports a page robots.txt keeps us from, and stores that failure once while it lasts', async () => {
    site.robotsTxt = 'User-agent: BrandlensBot\nDisallow: /pricing\n';
    try {
      const blocked = await check(competitorId);
      expect(blocked.pages[1]).toEqual({
        pageKind: 'pricing',
        url: `${site.url}/pricing`,
        outcome: 'failed',
        message: `The site's robots.txt does not allow BrandlensBot to read ${site.url}/pricing, so it is not watched`,
      });
      const requestsBefore = site.requests.filter((path) => path === '/pricing').length;
      await check(competitorId);
      expect(site.requests.filter((path) => path === '/pricing').length).toBe(requestsBefore);
      const failed = (await snapshotsOf(competitorId)).filter((row) => row.status === 'failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]?.content).toBeNull();
    } finally {
      site.robotsTxt = 'User-agent: *\nAllow: /\n';
    }
  });
});

describe('what a check cannot do', () => {
  it('says when the home page links to no pricing page', async () => {
    const other = await startCompetitorSite({ '/': '<main><h1>Just a home page</h1></main>' });
    try {
      const id = await addCompetitor('No Prices Ltd', other.url);
      const result = await check(id);
      expect(result.pages[1]).toEqual({
        pageKind: 'pricing',
        url: null,
        outcome: 'not_found',
        message: PRICING_NOT_FOUND,
      });
    } finally {
      await other.close();
    }
  });

  it('stores a home page that cannot be read with a readable error', async () => {
    const id = await addCompetitor('Gone Ltd', `${site.url}/gone`);
    const result = await check(id);
    expect(result.pages[0]).toMatchObject({ outcome: 'failed', message: `${site.url}/gone answered 404 Not Found` });
    const [row] = await snapshotsOf(id);
    expect(row).toMatchObject({ status: 'failed', error: `${site.url}/gone answered 404 Not Found`, content: null });
  });

  it('asks for a website when the competitor has none (400)', async () => {
    const id = await addCompetitor('Offline Ltd', null);
    const response = await inject('POST', `/api/competitors/${id}/page-snapshots`, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(noWebsiteToWatchMessage('Offline Ltd'));
  });

  it('refuses an id that is not an id (404, as everywhere), a signed-out caller (401) and another user (404)', async () => {
    const id = await addCompetitor('Private Rival', site.url);
    const invalid = await inject('POST', '/api/competitors/not-an-id/page-snapshots', owner);
    expect(invalid.statusCode).toBe(404);
    expect(invalid.json().message).toBe('Not found');
    for (const [method, url] of [
      ['POST', `/api/competitors/${id}/page-snapshots`],
      ['GET', `/api/competitors/${id}/page-changes`],
    ] as const) {
      expect((await inject(method, url, null)).statusCode).toBe(401);
      const foreign = await inject(method, url, stranger);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Competitor not found');
    }
    expect(await snapshotsOf(id)).toEqual([]);
  });

  it('refuses the free plan a check (403 plan_feature), and still shows what was watched', async () => {
    const id = await addCompetitor('Free Rival', site.url);
    await setPlan(target.database, 'watch-owner@example.com', 'free');
    try {
      const check = await inject('POST', `/api/competitors/${id}/page-snapshots`, owner);
      expect(check.statusCode).toBe(403);
      expect(check.json()).toEqual({
        code: 'plan_feature',
        message: featureLimitMessage('free', 'competitorTracking'),
      });
      const changes = await inject('GET', `/api/competitors/${id}/page-changes`, owner);
      expect(changes.statusCode).toBe(200);
      expect(changes.json()).toMatchObject({ competitorId: id });
    } finally {
      await setPlan(target.database, 'watch-owner@example.com', 'smb');
    }
  });
});

describe('the weekly watch', () => {
  /** An account on the plan with `brandCount` brands, oldest first; a competitor on the newest. */
  async function watchedCompetitorOf(email: string, plan: PlanKey, brandCount: number) {
    await target.signInAs(email);
    await setPlan(target.database, email, plan);
    const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
    const start = Date.now() - brandCount * 60_000;
    const rows = await target.database.db
      .insert(brands)
      .values(
        Array.from({ length: brandCount }, (_, index) => ({
          userId: user!.id,
          name: `${email} brand ${index + 1}`,
          createdAt: new Date(start + index * 60_000),
        })),
      )
      .returning();
    const newest = rows.at(-1)!;
    const [competitor] = await target.database.db
      .insert(competitors)
      .values({ userId: user!.id, brandId: newest.id, name: 'Watched Rival', website: site.url })
      .returning();
    return { userId: user!.id, competitorId: competitor!.id };
  }

  it('watches only competitors the plan still lets change: not after a Starter plan’s days, nor of read-only brands', async () => {
    const watched = await watchedCompetitorOf('watched-smb@example.com', 'smb', plans.smb.limits.brands);
    const readOnly = await watchedCompetitorOf('watched-beyond@example.com', 'smb', plans.smb.limits.brands + 1);
    const free = await watchedCompetitorOf('watched-free@example.com', 'free', 1);
    const expired = await watchedCompetitorOf('watched-expired@example.com', 'starter', 1);
    const accessDays = plans.starter.limits.accessDays!;
    await target.database.db
      .update(users)
      .set({ starterPurchaseDate: new Date(Date.now() - (accessDays + 1) * 24 * 60 * 60 * 1000) })
      .where(eq(users.id, expired.userId));

    const watch = createWatchCompetitorPagesHandler({
      database: target.database,
      config: target.config,
      logger: pino({ level: 'silent' }),
    });
    const job = {
      jobId: 'weekly',
      retryCount: 0,
      retryLimit: 1,
      isFinalAttempt: true,
      signal: new AbortController().signal,
      logger: pino({ level: 'silent' }),
    };
    await watch({}, job);

    expect(await snapshotsOf(watched.competitorId)).not.toHaveLength(0);
    for (const skipped of [readOnly, free, expired]) expect(await snapshotsOf(skipped.competitorId)).toEqual([]);
  });
});
