/**
 * The weekly comparison (job check-ad-changes, Monday 06:20 UTC): every competitor without a comparison for
 * the current ISO week gets one, then each brand with something new is told: a bell notification
 * per competitor and one e-mail to the brand's owner (when their setting is on), queued with the
 * brand and week as idempotency key. Two processes running it at once store each competitor's
 * week once (unique index) and queue the e-mail once (the key).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { changeSummary, hasChanges } from '../../../shared/schemas/ad-changes.ts';
import { isoWeekOf } from '../../analysis/competitive/window.ts';
import type { Config } from '../../config.ts';
import { brands, competitorAdChanges, competitors, users } from '../../db/schema/index.ts';
import { type QueueEmailDeps, queueEmail } from '../../emails/queue-email.ts';
import { AppError } from '../../http/errors.ts';
import type { JobLogger } from '../../jobs/define-job.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import { recordNotification } from '../notifications/record-notification.ts';
import { AD_CHANGES_EMAIL_KIND } from './ad-changes-email.ts';
import { type AdChangeRow, recordAdChanges } from './record-ad-changes.ts';

export type WeeklyAdChangesRun = { compared: number; emailsQueued: number; skippedBrands: number };

const tracking = { feature: 'competitorTracking', toDoMore: 'keep tracking competitors' } as const;

async function tellOwner(
  deps: QueueEmailDeps & { logger: JobLogger },
  brand: typeof brands.$inferSelect,
  week: string,
  recorded: { row: AdChangeRow; competitorName: string }[],
): Promise<boolean> {
  const changed = recorded.filter(({ row }) =>
    hasChanges({ started: row.startedAdIds, stopped: row.stoppedAdIds, newMessages: row.newMessages }),
  );
  if (changed.length === 0) return false;
  for (const { row, competitorName } of changed) {
    await recordNotification(deps.db, {
      brandId: brand.id,
      userId: brand.userId,
      kind: 'competitor-ad-changes',
      subjectId: row.id,
      title: `What changed: ${competitorName}`,
      body: `${changeSummary({ started: row.startedAdIds, stopped: row.stoppedAdIds, newMessages: row.newMessages })}.`,
      link: '/competitor-tracking',
    });
  }
  const [owner] = await deps.db.select().from(users).where(eq(users.id, brand.userId));
  if (!owner?.notifyCompetitorChanges) return false;
  await queueEmail(deps, {
    userId: owner.id,
    idempotencyKey: `${brand.id}:${week}`,
    kind: AD_CHANGES_EMAIL_KIND,
    params: { brandId: brand.id, week },
    recipients: [owner.email],
  });
  return true;
}

export async function runWeeklyAdChanges(
  deps: QueueEmailDeps & { config: Config; logger: JobLogger },
  now: Date,
): Promise<WeeklyAdChangesRun> {
  const { week } = isoWeekOf(now);
  const due = await deps.db
    .select({ competitor: competitors, brand: brands })
    .from(competitors)
    .innerJoin(brands, eq(brands.id, competitors.brandId))
    .leftJoin(
      competitorAdChanges,
      and(eq(competitorAdChanges.competitorId, competitors.id), eq(competitorAdChanges.week, week)),
    )
    // the "your brand" row is not compared or e-mailed as a competitor
    .where(and(isNull(competitorAdChanges.id), eq(competitors.isOwnBrand, false)));
  const byBrand = new Map<string, { brand: typeof brands.$inferSelect; list: (typeof competitors.$inferSelect)[] }>();
  for (const { competitor, brand } of due) {
    const entry = byBrand.get(brand.id) ?? { brand, list: [] };
    entry.list.push(competitor);
    byBrand.set(brand.id, entry);
  }
  const run: WeeklyAdChangesRun = { compared: 0, emailsQueued: 0, skippedBrands: 0 };
  for (const { brand, list } of byBrand.values()) {
    try {
      // A plan without competitor tracking (or a brand beyond the plan) is not compared.
      await assertCanChangeBrand(deps.db, brand, tracking);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      run.skippedBrands++;
      continue;
    }
    const recorded: { row: AdChangeRow; competitorName: string }[] = [];
    for (const competitor of list) {
      const row = await recordAdChanges(deps.db, competitor, { trigger: 'weekly', week, now });
      if (row) recorded.push({ row, competitorName: competitor.name });
    }
    run.compared += recorded.length;
    try {
      if (await tellOwner(deps, brand, week, recorded)) run.emailsQueued++;
    } catch (error) {
      // One owner's failure (an address the mail module refuses) does not hold up the others.
      deps.logger.error({ err: error, brandId: brand.id }, 'weekly ad changes could not be sent');
    }
  }
  return run;
}
