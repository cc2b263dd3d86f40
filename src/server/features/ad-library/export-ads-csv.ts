import type { TAdExportQuery } from '../../../shared/schemas/ad-feed.ts';
import { competitors } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { CSV_BYTE_ORDER_MARK } from '../../http/csv-writer.ts';
import type { PageKey } from '../../http/paging.ts';
import { brandSlug } from '../../pdf/file-name.ts';
import { toAd } from '../competitors/ad-dto.ts';
import type { FeatureContext } from '../context.ts';
import { adCsvHeaderLine, adCsvLine } from './ad-csv-row.ts';
import { adFeedOrder } from './ad-feed-order.ts';
import { resolveAdFeedScope } from './ad-feed-scope.ts';
import { adsInOrder } from './list-ads.ts';

/** Ads read from the database at a time: the export holds one batch in memory, whatever the library's size. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * The filtered library as CSV, in the list's order: the brand and competitor are checked before
 * anything is sent (404), then the rows are read a keyset batch at a time as the client takes
 * them. Each batch is its own query, so no connection or transaction is held between them (the
 * embedded database has only one) and ads added meanwhile are neither repeated nor skipped.
 */
export async function exportAdsCsv(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, query }: { actor: Actor; query: TAdExportQuery },
): Promise<{ fileName: string; lines: AsyncGenerator<string> }> {
  const now = new Date();
  const scope = await resolveAdFeedScope(ctx.db, actor, query);
  const order = adFeedOrder(query.sort, now);
  const names = new Map(
    (
      await ctx.db.select({ id: competitors.id, name: competitors.name }).from(competitors).where(scope.competitorsIn)
    ).map((competitor) => [competitor.id, competitor.name]),
  );

  async function* lines(): AsyncGenerator<string> {
    yield CSV_BYTE_ORDER_MARK + adCsvHeaderLine();
    let after: PageKey | null = null;
    for (;;) {
      const keyed = await order.readIds(ctx.db, scope, after, EXPORT_BATCH_SIZE);
      const rows = await adsInOrder(ctx.db, scope, keyed);
      // an empty chunk would read as the end of the stream
      if (rows.length > 0)
        yield rows.map((row) => adCsvLine(toAd(row, now), names.get(row.competitorId) ?? '')).join('');
      const last = keyed.at(-1);
      if (keyed.length < EXPORT_BATCH_SIZE || !last) return;
      after = last.key;
    }
  }

  const day = now.toISOString().slice(0, 10);
  return { fileName: `brandlens-${brandSlug(scope.brand.name)}-ads-${day}.csv`, lines: lines() };
}
