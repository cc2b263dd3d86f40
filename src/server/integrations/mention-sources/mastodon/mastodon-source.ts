/**
 * Mastodon: the public hashtag timelines (`GET /api/v1/timelines/tag/:hashtag`, no token) of the
 * brand's hashtags on each configured instance, newest first, 40 a page, following the `Link`
 * header's rel="next" (max_id) until posts are older than `since` or the cap is reached.
 *
 * Limits: Mastodon allows 300 requests per 5 minutes per address and says what is left in
 * `X-RateLimit-Remaining` (reset at `X-RateLimit-Reset`): at 0 an instance is left for this run and
 * the result says so. One instance failing (refusing anonymous timelines, down) does not stop the
 * others; the source fails only when every instance did.
 *
 * A post federated to several instances has a local id on each but one `uri` (its home address):
 * that is its key, so it is stored once.
 */
import { z } from 'zod';
import type { MastodonInstance } from '../../../outside-services-config.ts';
import { fetchService, type RetryPolicy, ServiceError } from '../../http/fetch-service.ts';
import type {
  Mention,
  MentionQuery,
  MentionSearchContext,
  MentionSearchResult,
  MentionSource,
  SourceAvailability,
} from '../mention-source.ts';
import { NOT_AVAILABLE_ON_THIS_SERVER } from '../mention-source.ts';
import { countsOf, dateOf, hashtagOfName, mentionTextOf } from '../mention-text.ts';

const PAGE_LIMIT = 40;
/** Pages read per hashtag and instance in one run (40 × 25 = 1,000 posts at most). */
const MAX_PAGES = 25;

const ZAccount = z
  .object({ acct: z.string(), username: z.string().nullish(), display_name: z.string().nullish() })
  .loose();
const ZStatusCore = z
  .object({
    id: z.string(),
    uri: z.string(),
    url: z.string().nullish(),
    created_at: z.string(),
    content: z.string(),
    spoiler_text: z.string().nullish(),
    visibility: z.string().nullish(),
    account: ZAccount,
    replies_count: z.number().nullish(),
    reblogs_count: z.number().nullish(),
    favourites_count: z.number().nullish(),
  })
  .loose();
const ZStatus = ZStatusCore.extend({ reblog: ZStatusCore.nullish() });
type Status = z.infer<typeof ZStatusCore>;

/** The hashtags read: the ones the user gave, else the name written as a hashtag. */
export function hashtagsOf(query: MentionQuery): string[] {
  const given = query.hashtags.map((tag) => tag.replace(/^#/, '').trim()).filter(Boolean);
  const tags = given.length > 0 ? given : [hashtagOfName(query.name)];
  return [...new Set(tags.map((tag) => tag.toLowerCase()))].filter((tag) => /^[\p{L}\p{N}_]+$/u.test(tag));
}

export function mentionOfStatus(status: Status, instance: MastodonInstance): Mention | null {
  if (status.visibility && status.visibility !== 'public' && status.visibility !== 'unlisted') return null;
  const text = mentionTextOf(status.content);
  const warning = mentionTextOf(status.spoiler_text);
  const content = text || warning;
  if (!content) return null;
  // A local account's acct has no domain; the handle is written in full so it means one person.
  const handle = status.account.acct.includes('@') ? status.account.acct : `${status.account.acct}@${instance.domain}`;
  return {
    externalId: `mastodon:${status.uri}`,
    url: status.url ?? status.uri,
    title: warning || null,
    content,
    authorName: mentionTextOf(status.account.display_name) || status.account.username || null,
    authorHandle: `@${handle}`,
    publishedAt: dateOf(status.created_at),
    engagement: countsOf({
      replies: status.replies_count,
      reposts: status.reblogs_count,
      likes: status.favourites_count,
    }),
    rating: null,
    platform: 'Mastodon',
    channel: 'social',
  };
}

/** The rel="next" address of a Link header, when it stays on the instance. */
export function nextLinkOf(link: string | null, instance: MastodonInstance): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (!match?.[1]) continue;
    try {
      const next = new URL(match[1]);
      return next.origin === new URL(instance.baseUrl).origin ? next.href : null;
    } catch {
      return null;
    }
  }
  return null;
}

type TimelineRead = { mentions: Mention[]; stoppedEarly: string | null };

export class MastodonSource implements MentionSource {
  readonly kind = 'mastodon' as const;
  readonly label = 'Mastodon';
  constructor(
    private readonly instances: MastodonInstance[],
    private readonly retry?: RetryPolicy,
    private readonly wait?: (ms: number) => Promise<unknown>,
  ) {}

  availability(): SourceAvailability {
    if (this.instances.length > 0) return { available: true };
    return {
      available: false,
      reason: NOT_AVAILABLE_ON_THIS_SERVER,
      adminHint: 'Set MASTODON_INSTANCE_URLS to the instances whose hashtag timelines are read (mastodon.social,…).',
    };
  }

  private async timeline(
    instance: MastodonInstance,
    tag: string,
    query: MentionQuery,
    room: number,
    signal?: AbortSignal,
  ): Promise<TimelineRead> {
    const mentions: Mention[] = [];
    let url: string | null = `${instance.baseUrl}/api/v1/timelines/tag/${encodeURIComponent(tag)}?limit=${PAGE_LIMIT}`;
    const since = query.since?.getTime() ?? null;
    for (let page = 0; url && page < MAX_PAGES; page += 1) {
      const answer = await fetchService({
        service: `Mastodon (${instance.domain})`,
        url,
        // the next pages come from the instance's Link header: vetted unless on the configured host
        configuredUrl: instance.baseUrl,
        signal,
        retry: this.retry,
        wait: this.wait,
      });
      const parsed = z.array(ZStatus).safeParse(answer.json());
      if (!parsed.success) {
        throw new ServiceError('malformed', `Mastodon (${instance.domain}) sent a timeline in an unexpected shape.`);
      }
      let older = false;
      for (const entry of parsed.data) {
        const status = entry.reblog ?? entry;
        if (since !== null && Date.parse(entry.created_at) < since) {
          older = true;
          continue;
        }
        const mention = mentionOfStatus(status, instance);
        if (mention) mentions.push(mention);
      }
      if (mentions.length >= room) return { mentions: mentions.slice(0, room), stoppedEarly: null };
      if (older || parsed.data.length === 0) break;
      if (answer.headers.get('x-ratelimit-remaining') === '0') {
        const reset = answer.headers.get('x-ratelimit-reset');
        return {
          mentions,
          stoppedEarly: `${instance.domain} asked for a pause (rate limit${reset ? ` until ${reset}` : ''}); the rest of #${tag} is read next time.`,
        };
      }
      url = nextLinkOf(answer.headers.get('link'), instance);
    }
    return { mentions, stoppedEarly: null };
  }

  async search(query: MentionQuery, context: MentionSearchContext): Promise<MentionSearchResult> {
    const byUri = new Map<string, Mention>();
    const notes: string[] = [];
    const failures: ServiceError[] = [];
    let tried = 0;
    for (const instance of this.instances) {
      for (const tag of hashtagsOf(query)) {
        if (byUri.size >= query.maxItems) break;
        tried += 1;
        try {
          const read = await this.timeline(instance, tag, query, query.maxItems - byUri.size, context.signal);
          for (const mention of read.mentions)
            if (!byUri.has(mention.externalId)) byUri.set(mention.externalId, mention);
          if (read.stoppedEarly) notes.push(read.stoppedEarly);
        } catch (error) {
          context.signal?.throwIfAborted();
          if (!(error instanceof ServiceError)) throw error;
          failures.push(error);
          notes.push(error.message);
        }
        await context.onProgress?.(byUri.size);
      }
    }
    if (tried > 0 && failures.length === tried) throw failures[0]!;
    if (byUri.size >= query.maxItems) notes.push(`Only the newest ${query.maxItems} Mastodon posts were read.`);
    return { mentions: [...byUri.values()], stoppedEarly: notes.length > 0 ? notes.join(' ') : null };
  }
}
