/**
 * Discovery through the five sources that need an operator's key (Reddit, Bluesky, YouTube,
 * Trustpilot, Google Places), each against its loopback double, with the keyless sources turned
 * off so only these run: what is stored, a rerun, one failing source, and a server without keys.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerInsights } from '../../src/server/db/schema/index.ts';
import type { TDiscoveryTask } from '../../src/shared/schemas/insight-sources.ts';
import type { TMentionSourceList, TMentionSourceOutcome } from '../../src/shared/schemas/mention-sources.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import {
  KEYLESS_KINDS,
  type KeyedMentionDoubles,
  startKeyedMentionDoubles,
  startMentionDoubles,
} from '../helpers/mention-sources.ts';
import { setPlan } from '../helpers/seed.ts';

const OWNER = 'keyed-owner@example.com';
const ADMIN = 'keyed-admin@example.com';
const PLACE = 'ChIJN1t_tDeuEmsRUsoyG83frY4';
const KEYED = ['reddit', 'bluesky', 'youtube', 'trustpilot', 'google_places'];
const NOW = new Date(Date.now() - 60_000);
let doubles: KeyedMentionDoubles;

type Target = { target: WorkingTestApp; cookie: string; brandId: string };

function inject(on: Target, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return on.target.app.inject({ method, url, payload, headers: { cookie: on.cookie } });
}

async function brandOn(target: WorkingTestApp, email: string): Promise<Target> {
  const cookie = await target.signInAs(email);
  await setPlan(target.database, email, 'smb');
  const brand = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: {
      name: 'Northwind Roasters',
      websiteUrl: 'https://northwindroasters.example',
      youtubeHandle: 'northwind',
    },
  });
  expect(brand.statusCode, brand.body).toBe(201);
  return { target, cookie, brandId: brand.json().id };
}

async function discover(on: Target): Promise<TDiscoveryTask> {
  const started = await inject(on, 'POST', '/api/consumer-insights/discover', { brandId: on.brandId });
  expect(started.statusCode, started.body).toBe(202);
  return waitFor(
    async () => (await inject(on, 'GET', `/api/consumer-insights/discoveries/${started.json().id}`)).json(),
    (task: TDiscoveryTask) => task.status === 'completed' || task.status === 'failed',
    { what: 'the discovery to finish', timeoutMs: 60_000 },
  );
}

const outcome = (task: TDiscoveryTask, kind: string) =>
  task.result?.mentionSources?.find((item) => item.kind === kind) as TMentionSourceOutcome;

const brandRows = (on: Target) =>
  on.target.database.db
    .select()
    .from(consumerInsights)
    .where(and(eq(consumerInsights.brandId, on.brandId), isNull(consumerInsights.competitorId)));

/** No key, secret or password in a text the server gave out or stored. */
function expectNoSecret(text: string) {
  for (const secret of doubles.secrets) expect(text).not.toContain(secret);
}

beforeAll(async () => {
  doubles = await startKeyedMentionDoubles();
  doubles.reddit.loadPosts(3, 'Northwind Roasters', NOW);
  doubles.bluesky.loadPosts('"Northwind Roasters"', 3, NOW);
  doubles.youtube.loadVideos(2, 'Northwind Roasters', NOW);
  doubles.youtube.loadChannel('northwind', 2, NOW);
  doubles.trustpilot.loadBusiness('northwindroasters.example', 3, NOW);
  doubles.places.addPlace({
    id: PLACE,
    name: 'Northwind Roasters',
    address: '1 Mill Lane, Leeds',
    rating: 4.6,
    userRatingCount: 212,
  });
  doubles.places.loadReviews(PLACE, 3, NOW);
}, 30_000);

afterAll(async () => {
  await doubles?.close();
});

type Row = Awaited<ReturnType<typeof brandRows>>[number];
const byId = (rows: Row[], externalId: string) => rows.find((row) => row.externalId === externalId);
const hoursAgo = (hours: number, stepMs = 3_600_000) => NOW.getTime() - hours * stepMs;

describe('a brand with a name, website, YouTube handle and a chosen Google place', () => {
  let on: Target;
  let first: TDiscoveryTask;
  beforeAll(async () => {
    const target = await createWorkingTestApp({ env: doubles.env });
    on = await brandOn(target, OWNER);
    const chosen = await inject(on, 'PUT', `/api/brands/${on.brandId}/google-place`, { placeId: PLACE });
    expect(chosen.statusCode, chosen.body).toBe(200);
    first = await discover(on);
  }, 90_000);
  afterAll(async () => {
    await on?.target.close();
  });

  it('reads every keyed source and lists each with what it found and added', () => {
    expect(first.status, first.error ?? '').toBe('completed');
    expect(outcome(first, 'reddit')).toMatchObject({ status: 'read', found: 3, added: 3, error: null });
    expect(outcome(first, 'bluesky')).toMatchObject({ status: 'read', found: 3, added: 3, error: null });
    // 2 search videos and 2 comments on the brand's channel; the two videos share a description
    // and differ by their titles' numbers: two videos, both kept.
    expect(outcome(first, 'youtube')).toMatchObject({ status: 'read', found: 4, added: 4, duplicates: 0 });
    expect(outcome(first, 'trustpilot')).toMatchObject({ status: 'read', found: 3, added: 3, error: null });
    expect(outcome(first, 'google_places')).toMatchObject({ status: 'read', found: 3, added: 3, error: null });
    for (const kind of KEYLESS_KINDS) expect(outcome(first, kind)).toMatchObject({ status: 'unavailable', found: 0 });
    expect(first.result).toMatchObject({ added: 16, notAboutSubject: 0 });
  });

  it('asks each service for the brand by its name, domain, channel and chosen place', () => {
    expect(doubles.reddit.calls.find((call) => call.path === '/search')?.query.get('q')).toContain(
      '"Northwind Roasters"',
    );
    expect(doubles.youtube.calls.find((call) => call.path === '/channels')?.query.get('forHandle')).toBe('@northwind');
    expect(doubles.trustpilot.calls.find((call) => call.path === '/business-units/find')?.query.get('name')).toBe(
      'northwindroasters.example',
    );
    expect(doubles.places.calls.map((call) => call.path)).toContain(`/places/${PLACE}`);
  });

  it('stores each source’s mentions once with author, handle, date, address and counts as stated', async () => {
    const rows = await brandRows(on);
    expect(rows).toHaveLength(16);
    expect(new Set(rows.map((row) => row.externalId)).size).toBe(16);
    expect(byId(rows, 'reddit:t3_p2')).toMatchObject({
      authorName: null,
      authorHandle: 'u/brewer2',
      platform: 'Reddit · r/coffee',
      sourceUrl: 'https://www.reddit.com/r/coffee/comments/p2/post_2',
      engagementMetrics: { score: 2, comments: 2 },
      content: 'I tried Northwind Roasters beans last week, post 2.',
      isRelevant: true,
    });
    // Reddit states whole seconds.
    expect(byId(rows, 'reddit:t3_p2')?.collectedAt.getTime()).toBe(Math.floor(hoursAgo(1) / 1000) * 1000);
    const bluesky = byId(rows, 'bluesky:at://did:plc:author2/app.bsky.feed.post/3k000002');
    expect(bluesky).toMatchObject({
      authorName: 'Fan 2',
      authorHandle: '@fan2.bsky.social',
      platform: 'Bluesky',
      sourceUrl: 'https://bsky.app/profile/fan2.bsky.social/post/3k000002',
      engagementMetrics: { likes: 2, quotes: 0, replies: 2, reposts: 2 },
    });
    expect(bluesky?.collectedAt.getTime()).toBe(hoursAgo(1));
    const comment = byId(rows, 'youtube:comment:Ugzown1c2');
    expect(comment).toMatchObject({
      authorName: '@viewer2',
      platform: 'YouTube · comment',
      sourceUrl: 'https://www.youtube.com/watch?v=own1&lc=Ugzown1c2',
      engagementMetrics: { likes: 2, replies: 2 },
      content: 'Great & friendly service from Northwind Roasters (2)',
    });
    expect(comment?.collectedAt.getTime()).toBe(hoursAgo(1));
    expect(byId(rows, 'youtube:video:vid00000001')).toMatchObject({
      authorName: 'Coffee Reviews & More',
      platform: 'YouTube',
      sourceUrl: 'https://www.youtube.com/watch?v=vid00000001',
      engagementMetrics: { views: 1000, likes: 10, comments: 0 },
    });
    const review = byId(rows, 'trustpilot:61a00000003');
    expect(review).toMatchObject({
      authorName: 'Customer 3',
      platform: 'Trustpilot · Northwind Roasters',
      sourceUrl: 'https://www.trustpilot.com/reviews/61a00000003',
      engagementMetrics: { likes: 2 },
      rating: 3,
      source: 'reviews',
    });
    expect(review?.collectedAt.getTime()).toBe(hoursAgo(2));
    const google = byId(rows, `google_places:places/${PLACE}/reviews/R2`);
    // Google gives no counts for a review: none stored rather than zeros.
    expect(google).toMatchObject({
      authorName: 'Reviewer 2',
      platform: 'Google · Northwind Roasters',
      sourceUrl: 'https://www.google.com/maps/reviews/data=R2',
      engagementMetrics: null,
      rating: 2,
      content: 'Lovely flat white at Northwind Roasters (2)',
    });
    expect(google?.collectedAt.getTime()).toBe(hoursAgo(1, 86_400_000));
  });

  it('shows them through GET /api/consumer-insights', async () => {
    const list = await inject(on, 'GET', `/api/consumer-insights?brandId=${on.brandId}`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    const items = (body.insights ?? body.items ?? body) as { platform: string; authorHandle: string | null }[];
    expect(items).toHaveLength(16);
    expect(items.find((item) => item.authorHandle === '@fan3.bsky.social')?.platform).toBe('Bluesky');
  });

  it('adds nothing on a second run', async () => {
    const second = await discover(on);
    expect(second.status).toBe('completed');
    expect(second.result?.added).toBe(0);
    for (const kind of KEYED) expect(outcome(second, kind).status).toBe('read');
    expect(await brandRows(on)).toHaveLength(16);
  }, 90_000);

  it('lets no credential out in an answer or a stored row', async () => {
    const answers = await Promise.all([
      inject(on, 'GET', `/api/consumer-insights?brandId=${on.brandId}`),
      inject(on, 'GET', `/api/brands/${on.brandId}/mention-sources`),
      inject(on, 'GET', `/api/brands/${on.brandId}/google-place`),
    ]);
    for (const answer of answers) expectNoSecret(answer.body);
    expectNoSecret(JSON.stringify(first));
    expectNoSecret(JSON.stringify(await brandRows(on)));
  });

  it('marks a failing source failed with its reason while the others store theirs', async () => {
    doubles.trustpilot.fault('/business-units', { status: 401, body: { fault: { faultstring: 'Invalid ApiKey' } } }, 1);
    doubles.reddit.fault('/search', { status: 500, body: { message: 'Internal Server Error', error: 500 } }, 20);
    doubles.bluesky.loadPosts('"Northwind Roasters"', 4, new Date());
    const run = await discover(on);
    expect(run.status, run.error ?? '').toBe('completed');
    expect(outcome(run, 'trustpilot')).toMatchObject({
      status: 'failed',
      added: 0,
      error: "Trustpilot refused this server's credentials (HTTP 401).",
    });
    expect(outcome(run, 'reddit')).toMatchObject({
      status: 'failed',
      added: 0,
      error: 'Reddit is not answering properly (HTTP 500).',
    });
    expect(outcome(run, 'bluesky')).toMatchObject({ status: 'read', added: 1 });
    expect(outcome(run, 'youtube').status).toBe('read');
    expect(outcome(run, 'google_places').status).toBe('read');
    const list = (await inject(on, 'GET', `/api/brands/${on.brandId}/mention-sources`)).json() as TMentionSourceList;
    const health = (kind: string) => list.sources.find((source) => source.kind === kind)?.health;
    expect(health('trustpilot')?.lastError).toBe(outcome(run, 'trustpilot').error);
    expect(health('reddit')?.lastError).toBe(outcome(run, 'reddit').error);
    expect(health('bluesky')).toMatchObject({ lastError: null, lastAdded: 1 });
    expectNoSecret(JSON.stringify(run));
    expectNoSecret(JSON.stringify(list));
  }, 90_000);
});

describe('a server without the keyed sources’ credentials', () => {
  it('shows each as not available on this server, tells administrators what to set, and calls none', async () => {
    // The keyless sources stay on here (against their own doubles, with nothing to find), so a
    // discovery runs: with every source off, discovery is refused before it starts.
    const keyless = await startMentionDoubles();
    const target = await createWorkingTestApp({
      env: { ...keyless.env, ...doubles.envWithoutKeys, MENTION_SOURCES_OFF: '', ADMIN_EMAILS: ADMIN },
    });
    try {
      const calls = () => KEYED_DOUBLES().map((double) => double.calls.length);
      const before = calls();
      const admin = await brandOn(target, ADMIN);
      const user = await brandOn(target, 'keyed-user@example.com');
      const hints: Record<string, string> = {
        reddit: 'Set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET',
        bluesky: 'Set BLUESKY_IDENTIFIER and BLUESKY_APP_PASSWORD',
        youtube: 'Set YOUTUBE_API_KEY',
        trustpilot: 'Set TRUSTPILOT_API_KEY',
        google_places: 'Set GOOGLE_PLACES_API_KEY',
      };
      for (const [who, showsHint] of [
        [admin, true],
        [user, false],
      ] as const) {
        const list = await inject(who, 'GET', `/api/brands/${who.brandId}/mention-sources`);
        expect(list.statusCode).toBe(200);
        for (const kind of KEYED) {
          expect((list.json() as TMentionSourceList).sources.find((source) => source.kind === kind)).toMatchObject({
            available: false,
            unavailableReason: 'not available on this server',
            adminHint: showsHint ? hints[kind] : null,
          });
        }
      }
      const run = await discover(admin);
      expect(run.status, run.error ?? '').toBe('completed');
      for (const kind of KEYED) expect(outcome(run, kind)).toMatchObject({ status: 'unavailable', found: 0, added: 0 });
      expect(outcome(run, 'hacker_news').status).toBe('read');
      expect(keyless.hn.calls.length).toBeGreaterThan(0);
      expect(await brandRows(admin)).toHaveLength(0);
      expect(calls()).toEqual(before);
    } finally {
      await target.close();
      await keyless.close();
    }
  }, 90_000);
});

const KEYED_DOUBLES = () => [doubles.reddit, doubles.bluesky, doubles.youtube, doubles.trustpilot, doubles.places];
