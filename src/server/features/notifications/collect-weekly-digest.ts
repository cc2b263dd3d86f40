import { and, asc, count, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { TAuditAnalysis } from '../../../shared/schemas/audits.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { actionItems, adLibraryEntries, audits, brands, competitors, consumerInsights } from '../../db/schema/index.ts';
import { ownedBy, resolveActor } from '../../http/access.ts';
import type { User } from '../users/upsert-user-by-email.ts';

export const DIGEST_DAYS = 7;

export type WeeklyDigest = {
  audits: { auditId: string; brandName: string; overallScore: number | null; completedAt: Date }[];
  insights: { total: number; positive: number; neutral: number; negative: number };
  competitorAds: { competitorName: string; count: number }[];
  pendingActions: number;
};

/** The window a digest sent now covers: the last seven days up to this instant. */
export function digestWindow(now: Date): { since: Date; until: Date } {
  return { since: new Date(now.getTime() - DIGEST_DAYS * 86_400_000), until: now };
}

async function completedAudits(db: Database, ownerFilter: SQL, since: Date, until: Date) {
  const rows = await db
    .select({
      auditId: audits.id,
      brandName: brands.name,
      overallScore: audits.overallScore,
      analysis: audits.analysis,
      completedAt: audits.completedAt,
    })
    .from(audits)
    .innerJoin(brands, eq(brands.id, audits.brandId))
    .where(
      and(ownerFilter, eq(audits.status, 'completed'), gte(audits.completedAt, since), lt(audits.completedAt, until)),
    )
    .orderBy(asc(audits.completedAt));
  return rows.map((row) => ({
    auditId: row.auditId,
    brandName: row.brandName,
    overallScore:
      (row.analysis as TAuditAnalysis | null)?.coverage?.overallMeasured === false ? null : row.overallScore,
    completedAt: row.completedAt ?? until,
  }));
}

/**
 * What the reader's week held, in everything they can see (an agency member's digest covers the
 * agency's brands, as their screens do). Null when nothing happened: no audit completed, no new
 * insight, no new competitor ad. Open actions alone are not news, so they never make a digest.
 */
export async function collectWeeklyDigest(
  db: Database,
  config: Config,
  user: User,
  { since, until }: { since: Date; until: Date },
): Promise<WeeklyDigest | null> {
  const actor = await resolveActor(db, config, user);
  const auditRows = await completedAudits(db, ownedBy(actor, brands.userId), since, until);

  const sentiments = await db
    .select({ sentiment: consumerInsights.sentiment, count: count() })
    .from(consumerInsights)
    .where(
      and(
        ownedBy(actor, consumerInsights.userId),
        isNull(consumerInsights.competitorId),
        eq(consumerInsights.isRelevant, true),
        gte(consumerInsights.createdAt, since),
        lt(consumerInsights.createdAt, until),
      ),
    )
    .groupBy(consumerInsights.sentiment);
  const insights = { total: 0, positive: 0, neutral: 0, negative: 0 };
  for (const row of sentiments) {
    insights.total += row.count;
    if (row.sentiment) insights[row.sentiment] += row.count;
  }

  const competitorAds = await db
    .select({ competitorName: competitors.name, count: count() })
    .from(adLibraryEntries)
    .innerJoin(competitors, eq(competitors.id, adLibraryEntries.competitorId))
    .where(
      and(
        ownedBy(actor, adLibraryEntries.userId),
        // the digest lists new competitor ads; the brand's own ads are not a competitor's
        eq(competitors.isOwnBrand, false),
        gte(adLibraryEntries.createdAt, since),
        lt(adLibraryEntries.createdAt, until),
      ),
    )
    .groupBy(competitors.name)
    .orderBy(asc(competitors.name));

  if (auditRows.length === 0 && insights.total === 0 && competitorAds.length === 0) return null;

  const [pending] = await db
    .select({ count: count() })
    .from(actionItems)
    .where(and(ownedBy(actor, actionItems.userId), eq(actionItems.status, 'pending')));
  return { audits: auditRows, insights, competitorAds, pendingActions: pending?.count ?? 0 };
}
