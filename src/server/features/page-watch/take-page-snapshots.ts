/**
 * One check of a competitor's watched pages: the home page, then the pricing page it links to.
 * A snapshot row is stored only when the page's text changed since the latest row for that page
 * (or it became readable, or failed for a new reason): an unchanged page costs one hash
 * comparison, and the check itself (when, and what it found per page) is recorded as a completed
 * task_progress row of kind 'page-watch', which is where "last checked" comes from.
 */

import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { TPageCheck, TPageCheckResult, TWatchedPageKind } from '../../../shared/schemas/page-watch.ts';
import type { Resolver } from '../../analysis/fetch/safe-fetch.ts';
import type { Database } from '../../db/client.ts';
import { competitorPageSnapshots, type competitors, taskProgress } from '../../db/schema/index.ts';
import { storableOptionalText, storableText } from '../../db/storable.ts';
import {
  fetchWatchedPage,
  PageWatchError,
  robotsRulesOf,
  type WatchFetchOptions,
} from '../../integrations/page-watch/fetch-watched-page.ts';
import { findPricingPage, PRICING_NOT_FOUND } from '../../integrations/page-watch/pricing-page.ts';
import { PAGE_WATCH_KIND } from './page-watch-kind.ts';

export type CompetitorRow = typeof competitors.$inferSelect;

export type PageWatchDeps = {
  db: Database;
  allowLoopback: boolean;
  resolver?: Resolver;
  signal?: AbortSignal;
};

type Reading = { status: 'ok'; url: string; content: string } | { status: 'failed'; url: string; error: string };

const HOME_UNREADABLE = 'The home page could not be read, so its pricing page could not be found';

const hashOf = (content: string) => createHash('sha256').update(content).digest('hex');

/** The latest row for the page decides whether this reading is news. */
async function storeIfChanged(
  db: Database,
  competitor: CompetitorRow,
  pageKind: TWatchedPageKind,
  reading: Reading,
): Promise<TPageCheckResult> {
  const [latest] = await db
    .select()
    .from(competitorPageSnapshots)
    .where(and(eq(competitorPageSnapshots.competitorId, competitor.id), eq(competitorPageSnapshots.pageKind, pageKind)))
    .orderBy(desc(competitorPageSnapshots.capturedAt))
    .limit(1);
  const contentHash = reading.status === 'ok' ? hashOf(reading.content) : null;
  const message = reading.status === 'failed' ? reading.error : null;
  const same =
    latest &&
    latest.status === reading.status &&
    latest.url === reading.url &&
    (reading.status === 'ok' ? latest.contentHash === contentHash : latest.error === reading.error);
  if (same) return { pageKind, url: reading.url, outcome: reading.status === 'ok' ? 'unchanged' : 'failed', message };

  await db.insert(competitorPageSnapshots).values({
    competitorId: competitor.id,
    userId: competitor.userId,
    url: storableText(reading.url),
    pageKind,
    status: reading.status,
    content: reading.status === 'ok' ? storableText(reading.content) : null,
    contentHash,
    error: storableOptionalText(message),
  });
  if (reading.status === 'failed') return { pageKind, url: reading.url, outcome: 'failed', message };
  const hadReadable = latest?.status === 'ok' || (latest ? await hasReadable(db, competitor.id, pageKind) : false);
  return { pageKind, url: reading.url, outcome: hadReadable ? 'changed' : 'new', message: null };
}

async function hasReadable(db: Database, competitorId: string, pageKind: TWatchedPageKind) {
  const [row] = await db
    .select({ id: competitorPageSnapshots.id })
    .from(competitorPageSnapshots)
    .where(
      and(
        eq(competitorPageSnapshots.competitorId, competitorId),
        eq(competitorPageSnapshots.pageKind, pageKind),
        eq(competitorPageSnapshots.status, 'ok'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

function failureOf(url: string, error: unknown): Reading {
  if (error instanceof PageWatchError) return { status: 'failed', url, error: error.message };
  throw error;
}

/** Checks the competitor's home and pricing pages now; the competitor must have a website. */
export async function takePageSnapshots(deps: PageWatchDeps, competitor: CompetitorRow): Promise<TPageCheck> {
  const website = competitor.website as string;
  const options: WatchFetchOptions = {
    allowLoopback: deps.allowLoopback,
    resolver: deps.resolver,
    signal: deps.signal,
  };
  const pages: TPageCheckResult[] = [];
  let homeHtml: string | null = null;
  let homeUrl = website;
  let home: Reading;
  const robots = await robotsRulesOf(new URL(website).origin, options);
  try {
    const page = await fetchWatchedPage(website, robots, options);
    homeHtml = page.html;
    homeUrl = page.finalUrl;
    home = { status: 'ok', url: website, content: page.text };
  } catch (error) {
    home = failureOf(website, error);
  }
  pages.push(await storeIfChanged(deps.db, competitor, 'home', home));

  const pricingUrl = homeHtml ? findPricingPage(homeHtml, homeUrl) : null;
  if (!homeHtml) {
    pages.push({ pageKind: 'pricing', url: null, outcome: 'not_found', message: HOME_UNREADABLE });
  } else if (!pricingUrl) {
    pages.push({ pageKind: 'pricing', url: null, outcome: 'not_found', message: PRICING_NOT_FOUND });
  } else {
    let pricing: Reading;
    try {
      const page = await fetchWatchedPage(pricingUrl, robots, options);
      pricing = { status: 'ok', url: pricingUrl, content: page.text };
    } catch (error) {
      pricing = failureOf(pricingUrl, error);
    }
    pages.push(await storeIfChanged(deps.db, competitor, 'pricing', pricing));
  }
  const check: TPageCheck = { competitorId: competitor.id, checkedAt: new Date().toISOString(), pages };
  await deps.db.insert(taskProgress).values({
    userId: competitor.userId,
    kind: PAGE_WATCH_KIND,
    subjectId: competitor.id,
    status: 'completed',
    stage: 'Checked',
    percent: 100,
    result: check,
  });
  return check;
}
