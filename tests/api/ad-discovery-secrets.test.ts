/**
 * The server's Meta token stays on the server. Meta's answers carry it (every ad's
 * ad_snapshot_url, every paging.next link): after a discovery, a page search and a failed search,
 * it appears in no API answer, no row of any table, no log line, no PDF and no e-mail. And text
 * PostgreSQL cannot store (a NUL in one ad's body) costs neither that ad nor the others.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client.ts';
import { adLibraryEntries, competitors, outboxMessages, users } from '../../src/server/db/schema/index.ts';
import { storeDiscoveredAds } from '../../src/server/features/ad-discovery/store-discovered-ads.ts';
import { toAdFields } from '../../src/server/integrations/meta-ad-library/parse-ads-archive.ts';
import type { TAdDiscoveryTask } from '../../src/shared/schemas/ad-discovery.ts';
import { type MetaGraphDouble, manyAds, ordinaryAd, startMetaGraphDouble } from '../doubles/meta-graph.ts';
import { capturedLogs } from '../helpers/app.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { pdfWorkspace, popplerPresent } from '../helpers/pdf.ts';
import { setPlan } from '../helpers/seed.ts';

const TOKEN = 'meta-server-token-7f3a9c51';
const PAGE = '5550001';
const BROKEN_PAGE = '5550003';
const logs = capturedLogs();
const pdfs = pdfWorkspace('ads-secrets-');
const answers: string[] = [];
let graph: MetaGraphDouble;
let target: WorkingTestApp;
let dataDir: string;
let owner: string;
let ownerId: string;
let brandId: string;
let fabrikam: string;
let contoso: string;
let broken: string;

type Method = 'GET' | 'POST';
/** Every answer is kept, to be searched for the token. */
async function call(method: Method, url: string, payload?: object) {
  const response = await target.app.inject({
    method,
    url,
    headers: { cookie: owner },
    ...(payload ? { payload } : {}),
  });
  answers.push(`${method} ${url} ${response.statusCode} ${JSON.stringify(response.headers)} ${response.body}`);
  return response;
}

async function discover(competitorId: string): Promise<TAdDiscoveryTask> {
  const started = await call('POST', `/api/competitors/${competitorId}/discover-ads`);
  expect(started.statusCode, started.body).toBe(202);
  return waitFor(
    async () => (await call('GET', `/api/ad-discovery/${started.json().id}`)).json() as TAdDiscoveryTask,
    (task) => task.status === 'completed' || task.status === 'failed',
    { what: 'the ad discovery to finish' },
  );
}

async function addCompetitor(name: string, facebookPageId: string | null) {
  const [row] = await target.database.db
    .insert(competitors)
    .values({ userId: ownerId, brandId, name, facebookPageId })
    .returning({ id: competitors.id });
  return row!.id;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ads-secrets-data-'));
  graph = await startMetaGraphDouble();
  graph.setAds(PAGE, [
    ordinaryAd('nul-1', {
      ad_creative_bodies: ['Fresh\u0000 beans, roasted on Monday.'],
      ad_creative_link_titles: ['Bean\u0000s'],
      page_name: 'Fabrikam\u0000 Coffee',
    }),
    ...manyAds(3, 'clean-'),
  ]);
  graph.setAds('Contoso Cafe', [ordinaryAd('c-1', { page_id: '5550002', page_name: 'Contoso Cafe' })]);
  graph.setAds(BROKEN_PAGE, manyAds(3, 'broken-'));
  target = await createWorkingTestApp({
    env: { META_AD_LIBRARY_TOKEN: TOKEN, META_GRAPH_URL: graph.graphUrl, DATA_DIR: dataDir },
    logStream: logs,
  });
  owner = await target.signInAs('secrets-owner@example.com');
  await setPlan(target.database, 'secrets-owner@example.com', 'agency');
  [{ id: ownerId }] = (await target.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'secrets-owner@example.com'))) as [{ id: string }];
  brandId = (await call('POST', '/api/brands', { name: 'Northwind', websiteUrl: 'https://northwind.example' })).json()
    .id;
  fabrikam = await addCompetitor('Fabrikam Coffee', PAGE);
  contoso = await addCompetitor('Contoso Cafe', null);
  broken = await addCompetitor('Broken Beans', BROKEN_PAGE);
}, 60_000);

afterAll(async () => {
  await target?.close();
  await graph?.close();
  pdfs.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('an ad with a NUL byte in its text', () => {
  it('is stored clean, and the other ads of its page are stored too', async () => {
    const task = await discover(fabrikam);
    expect(task).toMatchObject({ status: 'completed' });
    expect(task.result?.competitors[0]).toMatchObject({ status: 'done', read: 4, added: 4 });
    const ads = await target.database.db
      .select()
      .from(adLibraryEntries)
      .where(eq(adLibraryEntries.competitorId, fabrikam));
    expect(ads.map((ad) => ad.adId).sort()).toEqual(['clean-1', 'clean-2', 'clean-3', 'nul-1']);
    expect(ads.find((ad) => ad.adId === 'nul-1')).toMatchObject({
      adText: 'Fresh beans, roasted on Monday.',
      adTitle: 'Beans',
      pageName: 'Fabrikam Coffee',
    });
  }, 60_000);
});

describe('an ad the database still refuses', () => {
  it('is left out alone: the rest of its page is stored', async () => {
    const [competitor] = await target.database.db.select().from(competitors).where(eq(competitors.id, fabrikam));
    const now = new Date();
    const good = toAdFields({ id: 'kept-1', page_id: PAGE }, now);
    // Longer than the column holds: PostgreSQL refuses the statement (22001).
    const refused = { ...toAdFields({ id: 'refused-1', page_id: PAGE }, now), spendCurrency: 'TOO LONG' };
    const stored = await storeDiscoveredAds(target.database.db, competitor!, [good, refused]);
    expect(stored).toMatchObject({ added: 1, refused: 1 });
    const ids = (await target.database.db.select().from(adLibraryEntries)).map((ad) => ad.adId);
    expect(ids).toContain('kept-1');
    expect(ids).not.toContain('refused-1');
  });
});

describe("the server's Meta token", () => {
  beforeAll(async () => {
    // Meta answered with the token in every ad's snapshot link (the double asserts it is sent).
    expect(graph.calls.every((query) => query.get('access_token') === TOKEN)).toBe(true);
    // A page search reads ads with snapshot links too; a broken next-page link carries the token.
    expect((await call('GET', `/api/competitors/${contoso}/facebook-pages`)).statusCode).toBe(200);
    graph.malformedOnce('bad-next', 1);
    const failed = await discover(broken);
    expect(failed.status).toBe('failed');
    const report = await call('POST', '/api/competitor-reports', { brandId });
    expect(report.statusCode, report.body).toBe(201);
    for (const url of [
      `/api/ad-library?brandId=${brandId}`,
      `/api/competitors?brandId=${brandId}`,
      `/api/competitor-reports?brandId=${brandId}`,
      `/api/competitor-tracking/summary?brandId=${brandId}`,
      '/api/ad-discovery/active',
      '/api/ad-discovery/sources',
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(200);
    }
  }, 60_000);

  it('links each Meta ad to its public Ad Library page, and no answer of the API carries the token', async () => {
    const library = (await call('GET', `/api/ad-library?brandId=${brandId}`)).json() as Array<{
      adId: string;
      adLibraryUrl: string | null;
    }>;
    const nul = library.find((ad) => ad.adId === 'nul-1');
    expect(nul?.adLibraryUrl).toBe('https://www.facebook.com/ads/library/?id=nul-1');
    for (const answer of answers) {
      expect(answer).not.toContain(TOKEN);
      expect(answer).not.toContain('access_token');
    }
  });

  it('is in no row of any table: every text and JSON column scanned', async () => {
    const { rows: columns } = (await target.database.executeSql(
      `SELECT table_schema, table_name, column_name FROM information_schema.columns
       WHERE data_type IN ('text', 'character varying', 'jsonb', 'json', 'character')
         AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    )) as { rows: Array<{ table_schema: string; table_name: string; column_name: string }> };
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_schema, table_name, column_name } of columns) {
      const { rows } = (await target.database.executeSql(
        `SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}" WHERE "${column_name}"::text LIKE $1`,
        [`%${TOKEN}%`],
      )) as { rows: Array<{ n: number }> };
      if (rows[0]!.n > 0) found.push(`${table_schema}.${table_name}.${column_name}`);
    }
    expect(found).toEqual([]);
  });

  it('is in no log line', () => {
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.lines.filter((line) => line.includes(TOKEN))).toEqual([]);
  });

  it('is in no PDF of the competitive analysis', async () => {
    const pdf = await call('POST', '/api/competitors/pdf', { brandId });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).not.toContain(TOKEN);
    const { text } = pdfs.inspect('competitive', pdf.rawPayload);
    if (popplerPresent) {
      expect(text).toContain('Fabrikam Coffee');
      expect(text).not.toContain(TOKEN);
    }
  });

  it('is in no e-mail', async () => {
    const reportId = (await call('GET', `/api/competitor-reports?brandId=${brandId}`)).json()[0].id;
    const sent = await call('POST', '/api/email-competitive-analysis', {
      email: 'partner@example.com',
      reportId,
      requestId: crypto.randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const [row] = await waitFor(
      () => target.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, sent.json().id)),
      ([message]) => message?.status === 'sent',
      { what: 'the competitive analysis e-mail to be kept in the outbox' },
    );
    const eml = readFileSync(row!.emlPath!);
    expect(eml.toString('latin1')).not.toContain(TOKEN);
    const mail = await PostalMime.parse(eml);
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain(TOKEN);
    for (const attachment of mail.attachments) {
      const { text } = pdfs.inspect(`mail-${attachment.filename}`, Buffer.from(attachment.content as ArrayBuffer));
      expect(text ?? '').not.toContain(TOKEN);
    }
  }, 60_000);
});

describe('the migration that cleans stored links', () => {
  it("replaces Meta's snapshot links carrying a token with the ad's public page, on this database", async () => {
    const [row] = await target.database.db
      .insert(adLibraryEntries)
      .values([
        { competitorId: fabrikam, userId: ownerId, platform: 'meta', source: 'meta', adId: '98765' },
        { competitorId: fabrikam, userId: ownerId, platform: 'meta', source: 'meta', adId: 'odd id' },
      ])
      .returning({ id: adLibraryEntries.id });
    const leaked = `https://www.facebook.com/ads/archive/render_ad/?id=98765&access_token=${TOKEN}`;
    await target.database.executeSql(
      "UPDATE ad_library_entries SET snapshot_url = $1 || ad_id WHERE ad_id IN ('98765', 'odd id')",
      [`${leaked}&for=`],
    );
    const file = readdirSync(migrationsFolder).find((name) => name.endsWith('_ad-library-links.sql'))!;
    await target.database.executeSql(readFileSync(path.join(migrationsFolder, file), 'utf8'));
    const rows = await target.database.db.select().from(adLibraryEntries).where(eq(adLibraryEntries.userId, ownerId));
    expect(rows.find((ad) => ad.id === row!.id)?.adLibraryUrl).toBe('https://www.facebook.com/ads/library/?id=98765');
    expect(rows.find((ad) => ad.adId === 'odd id')?.adLibraryUrl).toBeNull();
    expect(rows.filter((ad) => ad.adLibraryUrl?.includes('access_token'))).toEqual([]);
    expect(rows.find((ad) => ad.adId === 'clean-1')?.adLibraryUrl).toBe(
      'https://www.facebook.com/ads/library/?id=clean-1',
    );
  });
});
