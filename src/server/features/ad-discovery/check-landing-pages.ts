/**
 * Landing-page checks: every ad with a landing page (entered by hand, imported or discovered) not
 * checked in the last 7 days is fetched with the SSRF-safe fetch, and its title and main call to
 * action recorded. A page that cannot be read is marked checked with neither, so the ad shows
 * them as not measured instead of a guess, and it is tried again after 7 days.
 */
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { FetchRefusedError, type Resolver, safeFetch } from '../../analysis/fetch/safe-fetch.ts';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries } from '../../db/schema/index.ts';
import { storableOptionalText } from '../../db/storable.ts';
import type { JobLogger } from '../../jobs/define-job.ts';
import { checkLandingPagesJob } from '../../jobs/definitions/check-landing-pages.ts';
import type { JobQueue } from '../../jobs/queue.ts';

export const LANDING_PAGE_RECHECK_DAYS = 7;
const BATCH = 200;

/**
 * Queues checks of these ads' landing pages (the job skips any without one, or checked in the last
 * 7 days). Call after ads are added or discovered; without a job queue it does nothing.
 */
export async function queueLandingPageChecks(ctx: { queue: JobQueue | null }, adIds: readonly string[]): Promise<void> {
  if (!ctx.queue || adIds.length === 0) return;
  for (let start = 0; start < adIds.length; start += BATCH) {
    await ctx.queue.send(checkLandingPagesJob, { adIds: adIds.slice(start, start + BATCH) });
  }
}

export type LandingPageDeps = {
  db: Database;
  allowLoopback: boolean;
  resolver?: Resolver;
  logger: JobLogger;
  now?: Date;
};

const dueSince = (now: Date) => new Date(now.getTime() - LANDING_PAGE_RECHECK_DAYS * 24 * 60 * 60 * 1000);
const isDue = (now: Date) =>
  and(
    isNotNull(adLibraryEntries.landingPageUrl),
    or(isNull(adLibraryEntries.landingPageCheckedAt), lt(adLibraryEntries.landingPageCheckedAt, dueSince(now))),
  );

/**
 * Ads whose landing page is due a check (never checked, or 7 days ago), oldest first: of every user,
 * or of one owner (after an import).
 */
export async function adsDueLandingPageCheck(
  db: Database,
  limit: number,
  now = new Date(),
  ownerId?: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: adLibraryEntries.id })
    .from(adLibraryEntries)
    .where(ownerId ? and(isDue(now), eq(adLibraryEntries.userId, ownerId)) : isDue(now))
    .orderBy(sql`${adLibraryEntries.landingPageCheckedAt} asc nulls first`)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Checks the ads among `adIds` that are due; returns how many pages were read and how many failed. */
export async function checkLandingPages(
  deps: LandingPageDeps,
  adIds: readonly string[],
  signal?: AbortSignal,
): Promise<{ read: number; failed: number }> {
  const now = deps.now ?? new Date();
  const due = await deps.db
    .select({ id: adLibraryEntries.id, url: adLibraryEntries.landingPageUrl })
    .from(adLibraryEntries)
    .where(and(inArray(adLibraryEntries.id, [...adIds]), isDue(now)));
  let read = 0;
  let failed = 0;
  for (const ad of due) {
    signal?.throwIfAborted();
    let facts: { title: string | null; cta: string | null } = { title: null, cta: null };
    try {
      const page = await safeFetch(ad.url!, { allowLoopback: deps.allowLoopback, resolver: deps.resolver, signal });
      if (page.status >= 200 && page.status < 300 && /html/i.test(page.contentType ?? 'text/html')) {
        // cheerio comes with the reader: loaded at the first page read, not when the server starts.
        const { extractLandingPageFacts } = await import('./landing-page-facts.ts');
        facts = extractLandingPageFacts(page.body.toString('utf8'));
        read += 1;
      } else failed += 1;
    } catch (error) {
      signal?.throwIfAborted();
      if (!(error instanceof FetchRefusedError))
        deps.logger.warn({ err: error, adId: ad.id }, 'landing page check failed');
      failed += 1;
    }
    await deps.db
      .update(adLibraryEntries)
      .set({
        landingPageTitle: storableOptionalText(facts.title),
        landingPageCta: storableOptionalText(facts.cta?.slice(0, 200) ?? null),
        landingPageCheckedAt: new Date(),
      })
      .where(eq(adLibraryEntries.id, ad.id));
  }
  return { read, failed };
}
