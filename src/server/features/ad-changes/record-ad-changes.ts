/**
 * Records one "What changed" comparison for a competitor: since its previous comparison (or the
 * last seven days before the first), from the ads stored now. A weekly comparison is stored once
 * per competitor and ISO week (a unique index): a second process running the same week's job gets
 * nothing back and so sends nothing.
 */
import { desc, eq } from 'drizzle-orm';
import { adChangesSince } from '../../analysis/competitive/ad-changes.ts';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries, competitorAdChanges, type competitors } from '../../db/schema/index.ts';

export type AdChangeRow = typeof competitorAdChanges.$inferSelect;
type CompetitorRow = typeof competitors.$inferSelect;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function recordAdChanges(
  db: Database,
  competitor: CompetitorRow,
  occasion: { trigger: 'weekly' | 'on_demand'; week: string | null; now: Date },
): Promise<AdChangeRow | null> {
  const [previous] = await db
    .select({ comparedAt: competitorAdChanges.comparedAt })
    .from(competitorAdChanges)
    .where(eq(competitorAdChanges.competitorId, competitor.id))
    .orderBy(desc(competitorAdChanges.comparedAt))
    .limit(1);
  const since = previous?.comparedAt ?? new Date(occasion.now.getTime() - WEEK_MS);
  const ads = await db.select().from(adLibraryEntries).where(eq(adLibraryEntries.competitorId, competitor.id));
  const found = adChangesSince(ads, since, occasion.now);
  const [row] = await db
    .insert(competitorAdChanges)
    .values({
      competitorId: competitor.id,
      brandId: competitor.brandId,
      userId: competitor.userId,
      trigger: occasion.trigger,
      week: occasion.week,
      since,
      comparedAt: occasion.now,
      ...found,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
