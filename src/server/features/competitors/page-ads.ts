import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries } from '../../db/schema/index.ts';

/**
 * Once a competitor's Facebook page is known, the ads discovery stored for it from other pages (a
 * name search, before pages were chosen, kept any advertiser whose text matched) are not its ads:
 * they are removed, so no count or finding includes them. Ads entered by hand or imported stay.
 */
export async function removeOtherPagesAds(db: Database, competitorId: string, pageId: string): Promise<number> {
  const removed = await db
    .delete(adLibraryEntries)
    .where(
      and(
        eq(adLibraryEntries.competitorId, competitorId),
        eq(adLibraryEntries.source, 'meta'),
        or(isNull(adLibraryEntries.pageId), ne(adLibraryEntries.pageId, pageId)),
      ),
    )
    .returning({ id: adLibraryEntries.id });
  return removed.length;
}
