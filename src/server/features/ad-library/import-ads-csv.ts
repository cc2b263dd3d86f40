/**
 * POST /api/ad-library/import: a CSV file of ads read, mapped and stored in the request (a 20 MB
 * file takes about a second; see the report in the import's API test). Rows are upserted by
 * competitor, platform and ad id, in one transaction: importing the same file again adds nothing,
 * and a refused file stores nothing.
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
import { getTrackedBrandOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';

const SHOWN_BAD_ROWS = 3;
const CHUNK = 500;

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

async function upsertAds(db: Database, ownerId: string, items: AdCsvItem[], importedAt: Date) {
  let added = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < items.length; start += CHUNK) {
      const values = items.slice(start, start + CHUNK).map((item) => {
        const lastSeenAt = item.lastSeenAt ?? importedAt;
        return {
          userId: ownerId,
          competitorId: item.competitorId,
          platform: item.platform,
          adId: item.adId,
          adText: item.adText,
          adTitle: item.adTitle,
          landingPageUrl: item.landingPageUrl,
          imageUrl: item.imageUrl,
          adType: item.adType,
          campaignObjective: item.campaignObjective,
          firstSeenAt: item.firstSeenAt ?? importedAt,
          lastSeenAt,
          // A last-seen date in the file means the ad had stopped by then; none means it is seen now.
          isActive: item.lastSeenAt === null,
          source: 'csv' as const,
        };
      });
      const rows = await tx
        .insert(adLibraryEntries)
        .values(values)
        .onConflictDoUpdate({
          target: [adLibraryEntries.competitorId, adLibraryEntries.platform, adLibraryEntries.adId],
          set: {
            adText: sql`excluded.ad_text`,
            adTitle: sql`coalesce(excluded.ad_title, ${adLibraryEntries.adTitle})`,
            landingPageUrl: sql`coalesce(excluded.landing_page_url, ${adLibraryEntries.landingPageUrl})`,
            imageUrl: sql`coalesce(excluded.image_url, ${adLibraryEntries.imageUrl})`,
            adType: sql`coalesce(excluded.ad_type, ${adLibraryEntries.adType})`,
            campaignObjective: sql`coalesce(excluded.campaign_objective, ${adLibraryEntries.campaignObjective})`,
            // The history only widens: the earliest first sighting and the latest last one are kept.
            firstSeenAt: sql`least(${adLibraryEntries.firstSeenAt}, excluded.first_seen_at)`,
            lastSeenAt: sql`greatest(${adLibraryEntries.lastSeenAt}, excluded.last_seen_at)`,
            isActive: sql`excluded.is_active`,
          },
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of rows) {
        if (row.inserted) added++;
        else updated++;
      }
    }
  });
  return { added, updated };
}

export async function importAdsCsv(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, input }: { actor: Actor; input: { fields: TAdCsvImportFields; fileName: string; bytes: Buffer } },
): Promise<TAdImportResult> {
  const { fields, fileName, bytes } = input;
  const brand = await getTrackedBrandOrThrow(ctx.db, actor, fields.brandId);
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
