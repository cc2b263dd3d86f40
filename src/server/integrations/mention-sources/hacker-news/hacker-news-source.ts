/**
 * Hacker News through the Algolia HN Search API: `search_by_date` for stories and comments
 * (`tags=(story,comment)`) naming the brand, newer than `since` (`numericFilters=created_at_i>…`),
 * newest first, `hitsPerPage` 100, page by page until `nbPages` or the item cap. No key; Algolia
 * asks callers to stay under 10,000 requests an hour per address, which a run (at most a few
 * pages) is far from. 429 and 5xx are retried by fetchService, honouring Retry-After.
 */
import { z } from 'zod';
import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { fetchService, type RetryPolicy, ServiceError } from '../../http/fetch-service.ts';
import { headlineAndBody, insightTextOf } from '../../insight-sources/text.ts';
import type {
  Mention,
  MentionQuery,
  MentionSearchContext,
  MentionSearchResult,
  MentionSource,
  SourceAvailability,
} from '../mention-source.ts';
import { countsOf, dateOf, mentionTextOf, quotedName } from '../mention-text.ts';

const SERVICE = 'Hacker News';
const HITS_PER_PAGE = 100;
const ITEM_URL = 'https://news.ycombinator.com/item?id=';

const ZHit = z
  .object({
    objectID: z.string(),
    created_at_i: z.number().nullish(),
    created_at: z.string().nullish(),
    author: z.string().nullish(),
    title: z.string().nullish(),
    url: z.string().nullish(),
    story_text: z.string().nullish(),
    comment_text: z.string().nullish(),
    story_title: z.string().nullish(),
    points: z.number().nullish(),
    num_comments: z.number().nullish(),
    _tags: z.array(z.string()).nullish(),
  })
  .loose();
const ZPage = z.object({ hits: z.array(ZHit), page: z.number(), nbPages: z.number() }).loose();
type Hit = z.infer<typeof ZHit>;

export function mentionOfHit(hit: Hit): Mention | null {
  const isComment = hit._tags?.includes('comment') ?? Boolean(hit.comment_text);
  const title = isComment ? null : mentionTextOf(hit.title) || null;
  const body = mentionTextOf(isComment ? hit.comment_text : hit.story_text);
  // A story's headline is part of what was said: it is kept in the text (which is what is stored).
  const content = isComment ? body : insightTextOf(headlineAndBody(title ?? '', body));
  if (!content) return null;
  return {
    externalId: `hacker_news:${hit.objectID}`,
    // The discussion on Hacker News is what was said there; a story's article is linked from it.
    url: `${ITEM_URL}${encodeURIComponent(hit.objectID)}`,
    title: title ?? (hit.story_title ? `Re: ${mentionTextOf(hit.story_title)}` : null),
    content,
    authorName: hit.author ?? null,
    authorHandle: hit.author ?? null,
    publishedAt: dateOf(hit.created_at_i ?? hit.created_at ?? null),
    engagement: isComment
      ? countsOf({ points: hit.points })
      : countsOf({ points: hit.points, comments: hit.num_comments }),
    rating: null,
    platform: 'Hacker News',
    channel: 'forum',
  };
}

export class HackerNewsSource implements MentionSource {
  readonly kind = 'hacker_news' as const;
  readonly label = 'Hacker News';
  constructor(
    private readonly config: OutsideServicesConfig['hackerNews'],
    private readonly retry?: RetryPolicy,
    private readonly wait?: (ms: number) => Promise<unknown>,
  ) {}

  availability(): SourceAvailability {
    return { available: true };
  }

  private async page(query: MentionQuery, page: number, signal?: AbortSignal) {
    const url = new URL(`${this.config.apiUrl}/search_by_date`);
    url.searchParams.set('query', quotedName(query));
    url.searchParams.set('tags', '(story,comment)');
    if (query.since) url.searchParams.set('numericFilters', `created_at_i>${Math.floor(query.since.getTime() / 1000)}`);
    url.searchParams.set('hitsPerPage', String(HITS_PER_PAGE));
    url.searchParams.set('page', String(page));
    const answer = await fetchService({ service: SERVICE, url, signal, retry: this.retry, wait: this.wait });
    const parsed = ZPage.safeParse(answer.json());
    if (!parsed.success) throw new ServiceError('malformed', `${SERVICE} sent an answer in an unexpected shape.`);
    return parsed.data;
  }

  async search(query: MentionQuery, context: MentionSearchContext): Promise<MentionSearchResult> {
    const mentions: Mention[] = [];
    for (let page = 0; ; page += 1) {
      const answer = await this.page(query, page, context.signal);
      for (const hit of answer.hits) {
        const mention = mentionOfHit(hit);
        if (mention) mentions.push(mention);
      }
      await context.onProgress?.(Math.min(mentions.length, query.maxItems));
      if (mentions.length >= query.maxItems) {
        const more = mentions.length > query.maxItems || page + 1 < answer.nbPages;
        return {
          mentions: mentions.slice(0, query.maxItems),
          stoppedEarly: more ? `Only the newest ${query.maxItems} Hacker News items were read.` : null,
        };
      }
      if (page + 1 >= answer.nbPages || answer.hits.length === 0) return { mentions, stoppedEarly: null };
    }
  }
}
