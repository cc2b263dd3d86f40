/**
 * Apple App Store reviews: the iTunes customer-reviews feed in JSON,
 * `/{country}/rss/customerreviews/page={n}/id={appId}/sortby=mostrecent/json`, for each app id the
 * user gave, newest first, 50 a page. Apple serves at most 10 pages (500 reviews) per app and
 * country, so that is all a run can read; it stops earlier at reviews older than `since`. No key.
 *
 * `feed.entry` is an array, a single object when there is one review, and absent when there are
 * none; older answers start with an entry describing the app itself (no rating), which is skipped.
 * Values are wrapped as `{ label }` ("im:rating": { label: "4" }).
 */
import { z } from 'zod';
import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { fetchService, type RetryPolicy, ServiceError } from '../../http/fetch-service.ts';
import type {
  Mention,
  MentionQuery,
  MentionSearchContext,
  MentionSearchResult,
  MentionSource,
  SourceAvailability,
} from '../mention-source.ts';
import { countsOf, dateOf, mentionTextOf } from '../mention-text.ts';

const SERVICE = 'App Store';
/** Apple's own bound: page 11 and on answer nothing. */
export const APPLE_MAX_PAGES = 10;

const ZLabel = z.object({ label: z.string() }).loose();
const ZEntry = z
  .object({
    id: ZLabel,
    author: z.object({ name: ZLabel, uri: ZLabel.nullish() }).loose().nullish(),
    updated: ZLabel.nullish(),
    title: ZLabel.nullish(),
    content: ZLabel.nullish(),
    'im:rating': ZLabel.nullish(),
    'im:version': ZLabel.nullish(),
    'im:voteSum': ZLabel.nullish(),
    'im:voteCount': ZLabel.nullish(),
  })
  .loose();
const ZLink = z
  .object({ attributes: z.object({ rel: z.string().nullish(), href: z.string().nullish() }).loose() })
  .loose();
const ZFeed = z.object({
  feed: z
    .object({
      entry: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).nullish(),
      link: z.union([z.array(ZLink), ZLink]).nullish(),
    })
    .loose(),
});
type Entry = z.infer<typeof ZEntry>;

/** An App Store app id: the digits of "id284882215" or of an apps.apple.com address. */
export function appIdOf(value: string): string | null {
  const match = /(?:^|\/id|^id)(\d{5,12})(?:$|[/?#])/.exec(value.trim());
  return match?.[1] ?? null;
}

export function mentionOfEntry(entry: Entry, appId: string, country: string): Mention | null {
  const rating = Number(entry['im:rating']?.label);
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return null; // the app's own entry
  const title = mentionTextOf(entry.title?.label) || null;
  const content = mentionTextOf(entry.content?.label) || title;
  if (!content) return null;
  return {
    externalId: `apple_app_store:${appId}:${entry.id.label}`,
    // A review has no address of its own; the app's reviews page is shared by all of them.
    url: `https://apps.apple.com/${country}/app/id${appId}?see-all=reviews`,
    title,
    content,
    authorName: mentionTextOf(entry.author?.name.label) || null,
    authorHandle: null,
    publishedAt: dateOf(entry.updated?.label),
    engagement: countsOf({ helpfulVotes: entry['im:voteSum']?.label, votes: entry['im:voteCount']?.label }),
    rating,
    platform: 'App Store',
    channel: 'reviews',
  };
}

/** The page number of the rel="last" link, when the feed gives one. */
function lastPageOf(links: z.infer<typeof ZFeed>['feed']['link']): number | null {
  const list = Array.isArray(links) ? links : links ? [links] : [];
  const last = list.find((link) => link.attributes.rel === 'last')?.attributes.href;
  const page = last ? /page=(\d+)/.exec(last)?.[1] : undefined;
  return page ? Number(page) : null;
}

export class AppleAppStoreSource implements MentionSource {
  readonly kind = 'apple_app_store' as const;
  readonly label = 'App Store reviews';
  constructor(
    private readonly config: OutsideServicesConfig['appleRss'],
    private readonly retry?: RetryPolicy,
    private readonly wait?: (ms: number) => Promise<unknown>,
  ) {}

  availability(): SourceAvailability {
    return { available: true };
  }

  private async page(appId: string, country: string, page: number, signal?: AbortSignal) {
    const url = `${this.config.url}/${country}/rss/customerreviews/page=${page}/id=${appId}/sortby=mostrecent/json`;
    const answer = await fetchService({ service: SERVICE, url, signal, retry: this.retry, wait: this.wait });
    const parsed = ZFeed.safeParse(answer.json());
    if (!parsed.success) throw new ServiceError('malformed', `${SERVICE} sent a reviews feed in an unexpected shape.`);
    const raw = parsed.data.feed.entry;
    const entries = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((item) => {
      const entry = ZEntry.safeParse(item);
      return entry.success ? [entry.data] : [];
    });
    return { entries, lastPage: lastPageOf(parsed.data.feed.link) };
  }

  async search(query: MentionQuery, context: MentionSearchContext): Promise<MentionSearchResult> {
    const country = query.market.country.toLowerCase();
    const since = query.since?.getTime() ?? null;
    const mentions: Mention[] = [];
    for (const appId of query.targets.appleAppIds) {
      for (let page = 1; page <= APPLE_MAX_PAGES; page += 1) {
        const answer = await this.page(appId, country, page, context.signal);
        let older = false;
        for (const entry of answer.entries) {
          const mention = mentionOfEntry(entry, appId, country);
          if (!mention) continue;
          if (since !== null && mention.publishedAt && mention.publishedAt.getTime() < since) {
            older = true;
            continue;
          }
          mentions.push(mention);
        }
        await context.onProgress?.(Math.min(mentions.length, query.maxItems));
        if (mentions.length >= query.maxItems) {
          return {
            mentions: mentions.slice(0, query.maxItems),
            stoppedEarly: `Only the newest ${query.maxItems} App Store reviews were read.`,
          };
        }
        const last = answer.lastPage ?? APPLE_MAX_PAGES;
        if (older || answer.entries.length === 0 || page >= last) break;
      }
    }
    return { mentions, stoppedEarly: null };
  }
}
