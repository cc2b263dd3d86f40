/**
 * POST /api/ad-library/import: a CSV file of ads read, mapped and stored in the request. A 20 MB
 * file (72,000 ads) takes about 3 s on PostgreSQL and 5 s on the embedded database (npm run bench);
 * the files people keep by hand are a few hundred rows. Rows are upserted by competitor, platform
 * and ad id, in one transaction: importing the same file again adds nothing, and a refused file
 * stores nothing.
 */
import { eq, sql } from 'drizzle-orm';
import {
  MAX_AD_CSV_ROWS,
  MAX_REPORTED_AD_BAD_ROWS,
  type TAdCsvImportFields,
  type TAdImportResult,
} from '../../../shared/ad-csv.ts';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries, competitors } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AdCsvItem, mapAdCsvRows } from '../../integrations/ad-sources/csv/map-ad-rows.ts';
import { assertMappingFits, CsvRefusedError, readCsvFile } from '../../integrations/insight-sources/csv/csv-import.ts';
import { RECHECK_LANDING_PAGES_PER_RUN } from '../../jobs/definitions/recheck-landing-pages.ts';
import { adsDueLandingPageCheck, queueLandingPageChecks } from '../ad-discovery/check-landing-pages.ts';
import { getTrackedBrandOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';

const SHOWN_BAD_ROWS = 3;
const CHUNK = 2000;

function noUsableRows(badRows: { line: number; reason: string }[]): CsvRefusedError {
  const shown = badRows
    .slice(0, SHOWN_BAD_ROWS)
    .map((row) => `line ${row.line}: ${row.reason}`)
    .join('; ');
  const more = badRows.length > SHOWN_BAD_ROWS ? `; and ${badRows.length - SHOWN_BAD_ROWS} more` : '';
  return new CsvRefusedError(`None of the rows can be imported (${shown}${more}).`);
}

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * One item for each (competitor, platform, ad id): one statement cannot touch a row twice. A later
 * row's text and details win; the seen dates widen to cover every row's.
 */
function mergeRepeats(items: AdCsvItem[]): AdCsvItem[] {
  const byKey = new Map<string, AdCsvItem>();
  for (const item of items) {
    const key = `${item.competitorId}\u0000${item.platform}\u0000${item.adId}`;
    const earlier = byKey.get(key);
    byKey.set(
      key,
      earlier
        ? {
            ...item,
            firstSeenAt: earliest(earlier.firstSeenAt, item.firstSeenAt),
            lastSeenAt: latest(earlier.lastSeenAt, item.lastSeenAt),
          }
        : item,
    );
  }
  return [...byKey.values()];
}

/**
 * Upserts the ads a chunk at a time. Each chunk is one statement reading its rows from one JSON
 * parameter (jsonb_to_recordset): binding fifteen parameters a row made a 20 MB file several times
 * slower, on PostgreSQL and the embedded database alike.
 */
async function upsertAds(db: Database, ownerId: string, items: AdCsvItem[], importedAt: Date) {
  let added = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < items.length; start += CHUNK) {
      const rows = items.slice(start, start + CHUNK).map((item) => ({
        user_id: ownerId,
        competitor_id: item.competitorId,
        platform: item.platform,
        ad_id: item.adId,
        ad_text: item.adText,
        ad_title: item.adTitle,
        landing_page_url: item.landingPageUrl,
        image_url: item.imageUrl,
        ad_type: item.adType,
        campaign_objective: item.campaignObjective,
        first_seen_at: (item.firstSeenAt ?? importedAt).toISOString(),
        last_seen_at: (item.lastSeenAt ?? importedAt).toISOString(),
        // A last-seen date in the file means the ad had stopped by then; none means it is seen now.
        is_active: item.lastSeenAt === null,
      }));
      const ads = adLibraryEntries;
      const result = await tx.execute(sql`
        insert into ${ads} (user_id, competitor_id, platform, ad_id, ad_text, ad_title, landing_page_url,
          image_url, ad_type, campaign_objective, first_seen_at, last_seen_at, is_active, source)
        select r.user_id, r.competitor_id, r.platform, r.ad_id, r.ad_text, r.ad_title, r.landing_page_url,
          r.image_url, r.ad_type, r.campaign_objective, r.first_seen_at, r.last_seen_at, r.is_active, 'csv'
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(user_id uuid, competitor_id uuid,
          platform text, ad_id varchar, ad_text text, ad_title text, landing_page_url text, image_url text,
          ad_type text, campaign_objective text, first_seen_at timestamptz, last_seen_at timestamptz,
          is_active boolean)
        on conflict (competitor_id, platform, ad_id) do update set
          ad_text = excluded.ad_text,
          ad_title = coalesce(excluded.ad_title, ${ads.adTitle}),
          landing_page_url = coalesce(excluded.landing_page_url, ${ads.landingPageUrl}),
          image_url = coalesce(excluded.image_url, ${ads.imageUrl}),
          ad_type = coalesce(excluded.ad_type, ${ads.adType}),
          campaign_objective = coalesce(excluded.campaign_objective, ${ads.campaignObjective}),
          -- the history only widens: the earliest first sighting and the latest last one are kept
          first_seen_at = least(${ads.firstSeenAt}, excluded.first_seen_at),
          last_seen_at = greatest(${ads.lastSeenAt}, excluded.last_seen_at),
          is_active = excluded.is_active
        returning (xmax = 0) as inserted`);
      for (const row of (result as unknown as { rows: { inserted: boolean }[] }).rows) {
        if (row.inserted) added++;
        else updated++;
      }
    }
  });
  return { added, updated };
}

export async function importAdsCsv(
  ctx: Pick<FeatureContext, 'db' | 'queue'>,
  { actor, input }: { actor: Actor; input: { fields: TAdCsvImportFields; fileName: string; bytes: Buffer } },
): Promise<TAdImportResult> {
  const { fields, fileName, bytes } = input;
  const brand = await getTrackedBrandOrThrow(ctx.db, actor, fields.brandId, { toChange: true });
  const brandCompetitors = await ctx.db
    .select({ id: competitors.id, name: competitors.name })
    .from(competitors)
    .where(eq(competitors.brandId, brand.id));
  if (fields.competitorId && !brandCompetitors.some((competitor) => competitor.id === fields.competitorId)) {
    throw notFound('Competitor not found');
  }
  const importedAt = new Date();
  let mapped: ReturnType<typeof mapAdCsvRows>;
  let rowCount: number;
  try {
    const table = readCsvFile(bytes, MAX_AD_CSV_ROWS, 'the ads');
    assertMappingFits(table, fields.mapping);
    rowCount = table.rows.length;
    mapped = mapAdCsvRows(table, fields.mapping, {
      competitors: brandCompetitors,
      competitorId: fields.competitorId,
      platform: fields.platform,
      now: importedAt,
    });
    if (mapped.items.length === 0) throw noUsableRows(mapped.badRows);
  } catch (error) {
    if (error instanceof CsvRefusedError) throw new AppError('validation', error.message);
    throw error;
  }
  const unique = mergeRepeats(mapped.items);
  const { added, updated } = await upsertAds(ctx.db, brand.userId, unique, importedAt);
  // The imported landing pages are read in the background, as far as one recheck run reads.
  await queueLandingPageChecks(
    ctx,
    await adsDueLandingPageCheck(ctx.db, RECHECK_LANDING_PAGES_PER_RUN, importedAt, brand.userId),
  );
  return {
    fileName: fileName.slice(0, 300),
    rows: rowCount,
    added,
    updated,
    repeated: mapped.items.length - unique.length,
    badRowCount: mapped.badRows.length,
    badRows: mapped.badRows.slice(0, MAX_REPORTED_AD_BAD_ROWS),
  };
}
