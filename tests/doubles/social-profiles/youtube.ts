/**
 * A loopback double of the YouTube Data API v3 endpoints the channel reader uses, as documented:
 * - GET /channels?part=snippet,statistics,contentDetails&forHandle=@x&key= → a channelListResponse,
 *   without `items` when no channel has the handle;
 * - GET /playlistItems?part=snippet,contentDetails&playlistId=&maxResults=&pageToken= → newest first,
 *   at most 50 a page, nextPageToken while more remain; a channel with no uploads answers 404
 *   playlistNotFound, as YouTube does for the uploads playlist of an empty channel;
 * - GET /videos?part=statistics&id=a,b → statistics as strings (viewCount, likeCount, commentCount).
 * A missing or wrong key answers 400 keyInvalid; quotaExceeded() makes every call answer 403
 * quotaExceeded (domain youtube.quota), as the API does when the day's quota is spent.
 */
import { type DoubleServer, daysAgo, sendJson, startJsonDouble } from './server.ts';

export const YOUTUBE_TEST_KEY = 'yt-test-key-123456';

export type YoutubeVideo = {
  title: string;
  description?: string;
  daysAgo: number;
  views?: number;
  likes?: number;
  comments?: number;
};
export type YoutubeChannel = {
  handle: string;
  title?: string;
  description?: string;
  avatar?: string;
  subscribers?: number;
  videos: YoutubeVideo[];
};

export type YoutubeDouble = DoubleServer & {
  apiUrl: string;
  setChannels(channels: YoutubeChannel[]): void;
  quotaExceeded(on: boolean): void;
};

const apiError = (code: number, reason: string, message: string) => ({
  error: { code, message, errors: [{ message, domain: code === 403 ? 'youtube.quota' : 'global', reason }] },
});

export async function startYoutubeDouble(initial: YoutubeChannel[] = []): Promise<YoutubeDouble> {
  let channels = initial;
  let quota = false;
  const server = await startJsonDouble((url, response) => {
    if (url.searchParams.get('key') !== YOUTUBE_TEST_KEY) {
      return sendJson(response, 400, apiError(400, 'keyInvalid', 'API key not valid. Please pass a valid API key.'));
    }
    if (quota) {
      return sendJson(
        response,
        403,
        apiError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.'),
      );
    }
    if (url.pathname === '/channels') {
      const handle = (url.searchParams.get('forHandle') ?? '').replace(/^@/, '').toLowerCase();
      const channel = channels.find((item) => item.handle.toLowerCase() === handle);
      const base = {
        kind: 'youtube#channelListResponse',
        etag: 'x',
        pageInfo: { totalResults: channel ? 1 : 0, resultsPerPage: 5 },
      };
      if (!channel) return sendJson(response, 200, base);
      return sendJson(response, 200, {
        ...base,
        items: [
          {
            kind: 'youtube#channel',
            id: `UC${channel.handle}`,
            snippet: {
              title: channel.title ?? channel.handle,
              description: channel.description ?? '',
              customUrl: `@${channel.handle.toLowerCase()}`,
              publishedAt: daysAgo(900),
              thumbnails: channel.avatar
                ? {
                    default: { url: `${server.origin}/img/${channel.avatar}`, width: 88, height: 88 },
                    high: { url: `${server.origin}/img/${channel.avatar}`, width: 800, height: 800 },
                  }
                : {},
            },
            statistics: {
              viewCount: '1000',
              subscriberCount: String(channel.subscribers ?? 0),
              hiddenSubscriberCount: false,
              videoCount: String(channel.videos.length),
            },
            contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${channel.handle}` } },
          },
        ],
      });
    }
    if (url.pathname === '/playlistItems') {
      const channel = channels.find((item) => `UU${item.handle}` === url.searchParams.get('playlistId'));
      if (!channel || channel.videos.length === 0)
        return sendJson(
          response,
          404,
          apiError(
            404,
            'playlistNotFound',
            "The playlist identified with the request's playlistId parameter cannot be found.",
          ),
        );
      const max = Math.min(50, Number(url.searchParams.get('maxResults') ?? 5));
      const start = Number(url.searchParams.get('pageToken')?.replace('PAGE', '') ?? 0);
      const sorted = channel.videos
        .map((video, index) => ({ video, id: `vid${index}` }))
        .sort((a, b) => a.video.daysAgo - b.video.daysAgo);
      const page = sorted.slice(start, start + max);
      return sendJson(response, 200, {
        kind: 'youtube#playlistItemListResponse',
        ...(start + max < sorted.length ? { nextPageToken: `PAGE${start + max}` } : {}),
        pageInfo: { totalResults: sorted.length, resultsPerPage: max },
        items: page.map(({ video, id }) => ({
          kind: 'youtube#playlistItem',
          id: `item-${id}`,
          snippet: {
            publishedAt: daysAgo(video.daysAgo),
            title: video.title,
            description: video.description ?? '',
            resourceId: { kind: 'youtube#video', videoId: id },
          },
          contentDetails: { videoId: id, videoPublishedAt: daysAgo(video.daysAgo) },
        })),
      });
    }
    if (url.pathname === '/videos') {
      const ids = (url.searchParams.get('id') ?? '').split(',');
      const all = channels.flatMap((channel) => channel.videos.map((video, index) => ({ video, id: `vid${index}` })));
      return sendJson(response, 200, {
        kind: 'youtube#videoListResponse',
        items: all
          .filter((entry) => ids.includes(entry.id))
          .map(({ video, id }) => ({
            kind: 'youtube#video',
            id,
            statistics: {
              viewCount: String(video.views ?? 0),
              likeCount: String(video.likes ?? 0),
              favoriteCount: '0',
              commentCount: String(video.comments ?? 0),
            },
          })),
      });
    }
    sendJson(response, 404, apiError(404, 'notFound', 'Not Found'));
  });
  return {
    ...server,
    apiUrl: server.origin,
    setChannels(next) {
      channels = next;
    },
    quotaExceeded(on) {
      quota = on;
    },
  };
}
