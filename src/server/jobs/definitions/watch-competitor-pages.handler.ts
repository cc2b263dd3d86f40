import { and, eq, isNotNull } from 'drizzle-orm';
import { plans } from '../../../shared/plans.ts';
import { competitors, users } from '../../db/schema/index.ts';
import { takePageSnapshots } from '../../features/page-watch/take-page-snapshots.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { watchCompetitorPages } from './watch-competitor-pages.ts';

export function createWatchCompetitorPagesHandler(deps: JobDependencies): JobHandler<typeof watchCompetitorPages> {
  const db = deps.database.db;
  return async (_payload, job) => {
    const rows = await db
      .select({ competitor: competitors, planType: users.planType })
      .from(competitors)
      .innerJoin(users, eq(users.id, competitors.userId))
      .where(and(eq(competitors.isActive, true), isNotNull(competitors.website)));
    let checked = 0;
    let failed = 0;
    for (const { competitor, planType } of rows) {
      // Accounts whose plan no longer includes competitor tracking are not watched.
      if (!plans[planType].allows.competitorTracking) continue;
      job.signal.throwIfAborted();
      try {
        await takePageSnapshots(
          { db, allowLoopback: deps.config.crawlerAllowLoopback, resolver: deps.crawlResolver, signal: job.signal },
          competitor,
        );
        checked++;
      } catch (error) {
        job.signal.throwIfAborted();
        failed++;
        job.logger.error({ err: error, competitorId: competitor.id }, 'competitor page watch failed');
      }
    }
    return { checked, failed };
  };
}
