import { and, eq, isNotNull } from 'drizzle-orm';
import { plans } from '../../../shared/plans.ts';
import { brands, competitors, users } from '../../db/schema/index.ts';
import { brandAccessOf } from '../../features/billing/plan-limits.ts';
import { takePageSnapshots } from '../../features/page-watch/take-page-snapshots.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { watchCompetitorPages } from './watch-competitor-pages.ts';

export function createWatchCompetitorPagesHandler(deps: JobDependencies): JobHandler<typeof watchCompetitorPages> {
  const db = deps.database.db;
  return async (_payload, job) => {
    const rows = await db
      .select({
        competitor: competitors,
        brand: { id: brands.id, userId: brands.userId, name: brands.name },
        planType: users.planType,
      })
      .from(competitors)
      .innerJoin(brands, eq(brands.id, competitors.brandId))
      .innerJoin(users, eq(users.id, competitors.userId))
      // the brand's own row (its own ads) is the brand, not a competitor whose pages are watched
      .where(and(eq(competitors.isActive, true), eq(competitors.isOwnBrand, false), isNotNull(competitors.website)));
    const access = await brandAccessOf(
      db,
      rows.map((row) => row.brand),
    );
    let checked = 0;
    let failed = 0;
    for (const { competitor, brand, planType } of rows) {
      // Not watched: competitors of accounts whose plan no longer includes competitor tracking, and
      // of brands the plan keeps read-only (beyond its brands, or after a Starter plan's days).
      if (!plans[planType].allows.competitorTracking || access.get(brand.id)?.readOnly) continue;
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
