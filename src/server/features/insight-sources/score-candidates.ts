/**
 * Whether each item a discovery found is about the brand (or the competitor it was collected
 * for), scored by analysis/relevance before the item is stored, and rows stored earlier scored
 * again with the subject's current terms. A person's flag is never scored over.
 */
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  profileOf,
  type RelevanceSubject,
  type SubjectProfile,
  scoreRelevance,
} from '../../analysis/relevance/index.ts';
import type { Database } from '../../db/client.ts';
import { type brands, type competitors, consumerInsights, insightSources } from '../../db/schema/index.ts';
import { isSearchFeed } from '../../integrations/insight-sources/feed-category.ts';
import { type InsightRelevance, relevantByDefinition } from '../insights/store-insights.ts';
import type { Candidate } from './keep-new-insights.ts';
import type { SourceRow } from './read-source.ts';

type BrandRow = typeof brands.$inferSelect;
type CompetitorRow = typeof competitors.$inferSelect;

export function brandSubject(brand: BrandRow): RelevanceSubject {
  return {
    name: brand.name,
    websiteUrl: brand.websiteUrl,
    handles: [
      brand.instagramHandle,
      brand.twitterHandle,
      brand.linkedinHandle,
      brand.tiktokHandle,
      brand.facebookHandle,
    ],
    includeTerms: brand.relevanceIncludeTerms,
    excludeTerms: brand.relevanceExcludeTerms,
  };
}

export function competitorSubject(competitor: CompetitorRow): RelevanceSubject {
  return {
    name: competitor.name,
    websiteUrl: competitor.website,
    handles: [],
    includeTerms: competitor.relevanceIncludeTerms,
    excludeTerms: competitor.relevanceExcludeTerms,
  };
}

type FeedRef = { title: string | null; url: string } | null | undefined;

function scored(
  profile: SubjectProfile,
  item: { headline?: string | null; content: string; authorName?: string | null; sourceUrl?: string | null },
  feed: FeedRef,
): InsightRelevance {
  const { score, isRelevant, matches } = scoreRelevance(profile, {
    title: item.headline ?? null,
    body: item.content,
    author: item.authorName ?? null,
    url: item.sourceUrl ?? null,
    source: feed ? { title: feed.title, url: feed.url, isSearch: isSearchFeed(feed.url) } : null,
  });
  return { basis: 'scored', matches, score, isRelevant };
}

/**
 * Each candidate with its relevance and channel. Reviews read from a page the person added for
 * their reviews (the brand's own site, or a page of reviews of it) are first-party: about the
 * subject by definition. Feed items are scored.
 */
export function withRelevance(
  subject: RelevanceSubject,
  sources: readonly SourceRow[],
  candidates: readonly Candidate[],
): Candidate[] {
  const profile = profileOf(subject);
  return candidates.map((candidate) => {
    const source = sources[candidate.origin];
    if (source?.kind === 'site_reviews') {
      return { ...candidate, channel: 'reviews', relevance: relevantByDefinition('first_party') };
    }
    return {
      ...candidate,
      channel: candidate.channel ?? source?.category ?? null,
      relevance: scored(profile, candidate, source),
    };
  });
}

const RESCORE_PAGE = 1000;

/** Which terms matched, not where: a stored item's headline is part of its text. */
const termsOf = (matches: readonly { signal: string; term: string }[]) =>
  matches
    .map((match) => `${match.signal}:${match.term}`)
    .sort()
    .join('\n');

/**
 * Scores the subject's stored mentions again with its current terms: those scored before, and
 * feed items stored before scoring existed. Rows a person flagged or restored keep their verdict.
 * Returns how many changed.
 */
export async function rescoreInsights(
  db: Database,
  brandId: string,
  subject: RelevanceSubject,
  competitorId: string | null,
): Promise<number> {
  const profile = profileOf(subject);
  const scope: SQL = and(
    eq(consumerInsights.brandId, brandId),
    competitorId ? eq(consumerInsights.competitorId, competitorId) : isNull(consumerInsights.competitorId),
    isNull(consumerInsights.flaggedAt),
    or(
      sql`${consumerInsights.relevance}->>'basis' = 'scored'`,
      and(
        isNull(consumerInsights.relevance),
        inArray(
          consumerInsights.sourceId,
          db.select({ id: insightSources.id }).from(insightSources).where(eq(insightSources.kind, 'feed')),
        ),
      ),
    ),
  ) as SQL;
  let changed = 0;
  let lastId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({
        id: consumerInsights.id,
        content: consumerInsights.content,
        authorName: consumerInsights.authorName,
        sourceUrl: consumerInsights.sourceUrl,
        relevanceScore: consumerInsights.relevanceScore,
        isRelevant: consumerInsights.isRelevant,
        relevance: consumerInsights.relevance,
        feedTitle: insightSources.title,
        feedUrl: insightSources.url,
      })
      .from(consumerInsights)
      .leftJoin(insightSources, eq(insightSources.id, consumerInsights.sourceId))
      .where(and(scope, sql`${consumerInsights.id} > ${lastId}`))
      .orderBy(consumerInsights.id)
      .limit(RESCORE_PAGE);
    for (const row of rows) {
      const next = scored(profile, row, row.feedUrl ? { title: row.feedTitle, url: row.feedUrl } : null);
      const same =
        row.relevance?.basis === 'scored' &&
        row.relevanceScore === next.score &&
        row.isRelevant === next.isRelevant &&
        termsOf(row.relevance.matches) === termsOf(next.matches);
      if (same) continue;
      await db
        .update(consumerInsights)
        .set({
          relevanceScore: next.score,
          isRelevant: next.isRelevant,
          relevance: { basis: 'scored', matches: next.matches },
        })
        .where(and(eq(consumerInsights.id, row.id), isNull(consumerInsights.flaggedAt)));
      changed++;
    }
    if (rows.length < RESCORE_PAGE) break;
    lastId = rows[rows.length - 1]!.id;
  }
  return changed;
}
