/**
 * YouTube channels through the Data API v3 (an API key): channels.list with
 * part=snippet,statistics,contentDetails&forHandle=@handle for the channel, playlistItems.list on
 * its uploads playlist (50 a page, nextPageToken) for its videos, and videos.list part=statistics
 * for their views, likes and comments. The API gives no channel links, so the link-back check is
 * not measured on YouTube. A spent daily quota answers 403 with reason quotaExceeded.
 */
import { ServiceError } from '../../http/fetch-service.ts';
import { type JsonGetter, serviceGetter } from '../http.ts';
import {
  MAX_POST_PAGES,
  notMeasuredFrom,
  numberOr,
  type ProfilePost,
  type ProfileRead,
  type ProfileSource,
  type ReadOptions,
} from '../profile-source.ts';

type Thumbnails = Record<string, { url?: string } | undefined>;
type Channel = {
  id?: string;
  snippet?: { title?: string; description?: string; customUrl?: string; thumbnails?: Thumbnails };
  statistics?: { subscriberCount?: string; hiddenSubscriberCount?: boolean };
  contentDetails?: { relatedPlaylists?: { uploads?: string } };
};
type PlaylistItem = {
  snippet?: { title?: string; description?: string; publishedAt?: string; resourceId?: { videoId?: string } };
  contentDetails?: { videoId?: string; videoPublishedAt?: string };
};
type VideoStats = { id?: string; statistics?: { viewCount?: string; likeCount?: string; commentCount?: string } };

export class YoutubeProfileSource implements ProfileSource {
  readonly network = 'youtube' as const;
  private readonly get: JsonGetter;

  constructor(
    private readonly apiUrl: string,
    private readonly apiKey: string | undefined,
  ) {
    this.get = serviceGetter('YouTube', apiUrl, [apiKey]);
  }

  async read(handle: string, options: ReadOptions): Promise<ProfileRead> {
    const fetchedAt = new Date().toISOString();
    if (!this.apiKey)
      return { notMeasured: 'Not measured: no YouTube API key configured (YOUTUBE_API_KEY)', handle, fetchedAt };
    try {
      const answer = (
        await this.get(
          this.url('channels', { part: 'snippet,statistics,contentDetails', forHandle: `@${handle}` }),
          options.signal,
        )
      ).json as { items?: Channel[] };
      const channel = answer.items?.[0];
      if (!channel?.id)
        return { exists: false, handle, fetchedAt, reason: `No YouTube channel has the handle @${handle}` };
      const uploads = channel.contentDetails?.relatedPlaylists?.uploads;
      const posts = uploads ? await this.videos(uploads, options) : [];
      const thumbnails = channel.snippet?.thumbnails ?? {};
      const subscribers = channel.statistics?.hiddenSubscriberCount
        ? undefined
        : numberOr(channel.statistics?.subscriberCount);
      return {
        exists: true,
        handle: channel.snippet?.customUrl ?? `@${handle}`,
        url: `https://www.youtube.com/${channel.snippet?.customUrl ?? `@${handle}`}`,
        name: channel.snippet?.title?.trim() || null,
        bio: channel.snippet?.description?.trim() || null,
        website: null,
        websiteUnavailable: "YouTube's Data API does not give a channel's links",
        avatarUrl: (thumbnails.high ?? thumbnails.medium ?? thumbnails.default)?.url ?? null,
        followers: subscribers ?? null,
        posts,
        fetchedAt,
      };
    } catch (error) {
      if (error instanceof ServiceError && /quotaExceeded|dailyLimitExceeded/.test(error.details.body ?? '')) {
        return notMeasuredFrom('youtube', handle, new ServiceError('quota', ''));
      }
      return notMeasuredFrom('youtube', handle, error);
    }
  }

  private url(resource: string, params: Record<string, string>): string {
    return `${this.apiUrl}/${resource}?${new URLSearchParams({ ...params, key: this.apiKey ?? '' })}`;
  }

  /**
   * One page of the uploads playlist. YouTube answers 404 playlistNotFound for the uploads playlist
   * of a channel that has never uploaded: that channel exists and has no videos.
   */
  private async uploadsPage(params: Record<string, string>, signal: AbortSignal | undefined, page: number) {
    try {
      return (await this.get(this.url('playlistItems', params), signal)).json;
    } catch (error) {
      const empty =
        page === 0 &&
        error instanceof ServiceError &&
        error.details.status === 404 &&
        /playlistNotFound/.test(error.details.body ?? '');
      if (empty) return { items: [] };
      throw error;
    }
  }

  private async videos(playlistId: string, { since, signal }: ReadOptions): Promise<ProfilePost[]> {
    const found: { id: string; title: string; text: string; publishedAt: string }[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_POST_PAGES; page += 1) {
      const params: Record<string, string> = { part: 'snippet,contentDetails', playlistId, maxResults: '50' };
      if (pageToken) params.pageToken = pageToken;
      const answer = (await this.uploadsPage(params, signal, page)) as {
        items?: PlaylistItem[];
        nextPageToken?: string;
      };
      let older = false;
      for (const item of answer.items ?? []) {
        const id = item.contentDetails?.videoId ?? item.snippet?.resourceId?.videoId;
        const published = item.contentDetails?.videoPublishedAt ?? item.snippet?.publishedAt;
        if (!id || !published) continue;
        if (Date.parse(published) < since.getTime()) {
          older = true;
          continue;
        }
        found.push({
          id,
          title: item.snippet?.title ?? '',
          text: item.snippet?.description ?? '',
          publishedAt: new Date(published).toISOString(),
        });
      }
      pageToken = answer.nextPageToken;
      if (older || !pageToken) break;
    }
    const stats = new Map<string, VideoStats['statistics']>();
    for (let index = 0; index < found.length; index += 50) {
      const ids = found.slice(index, index + 50).map((video) => video.id);
      const answer = (await this.get(this.url('videos', { part: 'statistics', id: ids.join(',') }), signal)).json as {
        items?: VideoStats[];
      };
      for (const video of answer.items ?? []) if (video.id) stats.set(video.id, video.statistics);
    }
    return found
      .map((video) => {
        const statistics = stats.get(video.id);
        return {
          id: video.id,
          url: `https://www.youtube.com/watch?v=${video.id}`,
          text: [video.title, video.text].filter(Boolean).join('. '),
          publishedAt: video.publishedAt,
          engagement: {
            likes: numberOr(statistics?.likeCount),
            replies: numberOr(statistics?.commentCount),
            views: numberOr(statistics?.viewCount),
          },
        };
      })
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  }
}
