/**
 * One insight source read into candidate insights: its items with words in them, each with its own
 * date, link, author and id at the source. Failures are SourceReadError (the source is marked
 * failed with that message); anything else is unexpected and retried with the job.
 */
import type { TAggregateRating } from '../../../shared/schemas/insight-sources.ts';
import type { TInsightSource } from '../../../shared/schemas/insights.ts';
import type { insightSources } from '../../db/schema/index.ts';
import {
  fetchFeed,
  fetchSiteReviews,
  type SourceFetchOptions,
} from '../../integrations/insight-sources/fetch-source.ts';
import { platformOf } from '../../integrations/insight-sources/text.ts';
import type { Candidate } from './keep-new-insights.ts';

export type SourceRow = typeof insightSources.$inferSelect;

export type SourceReading = {
  /** the feed's title as it is now; null keeps the stored one */
  title: string | null;
  candidates: Omit<Candidate, 'origin'>[];
  aggregates: TAggregateRating[];
};

/**
 * Review feeds (a feed that says it carries reviews) hold reviews; other feeds (news, Google
 * Alerts, forums) hold mentions of the brand around the web.
 */
function feedInsightSource(url: string, title: string | null): TInsightSource {
  return /review/i.test(`${title ?? ''} ${url}`) ? 'reviews' : 'social_media';
}

async function readFeed(source: SourceRow, options: SourceFetchOptions): Promise<SourceReading> {
  const feed = await fetchFeed(source.url, options);
  const kind = feedInsightSource(source.url, feed.title);
  const platform = platformOf(source.url);
  return {
    title: feed.title,
    aggregates: [],
    candidates: feed.items
      .filter((item) => item.text)
      .map((item) => ({
        content: item.text,
        source: kind,
        platform,
        authorName: item.author,
        sourceUrl: item.link,
        sourceId: source.id,
        externalId: item.id,
        // The same feed added again later is the same feed: its items are not new.
        dedupeScope: `feed:${source.url}`,
        ...(item.date ? { collectedAt: item.date } : {}),
        rating: null,
      })),
  };
}

async function readSiteReviews(
  source: SourceRow,
  options: SourceFetchOptions & { onPages?: (fetched: number, found: number) => Promise<void> },
): Promise<SourceReading> {
  const site = await fetchSiteReviews(source.url, { ...options, onProgress: options.onPages });
  const platform = platformOf(source.url);
  return {
    title: null,
    aggregates: site.aggregates,
    candidates: site.reviews.map((review) => ({
      content: review.text,
      source: 'reviews',
      platform,
      authorName: review.author,
      sourceUrl: review.link,
      sourceId: source.id,
      externalId: review.id,
      dedupeScope: `site:${source.url}`,
      ...(review.date ? { collectedAt: review.date } : {}),
      rating: review.rating,
    })),
  };
}

export function readSource(
  source: SourceRow,
  options: SourceFetchOptions & { onPages?: (fetched: number, found: number) => Promise<void> },
): Promise<SourceReading> {
  return source.kind === 'feed' ? readFeed(source, options) : readSiteReviews(source, options);
}
