/**
 * A drop in a brand's overall score between two completed audits, and the checks behind it.
 */
import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { TAuditAnalysis, TCheckResult } from '../../../shared/schemas/audits.ts';
import type { Database } from '../../db/client.ts';
import { audits } from '../../db/schema/index.ts';
import type { AuditRow } from '../audits/audit-dto.ts';

/** A fall of this many points or more in the overall score is worth an e-mail. */
export const SCORE_DROP_THRESHOLD = 5;

export type ChangedCheck = Pick<TCheckResult, 'id' | 'title' | 'area' | 'summary'>;

export type ScoreDrop = {
  audit: AuditRow;
  previous: AuditRow;
  /** points lost, at least SCORE_DROP_THRESHOLD */
  points: number;
  /** checks that passed in the previous audit and fail in this one, in the report's order */
  newlyFailed: ChangedCheck[];
};

const areas = ['website', 'socialMedia', 'brandAssets'] as const;

/** Every stored check of an audit, area by area and group by group. */
export function checksOf(audit: AuditRow): TCheckResult[] {
  const analysis = audit.analysis as Partial<TAuditAnalysis> | null;
  if (!analysis) return [];
  return areas.flatMap((area) => Object.values(analysis[area] ?? {}).flatMap((group) => group.checks ?? []));
}

/** The overall score, or null when no area had enough measured for one. */
function measuredOverall(audit: AuditRow): number | null {
  const coverage = (audit.analysis as TAuditAnalysis | null)?.coverage;
  return coverage?.overallMeasured === false ? null : audit.overallScore;
}

/** Checks that passed in `previous` and fail in `current`. */
export function checksNowFailing(previous: AuditRow, current: AuditRow): ChangedCheck[] {
  const passedBefore = new Set(
    checksOf(previous)
      .filter((check) => check.status === 'pass')
      .map((check) => check.id),
  );
  return checksOf(current)
    .filter((check) => check.status === 'fail' && passedBefore.has(check.id))
    .map(({ id, title, area, summary }) => ({ id, title, area, summary }));
}

/** The brand's completed audit before this one (by completion), or null. */
async function previousCompletedAudit(db: Database, audit: AuditRow): Promise<AuditRow | null> {
  const before = audit.completedAt ?? audit.createdAt;
  const [previous] = await db
    .select()
    .from(audits)
    .where(
      and(
        eq(audits.brandId, audit.brandId),
        eq(audits.status, 'completed'),
        ne(audits.id, audit.id),
        lt(audits.completedAt, before),
      ),
    )
    .orderBy(desc(audits.completedAt))
    .limit(1);
  return previous ?? null;
}

/**
 * Whether a completed audit scored SCORE_DROP_THRESHOLD or more points below the brand's previous
 * completed audit; null when it did not, when there is no previous audit, or when either overall
 * score was not measured (a score that was never measured cannot have dropped).
 */
export async function scoreDropOf(db: Database, auditId: string): Promise<ScoreDrop | null> {
  const [audit] = await db.select().from(audits).where(eq(audits.id, auditId));
  if (audit?.status !== 'completed') return null;
  const previous = await previousCompletedAudit(db, audit);
  if (!previous) return null;
  const now = measuredOverall(audit);
  const before = measuredOverall(previous);
  if (now === null || before === null || before - now < SCORE_DROP_THRESHOLD) return null;
  return { audit, previous, points: before - now, newlyFailed: checksNowFailing(previous, audit) };
}
