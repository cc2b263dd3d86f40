/**
 * Text from outside reaches the database clean: a NUL (U+0000), which PostgreSQL refuses in text,
 * in a feed's title, in a feed's items, on a watched page or in a CSV file is removed rather than
 * failing the request or the job, and one bad item never costs the others. Run on PostgreSQL with
 * TEST_DATABASE_URL (PGlite stores what PostgreSQL refuses differently).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitorPageSnapshots, competitors, consumerInsights, users } from '../../src/server/db/schema/index.ts';
import type { TDiscoveryTask, TImportTask, TInsightSourceDto } from '../../src/shared/schemas/insight-sources.ts';
import type { TInsight } from '../../src/shared/schemas/insights.ts';
import { type CompetitorSite, homePage, pricingPage, startCompetitorSite } from '../doubles/competitor-site.ts';
import { type InsightSourcesSite, startInsightSourcesSite } from '../doubles/insight-sources-site.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

const NUL = '\u0000';
let target: WorkingTestApp;
let site: InsightSourcesSite;
let owner: string;

function inject(method: 'GET' | 'POST', url: string, payload?: object) {
  return target.app.inject({ method, url, payload, headers: { cookie: owner } });
}

async function createBrand(name: string) {
  const response = await inject('POST', '/api/brands', { name, websiteUrl: 'https://northwindroasters.example' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function discover(brandId: string): Promise<TDiscoveryTask> {
  const started = await inject('POST', '/api/consumer-insights/discover', { brandId });
  expect(started.statusCode, started.body).toBe(202);
  return waitFor(
    async () => (await inject('GET', `/api/consumer-insights/discoveries/${started.json().id}`)).json(),
    (task: TDiscoveryTask) => task.status === 'completed' || task.status === 'failed',
    { what: 'the discovery to finish', timeoutMs: 60_000 },
  );
}

function importCsv(brandId: string, csv: string, mapping: object, source = 'reviews') {
  const boundary = `----brandlens${crypto.randomUUID()}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('brandId', brandId) + field('mapping', JSON.stringify(mapping)) + field('source', source)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="reviews.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return target.app.inject({
    method: 'POST',
    url: '/api/consumer-insights/import',
    payload,
    headers: { cookie: owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function importAndWait(brandId: string, csv: string, mapping: object, source?: string): Promise<TImportTask> {
  const response = await importCsv(brandId, csv, mapping, source);
  expect(response.statusCode, response.body).toBe(202);
  return waitFor(
    async () => (await inject('GET', `/api/consumer-insights/imports/${response.json().id}`)).json(),
    (task: TImportTask) => task.status === 'completed' || task.status === 'failed',
    { what: 'the import to finish', timeoutMs: 60_000 },
  );
}

async function insightsOf(brandId: string): Promise<TInsight[]> {
  return (await inject('GET', `/api/consumer-insights?brandId=${brandId}`)).json();
}

beforeAll(async () => {
  site = await startInsightSourcesSite();
  target = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  owner = await target.signInAs('outside-text@example.com');
  await setPlan(target.database, 'outside-text@example.com', 'agency');
}, 60_000);

afterAll(async () => {
  await target?.close();
  await site?.close();
});

describe('a feed with a NUL character in its title', () => {
  it('is added (201) with the title cleaned', async () => {
    const brandId = await createBrand('Northwind Roasters');
    const response = await inject('POST', `/api/brands/${brandId}/insight-sources`, {
      kind: 'feed',
      url: `${site.url}/feeds/nul-title.xml`,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as TInsightSourceDto).title).toBe('Northwind Roasters news');
    const task = await discover(brandId);
    expect(task).toMatchObject({ status: 'completed', error: null });
    expect(task.result?.sources[0]?.title).toBe('Northwind Roasters news');
  });
});

describe('a feed with NUL characters in one of its items', () => {
  it('completes, storing the clean items and the damaged one cleaned', async () => {
    const brandId = await createBrand('Northwind Roasters Ltd');
    const added = await inject('POST', `/api/brands/${brandId}/insight-sources`, {
      kind: 'feed',
      url: `${site.url}/feeds/nul-items.xml`,
    });
    expect(added.statusCode, added.body).toBe(201);
    const task = await discover(brandId);
    expect(task).toMatchObject({ status: 'completed', percent: 100, error: null });
    expect(task.result?.added).toBe(3);
    const rows = await target.database.db.select().from(consumerInsights).where(eq(consumerInsights.brandId, brandId));
    expect(rows).toHaveLength(3);
    const damaged = rows.find((row) => row.content.startsWith('Broken'));
    expect(damaged).toMatchObject({
      content: 'Broken espresso machine at Northwind Roasters.',
      authorName: 'Reader 2',
      externalId: 'nul-2',
    });
    expect(JSON.stringify(rows)).not.toContain('\\u0000');
    const again = await discover(brandId);
    expect(again.result).toMatchObject({ added: 0, duplicates: 3 });
  });
});

describe('review markup with NUL characters (a JSON-LD \\u0000 escape)', () => {
  it('completes, storing both reviews with the characters removed', async () => {
    const brandId = await createBrand('Northwind Roasters');
    const added = await inject('POST', `/api/brands/${brandId}/insight-sources`, {
      kind: 'site_reviews',
      url: `${site.url}/nul-reviews.html`,
    });
    expect(added.statusCode, added.body).toBe(201);
    const task = await discover(brandId);
    expect(task).toMatchObject({ status: 'completed', error: null });
    const rows = await target.database.db.select().from(consumerInsights).where(eq(consumerInsights.brandId, brandId));
    expect(rows.map((row) => row.authorName).sort()).toEqual(['Ada Lovelace', 'Ben Clean']);
    expect(JSON.stringify(rows)).not.toContain('\\u0000');
  });
});

describe('a watched competitor page with a NUL character', () => {
  let competitorSite: CompetitorSite;
  afterAll(() => competitorSite?.close());

  it('is stored with the character removed', async () => {
    competitorSite = await startCompetitorSite({
      '/': homePage(`Coffee${NUL} for busy people`, `<p>Fresh${NUL} beans</p>`),
      '/pricing': pricingPage([{ name: 'Light', price: '£9' }]),
    });
    const brandId = await createBrand('Watcher');
    const [user] = await target.database.db.select().from(users).where(eq(users.email, 'outside-text@example.com'));
    const [competitor] = await target.database.db
      .insert(competitors)
      .values({ userId: user!.id, brandId, name: 'Rival Roasters', website: `${competitorSite.url}/` })
      .returning();
    const response = await inject('POST', `/api/competitors/${competitor!.id}/page-snapshots`);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().pages.map((page: { outcome: string }) => page.outcome)).toEqual(['new', 'new']);
    const snapshots = await target.database.db
      .select()
      .from(competitorPageSnapshots)
      .where(eq(competitorPageSnapshots.competitorId, competitor!.id));
    const home = snapshots.find((row) => row.pageKind === 'home');
    expect(home?.content).toContain('Coffee for busy people');
    expect(home?.content).not.toContain(NUL);
  });
});

describe('a CSV file', () => {
  const mapping = { content: 'Review', author: 'Name', platform: 'Source' };

  it('with a NUL character in a row is imported, that row cleaned and the others kept', async () => {
    const brandId = await createBrand('Importer');
    const task = await importAndWait(
      brandId,
      `Name,Review,Source\nAda,Great${NUL} coffee,Google\nBen,Lovely staff,Trustpilot\nCal,Too slow,Yelp\n`,
      mapping,
    );
    expect(task).toMatchObject({ status: 'completed', error: null });
    expect(task.result).toMatchObject({ added: 3, badRowCount: 0 });
    const contents = (await insightsOf(brandId)).map((insight) => insight.content).sort();
    expect(contents).toEqual(['Great coffee', 'Lovely staff', 'Too slow']);
  });

  it('honours its source column: known places and kinds are mapped, others kept as written', async () => {
    const brandId = await createBrand('Sourced');
    const csv = [
      'Name,Review,Source',
      'Ada,The flat white was great,Trustpilot',
      'Ben,Staff were friendly,In-store survey',
      'Cal,Saw your post about the new roast,instagram',
      'Dee,Replied to the newsletter,E-mail',
      'Eve,Heard good things,  Leeds   Coffee   Club  ',
      'Fay,Nothing to add,',
    ].join('\n');
    const task = await importAndWait(brandId, csv, mapping, 'reviews');
    expect(task).toMatchObject({ status: 'completed' });
    const byAuthor = new Map((await insightsOf(brandId)).map((insight) => [insight.authorName, insight]));
    expect(byAuthor.get('Ada')).toMatchObject({
      source: 'reviews',
      platform: 'Trustpilot',
      sourceLabel: 'Reviews · Trustpilot',
    });
    expect(byAuthor.get('Ben')).toMatchObject({ source: 'surveys', platform: 'In-store survey' });
    expect(byAuthor.get('Cal')).toMatchObject({ source: 'social_media', platform: 'Instagram' });
    expect(byAuthor.get('Dee')).toMatchObject({ source: 'feedback', platform: 'E-mail' });
    // Unknown: kept as written (spaces collapsed), the row taking the kind chosen for the file
    expect(byAuthor.get('Eve')).toMatchObject({ source: 'reviews', platform: 'Leeds Coffee Club' });
    expect(byAuthor.get('Fay')).toMatchObject({ source: 'reviews', platform: null, sourceLabel: 'Reviews' });
    // A file the person imports is theirs: about the brand by definition.
    expect([...byAuthor.values()].every((insight) => insight.relevanceBasis === 'imported' && insight.isRelevant)).toBe(
      true,
    );
  });
});
