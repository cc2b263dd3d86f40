/**
 * One insight source read into candidate insights: its items with words in them, each with its own
 * date, link, author and id at the source. Failures are SourceReadError (the source is marked
 * failed with that message); anything else is unexpected and retried with the job.
 */
import type { TAggregateRating } from '../../../shared/schemas/insight-sources.ts';
import type { TInsightChannel, TInsightSource } from '../../../shared/schemas/insights.ts';
import type { insightSources } from '../../db/schema/index.ts';
import { storableOptionalText } from '../../db/storable.ts';
import { inferFeedCategory } from '../../integrations/insight-sources/feed-category.ts';
import type { SourceFetchOptions } from '../../integrations/insight-sources/fetch-source.ts';
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
 * Review feeds hold reviews; the others (news, blogs, forums, Google Alerts) hold mentions of the
 * brand around the web, SPEC's social_media. The channel says which.
 */
const insightSourceOf = (channel: TInsightChannel): TInsightSource =>
  channel === 'reviews' ? 'reviews' : 'social_media';

/** A feed's own title with what PostgreSQL cannot store removed; null when it has none. */
export function feedTitleOf(title: string | null): string | null {
  return storableOptionalText(title)?.trim().slice(0, 300) || null;
}

async function readFeed(source: SourceRow, options: SourceFetchOptions): Promise<SourceReading> {
  // The readers bring cheerio: loaded with the first source read, not when the server starts.
  const { fetchFeed } = await import('../../integrations/insight-sources/fetch-source.ts');
  const feed = await fetchFeed(source.url, options);
  const title = feedTitleOf(feed.title);
  const channel = source.category ?? inferFeedCategory({ url: source.url, title, generator: feed.generator });
  // Mentions are labelled with the feed's own name ("News · Leeds Cycling Blog"), else its host.
  const platform = (title ?? source.title ?? platformOf(source.url))?.slice(0, 100) ?? null;
  return {
    title,
    aggregates: [],
    candidates: feed.items
      .filter((item) => item.text)
      .map((item) => ({
        content: item.text,
        headline: item.title || null,
        channel,
        source: insightSourceOf(channel),
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
  const { fetchSiteReviews } = await import('../../integrations/insight-sources/fetch-source.ts');
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
