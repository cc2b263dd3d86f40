import { and, eq, inArray, isNotNull, ne, notExists, sql } from 'drizzle-orm';
import { type PlanKey, planKeys, plans } from '../../../shared/plans.ts';
import type { Database } from '../../db/client.ts';
import { audits, brands, brandTrackingRuns, users } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { JobLogger } from '../../jobs/define-job.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { startAudit } from '../audits/start-audit.ts';
import { brandAccessOf } from '../billing/plan-limits.ts';
import { isTrackingDue, trackingPeriodOf } from './tracking-slot.ts';

/**
 * The plans that promise monthly brand tracking: the monthly plans with unlimited audits (SMB and
 * Agency). Starter is a 30-day trial with five audits, which tracking would spend without being
 * asked; Free has one audit.
 */
export const trackedPlans: PlanKey[] = planKeys.filter((key) => key !== 'free' && plans[key].limits.audits === null);

export type TrackingDeps = { db: Database; queue: JobQueue | null; logger: JobLogger };

export type TrackingRun = {
  period: string;
  /** brands whose slot had come and that had no tracking run this period */
  due: number;
  started: number;
  /** another process claimed the brand first */
  claimedElsewhere: number;
  /** read-only after a downgrade or an ended access period: not audited */
  readOnly: number;
  /** the audit could not be started; the claim is kept for refusals, released for faults */
  failed: number;
};

type Candidate = { brand: typeof brands.$inferSelect; owner: typeof users.$inferSelect };

/**
 * One tracking pass (hourly): every brand of an SMB or Agency account whose slot this month has
 * come, with a website and no audit running, and not audited by tracking this month yet, is
 * claimed (one row per brand and month: whichever process inserts it starts the audit, any other
 * finds it taken) and re-audited with the same action the API uses, so plan rules and read-only
 * brands are honoured the same way. A slot missed while nothing ran is caught up on the next pass.
 */
export async function trackBrandsDue(deps: TrackingDeps, now: Date): Promise<TrackingRun> {
  const period = trackingPeriodOf(now);
  const run: TrackingRun = { period, due: 0, started: 0, claimedElsewhere: 0, readOnly: 0, failed: 0 };
  const due = (await candidatesOf(deps.db, period)).filter(({ brand }) => isTrackingDue(brand.id, now));
  run.due = due.length;
  if (due.length === 0) return run;
  const access = await brandAccessOf(
    deps.db,
    due.map(({ brand }) => brand),
  );
  for (const candidate of due) {
    if (access.get(candidate.brand.id)?.readOnly) {
      run.readOnly++;
      continue;
    }
    const outcome = await trackBrand(deps, candidate, period);
    run[outcome]++;
  }
  return run;
}

/** Brands of tracked plans with a website, no running audit and no tracking run in the period. */
function candidatesOf(db: Database, period: string): Promise<Candidate[]> {
  return db
    .select({ brand: brands, owner: users })
    .from(brands)
    .innerJoin(users, eq(users.id, brands.userId))
    .where(
      and(
        inArray(users.planType, trackedPlans),
        isNotNull(brands.websiteUrl),
        ne(brands.websiteUrl, ''),
        notExists(
          db
            .select({ one: sql`1` })
            .from(brandTrackingRuns)
            .where(and(eq(brandTrackingRuns.brandId, brands.id), eq(brandTrackingRuns.period, period))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(audits)
            .where(and(eq(audits.brandId, brands.id), eq(audits.status, 'processing'))),
        ),
      ),
    );
}

async function trackBrand(
  deps: TrackingDeps,
  { brand, owner }: Candidate,
  period: string,
): Promise<'started' | 'claimedElsewhere' | 'failed'> {
  const [claim] = await deps.db
    .insert(brandTrackingRuns)
    .values({ brandId: brand.id, userId: owner.id, period })
    .onConflictDoNothing()
    .returning({ id: brandTrackingRuns.id });
  if (!claim) return 'claimedElsewhere';
  // The audit runs as the brand's owner would start it: their plan, their brand.
  const actor: Actor = {
    user: owner,
    isAdmin: false,
    ownerIds: [owner.id],
    owners: [owner],
    workspaceOwnerId: owner.id,
  };
  try {
    const audit = await startAudit(deps, { actor, input: { brandId: brand.id } });
    await deps.db.update(brandTrackingRuns).set({ auditId: audit.id }).where(eq(brandTrackingRuns.id, claim.id));
    return 'started';
  } catch (error) {
    if (error instanceof AppError) {
      // A refusal (an audit the owner started meanwhile, a plan rule) holds for the month: the
      // claim stays, with no audit, so the brand is not retried every hour.
      deps.logger.info({ brandId: brand.id, period, reason: error.message }, 'tracking audit not started');
    } else {
      // A fault (database, queue) is passing: releasing the claim lets the next pass try again.
      await deps.db.delete(brandTrackingRuns).where(eq(brandTrackingRuns.id, claim.id));
      deps.logger.error({ err: error, brandId: brand.id, period }, 'tracking audit could not be started');
    }
    return 'failed';
  }
}
