/**
 * Bluesky profiles from the public AppView (no key): app.bsky.actor.getProfile for the profile and
 * app.bsky.feed.getAuthorFeed (filter posts_no_replies, cursor paging, 100 a page) for the posts.
 * Bluesky profiles have no website field; a handle on the brand's own domain is verified by
 * Bluesky through DNS or /.well-known, so that domain is the profile's link back.
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

type BskyProfile = {
  did?: string;
  handle?: string;
  displayName?: string;
  description?: string;
  avatar?: string;
  followersCount?: number;
};
type BskyFeedItem = {
  post?: {
    uri?: string;
    author?: { did?: string; handle?: string };
    record?: { text?: string; createdAt?: string };
    likeCount?: number;
    replyCount?: number;
    repostCount?: number;
    quoteCount?: number;
  };
  reason?: unknown;
};

export class BlueskyProfileSource implements ProfileSource {
  readonly network = 'bluesky' as const;
  private readonly get: JsonGetter;

  constructor(private readonly appviewUrl: string) {
    this.get = serviceGetter('Bluesky', appviewUrl);
  }

  async read(handle: string, options: ReadOptions): Promise<ProfileRead> {
    const fetchedAt = new Date().toISOString();
    let profile: BskyProfile;
    try {
      profile = (await this.get(this.xrpc('app.bsky.actor.getProfile', { actor: handle }), options.signal))
        .json as BskyProfile;
    } catch (error) {
      // The AppView answers 400 InvalidRequest "Profile not found" for a handle nobody holds.
      if (
        error instanceof ServiceError &&
        error.kind === 'bad_request' &&
        /not found/i.test(error.details.body ?? '')
      ) {
        return { exists: false, handle, fetchedAt, reason: `No Bluesky account has the handle ${handle}` };
      }
      return notMeasuredFrom('bluesky', handle, error);
    }
    if (!profile.did || !profile.handle) return notMeasuredFrom('bluesky', handle, new ServiceError('malformed', ''));
    let posts: ProfilePost[];
    try {
      posts = await this.posts(profile.did, profile.handle, options);
    } catch (error) {
      return notMeasuredFrom('bluesky', handle, error);
    }
    const ownDomain = /\.bsky\.social$/i.test(profile.handle) ? null : `https://${profile.handle}`;
    return {
      exists: true,
      handle: profile.handle,
      url: `https://bsky.app/profile/${profile.handle}`,
      name: profile.displayName?.trim() || null,
      bio: profile.description?.trim() || null,
      website: ownDomain ?? firstUrl(profile.description),
      avatarUrl: profile.avatar ?? null,
      followers: numberOr(profile.followersCount) ?? null,
      posts,
      fetchedAt,
    };
  }

  private xrpc(method: string, params: Record<string, string>): string {
    return `${this.appviewUrl}/xrpc/${method}?${new URLSearchParams(params)}`;
  }

  private async posts(did: string, handle: string, { since, signal }: ReadOptions): Promise<ProfilePost[]> {
    const posts: ProfilePost[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_POST_PAGES; page += 1) {
      const params: Record<string, string> = { actor: did, filter: 'posts_no_replies', limit: '100' };
      if (cursor) params.cursor = cursor;
      const answer = (await this.get(this.xrpc('app.bsky.feed.getAuthorFeed', params), signal)).json as {
        feed?: BskyFeedItem[];
        cursor?: string;
      };
      let older = false;
      for (const item of answer.feed ?? []) {
        const post = item.post;
        // reposts of others' posts are not the brand's own posts
        if (!post?.uri || item.reason || post.author?.did !== did || !post.record?.createdAt) continue;
        if (Date.parse(post.record.createdAt) < since.getTime()) {
          older = true;
          continue;
        }
        const rkey = post.uri.split('/').at(-1);
        posts.push({
          id: post.uri,
          url: rkey ? `https://bsky.app/profile/${handle}/post/${rkey}` : null,
          text: post.record.text ?? '',
          publishedAt: new Date(post.record.createdAt).toISOString(),
          engagement: {
            likes: numberOr(post.likeCount),
            replies: numberOr(post.replyCount),
            reposts: numberOr(post.repostCount),
          },
        });
      }
      cursor = answer.cursor;
      if (older || !cursor || (answer.feed ?? []).length === 0) break;
    }
    return posts.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  }
}

function firstUrl(text: string | undefined): string | null {
  const match = /https?:\/\/[^\s)]+/i.exec(text ?? '') ?? /\b([a-z0-9-]+\.)+[a-z]{2,}(\/[^\s)]*)?/i.exec(text ?? '');
  if (!match) return null;
  return match[0].startsWith('http') ? match[0] : `https://${match[0]}`;
}
