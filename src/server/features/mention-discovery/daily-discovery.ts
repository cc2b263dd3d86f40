/**
 * Daily discovery for SMB and Agency brands: every brand gets its own hour of the day (UTC), from
 * a hash of its id, so a thousand brands do not all search at midnight; an hourly pass starts the
 * discovery of each brand whose hour has come and that has not been discovered today. The claim
 * is a row per brand and day (mention_discovery_runs, unique): whichever process inserts it starts
 * the discovery, any other finds it taken, so a brand is discovered once a day however many
 * workers run the pass. A brand skipped for a passing reason (its owner's own discovery is running)
 * releases its claim and is tried on the next pass.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { PlanKey } from '../../../shared/plans.ts';
import type { Database } from '../../db/client.ts';
import { brands, insightSources, mentionDiscoveryRuns, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { JobLogger } from '../../jobs/define-job.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { brandAccessOf } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { DISCOVERY_KIND } from '../insight-sources/source-dtos.ts';
import { queueDiscoveryTask } from '../insight-sources/start-discovery.ts';
import { brandMentionSubject } from './mention-subject.ts';
import { hasRunnableMentionSource } from './read-mention-sources.ts';

/** The plans whose brands are discovered every day without being asked. */
export const DAILY_DISCOVERY_PLANS: PlanKey[] = ['smb', 'agency'];

export type DailyDiscoveryDeps = Pick<FeatureContext, 'db' | 'config'> & { queue: JobQueue | null; logger: JobLogger };

export type DailyDiscoveryPass = {
  day: string;
  due: number;
  started: number;
  claimedElsewhere: number;
  /** read-only, nothing to search, or a refusal */
  skipped: number;
  /** the owner's own discovery was running: tried again next hour */
  deferred: number;
};

/** The UTC day a time falls in: '2026-11-27'. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The brand's hour of the day (UTC, 0-23): stable, the same in every process. */
export function dailySlotHourOf(brandId: string): number {
  return createHash('sha256').update(`daily-discovery:${brandId}`).digest().readUInt32BE(0) % 24;
}

function candidatesOf(db: Database, day: string) {
  return db
    .select({ brand: brands, owner: users })
    .from(brands)
    .innerJoin(users, eq(users.id, brands.userId))
    .where(
      and(
        inArray(users.planType, DAILY_DISCOVERY_PLANS),
        notExists(
          db
            .select({ one: sql`1` })
            .from(mentionDiscoveryRuns)
            .where(and(eq(mentionDiscoveryRuns.brandId, brands.id), eq(mentionDiscoveryRuns.day, day))),
        ),
      ),
    );
}

async function hasSomethingToRead(deps: DailyDiscoveryDeps, brand: typeof brands.$inferSelect) {
  const [feed] = await deps.db
    .select({ id: insightSources.id })
    .from(insightSources)
    .where(eq(insightSources.brandId, brand.id))
    .limit(1);
  return Boolean(feed) || hasRunnableMentionSource(deps, brandMentionSubject(brand));
}

/** One hourly pass: starts today's discovery of every brand whose hour has come. */
export async function discoverDueBrands(deps: DailyDiscoveryDeps, now: Date): Promise<DailyDiscoveryPass> {
  const day = dayOf(now);
  const pass: DailyDiscoveryPass = { day, due: 0, started: 0, claimedElsewhere: 0, skipped: 0, deferred: 0 };
  const due = (await candidatesOf(deps.db, day)).filter(({ brand }) => dailySlotHourOf(brand.id) <= now.getUTCHours());
  pass.due = due.length;
  if (due.length === 0) return pass;
  const access = await brandAccessOf(
    deps.db,
    due.map(({ brand }) => brand),
  );
  for (const { brand, owner } of due) {
    if (access.get(brand.id)?.readOnly || !(await hasSomethingToRead(deps, brand))) {
      pass.skipped++;
      continue;
    }
    const [claim] = await deps.db
      .insert(mentionDiscoveryRuns)
      .values({ brandId: brand.id, userId: owner.id, day })
      .onConflictDoNothing()
      .returning({ id: mentionDiscoveryRuns.id });
    if (!claim) {
      pass.claimedElsewhere++;
      continue;
    }
    try {
      const task = await queueDiscoveryTask(deps, { userId: owner.id, kind: DISCOVERY_KIND, subjectId: brand.id });
      await deps.db.update(mentionDiscoveryRuns).set({ taskId: task.id }).where(eq(mentionDiscoveryRuns.id, claim.id));
      pass.started++;
    } catch (error) {
      // The owner's own discovery is running (409), or the queue failed: try again next hour.
      await deps.db.delete(mentionDiscoveryRuns).where(eq(mentionDiscoveryRuns.id, claim.id));
      if (error instanceof AppError && error.code === 'conflict') pass.deferred++;
      else {
        pass.skipped++;
        deps.logger.error({ err: error, brandId: brand.id, day }, 'daily discovery could not be started');
      }
    }
  }
  return pass;
}
