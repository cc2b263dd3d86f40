/**
 * A loopback double of the YouTube Data API v3 as the YouTube mention source calls it (`?key=`):
 * `channels.list` (forHandle), `search.list` (type=video, order=date, publishedAfter, 50 a page
 * with nextPageToken), `videos.list` (part=statistics), `commentThreads.list` (videoId or
 * allThreadsRelatedToChannelId, 100 a page, searchTerms). Like Google it counts quota units per
 * call (search 100, the others 1) and, past the quota a test sets, answers 403 `quotaExceeded` in
 * Google's error shape; a wrong key gets 400 `API_KEY_INVALID`; a video with comments off 403
 * `commentsDisabled`.
 */
import { type DoubleReply, type DoubleServer, pageOf, startDoubleServer, stepBack } from './double-server.ts';

export type YoutubeDouble = DoubleServer & {
  apiKey: string;
  /** `count` videos a search finds, newest first, an hour apart from `newest`. */
  loadVideos(count: number, name?: string, newest?: Date): { videoId: string; publishedAt: string }[];
  /** The brand's channel (by handle) and `count` comment threads on its videos. */
  loadChannel(handle: string, count: number, newest?: Date): string;
  /** `count` comment threads on one video. */
  loadVideoComments(videoId: string, count: number, newest?: Date): void;
  disableComments(videoId: string): void;
  /** Units the double allows before answering quotaExceeded (default: unlimited). */
  setQuota(units: number): void;
  unitsSpent: number;
};

const COSTS: Record<string, number> = { '/search': 100, '/channels': 1, '/videos': 1, '/commentThreads': 1 };

function googleError(
  code: number,
  reason: string,
  message: string,
  domain = 'youtube.quota',
  extra: object = {},
): DoubleReply {
  return { status: code, body: { error: { code, message, errors: [{ message, domain, reason }], ...extra } } };
}

function commentThread(videoId: string, channelId: string, index: number, created: Date) {
  const id = `Ugz${videoId}c${index}`;
  return {
    kind: 'youtube#commentThread',
    etag: `etag-${id}`,
    id,
    snippet: {
      channelId,
      videoId,
      topLevelComment: {
        kind: 'youtube#comment',
        etag: `etag-c-${id}`,
        id,
        snippet: {
          channelId,
          videoId,
          textDisplay: `Great &amp; friendly service from Northwind Roasters (${index})`,
          textOriginal: `Great & friendly service from Northwind Roasters (${index})`,
          authorDisplayName: `@viewer${index}`,
          authorProfileImageUrl: 'https://yt3.ggpht.com/a.jpg',
          authorChannelUrl: `http://www.youtube.com/@viewer${index}`,
          authorChannelId: { value: `UCviewer${index}` },
          canRate: true,
          viewerRating: 'none',
          likeCount: index % 6,
          publishedAt: created.toISOString(),
          updatedAt: created.toISOString(),
        },
      },
      canReply: true,
      totalReplyCount: index % 3,
      isPublic: true,
    },
  };
}

export async function startYoutubeDouble(): Promise<YoutubeDouble> {
  const apiKey = 'AIzaTestKeyForYoutube0123456789';
  type Video = { videoId: string; publishedAt: string; title: string; description: string };
  let videos: Video[] = [];
  const channels = new Map<string, string>();
  const threads = new Map<string, ReturnType<typeof commentThread>[]>();
  const disabled = new Set<string>();
  const state = { quota: Number.POSITIVE_INFINITY, spent: 0 };

  const server = await startDoubleServer((request) => {
    if (request.query.get('key') !== apiKey) {
      return googleError(400, 'badRequest', 'API key not valid. Please pass a valid API key.', 'global', {
        status: 'INVALID_ARGUMENT',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
        ],
      });
    }
    const cost = COSTS[request.path];
    if (cost === undefined) return googleError(404, 'notFound', 'Not Found', 'global');
    if (state.spent + cost > state.quota) {
      return googleError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.');
    }
    state.spent += cost;
    const q = request.query;
    const offset = Number(q.get('pageToken')?.replace('CDIQAA', '') || '0');
    if (request.path === '/channels') {
      const id = channels.get(q.get('forHandle') ?? '');
      return {
        status: 200,
        body: {
          kind: 'youtube#channelListResponse',
          pageInfo: { totalResults: id ? 1 : 0, resultsPerPage: 5 },
          ...(id ? { items: [{ kind: 'youtube#channel', etag: 'e', id }] } : {}),
        },
      };
    }
    if (request.path === '/search') {
      const after = q.get('publishedAfter');
      const found = videos.filter((video) => !after || video.publishedAt >= new Date(after).toISOString());
      const page = pageOf(found, offset, Math.min(50, Number(q.get('maxResults') ?? '5')));
      return {
        status: 200,
        body: {
          kind: 'youtube#searchListResponse',
          etag: 'etag-search',
          ...(page.next === null ? {} : { nextPageToken: `CDIQAA${page.next}` }),
          regionCode: 'GB',
          pageInfo: { totalResults: found.length, resultsPerPage: page.items.length },
          items: page.items.map((video) => ({
            kind: 'youtube#searchResult',
            etag: `etag-${video.videoId}`,
            id: { kind: 'youtube#video', videoId: video.videoId },
            snippet: {
              publishedAt: video.publishedAt,
              channelId: 'UCcreator',
              title: video.title,
              description: video.description,
              thumbnails: {
                default: { url: `https://i.ytimg.com/vi/${video.videoId}/default.jpg`, width: 120, height: 90 },
              },
              channelTitle: 'Coffee Reviews &amp; More',
              liveBroadcastContent: 'none',
              publishTime: video.publishedAt,
            },
          })),
        },
      };
    }
    if (request.path === '/videos') {
      const ids = (q.get('id') ?? '').split(',');
      return {
        status: 200,
        body: {
          kind: 'youtube#videoListResponse',
          items: ids.map((id, index) => ({
            kind: 'youtube#video',
            id,
            // Every third video hides its like count, as a creator can.
            statistics: {
              viewCount: String(1000 + index),
              ...(index % 3 === 2 ? {} : { likeCount: String(10 + index) }),
              favoriteCount: '0',
              commentCount: String(index),
            },
          })),
        },
      };
    }
    const key = q.get('videoId') ?? `channel:${q.get('allThreadsRelatedToChannelId')}`;
    if (disabled.has(key)) {
      return googleError(
        403,
        'commentsDisabled',
        'The video identified by the videoId parameter has disabled comments.',
        'youtube.commentThread',
      );
    }
    const list = threads.get(key) ?? [];
    const page = pageOf(list, offset, Math.min(100, Number(q.get('maxResults') ?? '20')));
    return {
      status: 200,
      body: {
        kind: 'youtube#commentThreadListResponse',
        ...(page.next === null ? {} : { nextPageToken: `CDIQAA${page.next}` }),
        pageInfo: { totalResults: page.items.length, resultsPerPage: page.items.length },
        items: page.items,
      },
    };
  });

  return {
    ...server,
    apiKey,
    get unitsSpent() {
      return state.spent;
    },
    loadVideos(count, name = 'Northwind Roasters', newest = new Date()) {
      videos = Array.from({ length: count }, (_, index) => ({
        videoId: `vid${String(index + 1).padStart(8, '0')}`,
        publishedAt: stepBack(newest, index).toISOString(),
        title: `${name} review #${index + 1}`,
        description: index % 4 === 3 ? '' : `We visit ${name} and taste their espresso...`,
      }));
      return videos;
    },
    loadChannel(handle, count, newest = new Date()) {
      const channelId = `UC${handle.replace(/\W/g, '')}`;
      channels.set(`@${handle}`, channelId);
      threads.set(
        `channel:${channelId}`,
        Array.from({ length: count }, (_, index) =>
          commentThread(`own${index % 5}`, channelId, index + 1, stepBack(newest, index)),
        ),
      );
      return channelId;
    },
    loadVideoComments(videoId, count, newest = new Date()) {
      threads.set(
        videoId,
        Array.from({ length: count }, (_, index) =>
          commentThread(videoId, 'UCcreator', index + 1, stepBack(newest, index)),
        ),
      );
    },
    disableComments(videoId) {
      disabled.add(videoId);
    },
    setQuota(units) {
      state.quota = units;
      state.spent = 0;
    },
  };
}
