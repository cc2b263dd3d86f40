/**
 * YouTube videos naming the brand and comments about it, through the YouTube Data API v3 with an
 * API key, within the project's daily quota (youtube-api.ts counts it).
 *
 * One run, cheapest and surest first:
 * 1. the brand's own channel from its declared handle (`channels.list?forHandle=@handle`, 1 unit,
 *    remembered), and the comment threads on all its videos (`commentThreads.list?
 *    allThreadsRelatedToChannelId=…&order=time`, 100 a page, 1 unit a page);
 * 2. videos naming the brand (`search.list?part=snippet&type=video&q=…&order=date&publishedAfter=
 *    since`, 50 a page, 100 units a page; YouTube stops paging after about 500 results);
 * 3. their statistics (`videos.list?part=statistics`, 50 ids a call, 1 unit): views, likes,
 *    comments as YouTube states them (a hidden like count is left out, never 0);
 * 4. comments naming the brand on those videos (`commentThreads.list?videoId=…&searchTerms=<name>`,
 *    one page each, for the newest videos first); a video with comments off is skipped.
 *
 * Query: `"<name>"|<domain>` with each excluded term as `-term`: search.list documents the
 * Boolean NOT (-) and OR (|) operators. Limits of what comes back: a search snippet's description
 * is cut short by YouTube; replies to comments are not read (their count is kept as `replies`).
 */
import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { ServiceError } from '../../http/fetch-service.ts';
import {
  dateFrom,
  engagementOf,
  keptOnRateLimit,
  olderThan,
  plainText,
  quotedPhrase,
  realWait,
  unavailable,
  type Wait,
} from '../keyed-source-helpers.ts';
import type {
  Mention,
  MentionQuery,
  MentionSearchContext,
  MentionSearchResult,
  MentionSource,
} from '../mention-source.ts';
import { QuotaStop, type YoutubeApi, YoutubeQuotaLedger, youtubeApiForRun, youtubeErrorReason } from './youtube-api.ts';

/** One search page and its comments, at least, whatever the daily figure. */
const QUOTA_RUN_MINIMUM = 150;
/** Videos whose comments are read in one run (1 unit each). */
const VIDEOS_WITH_COMMENTS = 20;

export type YoutubeSourceDeps = {
  wait?: Wait;
  now?: () => number;
  /** Shared by every source built for the same key (the day's units). */
  ledger?: YoutubeQuotaLedger;
  /** The most one run may spend; a fifth of the day by default, so one brand cannot spend all. */
  runUnits?: number;
};

type SearchItem = {
  id?: { videoId?: string };
  snippet?: { publishedAt?: string; channelId?: string; title?: string; description?: string; channelTitle?: string };
};
type CommentThread = {
  id?: string;
  snippet?: {
    videoId?: string;
    totalReplyCount?: number;
    topLevelComment?: {
      id?: string;
      snippet?: {
        authorDisplayName?: string;
        textDisplay?: string;
        likeCount?: number;
        publishedAt?: string;
        videoId?: string;
      };
    };
  };
};
type Paged<T> = { items?: T[]; nextPageToken?: string };

/** `"name"|domain -excluded -"two words"`, as search.list's q documents. */
export function youtubeQuery(query: MentionQuery): string {
  const wanted = [quotedPhrase(query.name), ...(query.domain ? [query.domain] : [])].join('|');
  const excluded = query.excludeTerms
    .map((term) => term.trim())
    .filter(Boolean)
    .map((term) => (/\s/.test(term) ? `-${quotedPhrase(term)}` : `-${term.replace(/"/g, '')}`));
  return [wanted, ...excluded].join(' ');
}

/**
 * Video mapping: id ← `id.videoId`, url ← youtube.com/watch?v=…, title ← `snippet.title`, content
 * ← the title and `snippet.description` (YouTube shortens it), author ← `snippet.channelTitle`,
 * date ← `snippet.publishedAt`; engagement from videos.list `statistics` when read.
 */
export function mentionFromVideo(item: SearchItem): Mention | null {
  const videoId = item.id?.videoId;
  const title = plainText(item.snippet?.title);
  const description = plainText(item.snippet?.description);
  // The title leads: a channel's videos often share one description, and the title is what tells
  // them apart (to the reader, and to the same-text check that merges copies within a run).
  const content = [title, description].filter(Boolean).join('\n');
  if (!videoId || !content) return null;
  return {
    externalId: `youtube:video:${videoId}`,
    url: `https://www.youtube.com/watch?v=${videoId}`,
    title: title || null,
    content,
    authorName: plainText(item.snippet?.channelTitle) || null,
    authorHandle: null,
    publishedAt: dateFrom(item.snippet?.publishedAt),
    engagement: {},
    rating: null,
    platform: 'YouTube',
    channel: 'video',
  };
}

/**
 * Comment mapping: id ← the top-level comment's `id`, url ← the video with `&lc=<comment id>`,
 * content ← `textDisplay` (asked as plain text), author ← `authorDisplayName`, date ←
 * `publishedAt`, engagement ← `likeCount` as likes and the thread's `totalReplyCount` as replies.
 */
export function mentionFromCommentThread(thread: CommentThread): Mention | null {
  const comment = thread.snippet?.topLevelComment;
  const videoId = thread.snippet?.videoId ?? comment?.snippet?.videoId;
  const content = plainText(comment?.snippet?.textDisplay);
  if (!comment?.id || !content) return null;
  return {
    externalId: `youtube:comment:${comment.id}`,
    url: videoId ? `https://www.youtube.com/watch?v=${videoId}&lc=${comment.id}` : null,
    title: null,
    content,
    authorName: comment.snippet?.authorDisplayName?.trim() || null,
    authorHandle: null,
    publishedAt: dateFrom(comment.snippet?.publishedAt),
    engagement: engagementOf({ likes: comment.snippet?.likeCount, replies: thread.snippet?.totalReplyCount }),
    rating: null,
    platform: 'YouTube · comment',
    channel: 'video',
  };
}

class Collected {
  readonly byId = new Map<string, Mention>();
  constructor(
    readonly maxItems: number,
    readonly since: Date | null,
  ) {}
  get full() {
    return this.byId.size >= this.maxItems;
  }
  /** Adds the mention; false when it is older than since (the caller's list is newest first). */
  add(mention: Mention | null): boolean {
    if (!mention) return true;
    if (olderThan(mention.publishedAt, this.since)) return false;
    if (!this.full) this.byId.set(mention.externalId, mention);
    return true;
  }
}

async function channelComments(api: YoutubeApi, channelId: string, found: Collected, signal?: AbortSignal) {
  let pageToken: string | undefined;
  do {
    const params: Record<string, string> = {
      part: 'snippet',
      allThreadsRelatedToChannelId: channelId,
      order: 'time',
      maxResults: '100',
      textFormat: 'plainText',
      ...(pageToken ? { pageToken } : {}),
    };
    const page = (await api.get('commentThreads', params, signal)) as Paged<CommentThread>;
    for (const thread of page.items ?? []) if (!found.add(mentionFromCommentThread(thread))) return;
    pageToken = page.nextPageToken;
  } while (pageToken && !found.full);
}

async function searchVideos(api: YoutubeApi, query: MentionQuery, found: Collected, signal?: AbortSignal) {
  const videoIds: string[] = [];
  let pageToken: string | undefined;
  do {
    const params: Record<string, string> = {
      part: 'snippet',
      type: 'video',
      q: youtubeQuery(query),
      order: 'date',
      maxResults: '50',
      relevanceLanguage: query.market.language,
      ...(query.since ? { publishedAfter: query.since.toISOString() } : {}),
      ...(pageToken ? { pageToken } : {}),
    };
    const page = (await api.get('search', params, signal)) as Paged<SearchItem>;
    if (!Array.isArray(page.items)) throw new ServiceError('malformed', 'YouTube sent a search answer without items.');
    for (const item of page.items) {
      const mention = mentionFromVideo(item);
      if (!mention || !item.id?.videoId || found.byId.has(mention.externalId)) continue;
      // order=date: the first video older than since, or a full run, ends the search.
      if (found.full || !found.add(mention)) return videoIds;
      videoIds.push(item.id.videoId);
    }
    pageToken = page.nextPageToken;
  } while (pageToken && !found.full);
  return videoIds;
}

async function addStatistics(api: YoutubeApi, videoIds: string[], found: Collected, signal?: AbortSignal) {
  for (let start = 0; start < videoIds.length; start += 50) {
    const ids = videoIds.slice(start, start + 50);
    const page = (await api.get(
      'videos',
      { part: 'statistics', id: ids.join(','), maxResults: '50' },
      signal,
    )) as Paged<{
      id?: string;
      statistics?: Record<string, string>;
    }>;
    for (const video of page.items ?? []) {
      const mention = found.byId.get(`youtube:video:${video.id}`);
      const stats = video.statistics ?? {};
      if (mention) {
        mention.engagement = engagementOf({
          views: stats.viewCount,
          likes: stats.likeCount,
          comments: stats.commentCount,
        });
      }
    }
  }
}

async function videoComments(
  api: YoutubeApi,
  query: MentionQuery,
  videoIds: string[],
  found: Collected,
  signal?: AbortSignal,
) {
  for (const videoId of videoIds.slice(0, VIDEOS_WITH_COMMENTS)) {
    if (found.full) return;
    const params = {
      part: 'snippet',
      videoId,
      searchTerms: query.name,
      order: 'time',
      maxResults: '100',
      textFormat: 'plainText',
    };
    try {
      const page = (await api.get('commentThreads', params, signal)) as Paged<CommentThread>;
      for (const thread of page.items ?? []) if (!found.add(mentionFromCommentThread(thread))) break;
    } catch (error) {
      if (error instanceof ServiceError && youtubeErrorReason(error) === 'commentsDisabled') continue;
      throw error;
    }
  }
}

export function createYoutubeMentionSource(
  config: OutsideServicesConfig['youtube'],
  deps: YoutubeSourceDeps = {},
): MentionSource {
  const wait = deps.wait ?? realWait;
  const ledger = deps.ledger ?? new YoutubeQuotaLedger(config.dailyQuotaUnits, deps.now);
  const runUnits = deps.runUnits ?? Math.max(QUOTA_RUN_MINIMUM, Math.floor(config.dailyQuotaUnits / 5));
  const channelIds = new Map<string, string | null>();

  async function channelIdOf(api: YoutubeApi, handle: string, signal?: AbortSignal): Promise<string | null> {
    const known = channelIds.get(handle);
    if (known !== undefined) return known;
    const page = (await api.get(
      'channels',
      { part: 'id', forHandle: `@${handle.replace(/^@/, '')}` },
      signal,
    )) as Paged<{ id?: string }>;
    const id = page.items?.[0]?.id ?? null;
    channelIds.set(handle, id);
    return id;
  }

  return {
    kind: 'youtube',
    label: 'YouTube',
    availability: () => (config.apiKey ? { available: true } : unavailable('Set YOUTUBE_API_KEY')),
    async search(query: MentionQuery, context: MentionSearchContext): Promise<MentionSearchResult> {
      const apiKey = config.apiKey;
      if (!apiKey) throw new ServiceError('auth', 'YouTube is not configured on this server.');
      const api = youtubeApiForRun({ apiUrl: config.apiUrl, apiKey }, ledger, runUnits, wait);
      const found = new Collected(query.maxItems, query.since);
      const result = (stoppedEarly: string | null) => ({ mentions: [...found.byId.values()], stoppedEarly });
      try {
        const handle = query.handles.youtube;
        const channelId = handle ? await channelIdOf(api, handle, context.signal) : null;
        if (channelId) await channelComments(api, channelId, found, context.signal);
        await context.onProgress?.(found.byId.size);
        const videoIds = found.full ? [] : await searchVideos(api, query, found, context.signal);
        await context.onProgress?.(found.byId.size);
        await addStatistics(api, videoIds, found, context.signal);
        await videoComments(api, query, videoIds, found, context.signal);
        await context.onProgress?.(found.byId.size);
        return result(found.full ? `Stopped at ${query.maxItems} items for this run.` : null);
      } catch (error) {
        if (error instanceof QuotaStop) {
          return result(
            error.scope === 'day'
              ? `YouTube's daily quota for this server is used up (${ledger.spentToday()} of ${ledger.dailyUnits} units); the rest is read after it resets at midnight Pacific time.`
              : `This run used its share of YouTube's daily quota (${api.spent} units); the rest is read on the next run.`,
          );
        }
        if (error instanceof ServiceError && error.kind === 'quota' && found.byId.size > 0)
          return result(error.message);
        return keptOnRateLimit('YouTube', [...found.byId.values()], error);
      }
    },
  };
}
