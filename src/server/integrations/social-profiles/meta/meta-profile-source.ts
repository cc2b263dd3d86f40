/**
 * Facebook Pages and Instagram business/creator accounts through Meta's Graph API, with the
 * operator's token (META_GRAPH_TOKEN, or the Ad Library token).
 *
 * - Facebook: GET /{page}?fields=name,about,website,followers_count,fan_count,picture,posts. Reading
 *   a page the token's user does not manage needs Meta's "Page Public Content Access" feature (or
 *   pages_read_engagement on a page the user manages); without it Meta answers error 10 or 100.
 * - Instagram: Business Discovery, GET /{ig-user-id}?fields=business_discovery.username(x){...},
 *   asked through the token's own Instagram professional account (found with
 *   /me/accounts?fields=instagram_business_account). It needs instagram_basic and
 *   pages_read_engagement, and reads business and creator accounts only.
 * Whatever Meta refuses is "not measured" with Meta's reason; the token never leaves the server.
 */
import { ServiceError } from '../../http/fetch-service.ts';
import { type JsonGetter, serviceGetter } from '../http.ts';
import {
  notMeasuredFrom,
  numberOr,
  type ProfilePost,
  type ProfileRead,
  type ProfileSource,
  type ReadOptions,
} from '../profile-source.ts';

type MetaConfig = { graphUrl: string; token: string | undefined };
type GraphError = { error?: { message?: string; code?: number; error_subcode?: number } };
type PagePost = {
  id?: string;
  message?: string;
  created_time?: string;
  permalink_url?: string;
  shares?: { count?: number };
  reactions?: { summary?: { total_count?: number } };
  comments?: { summary?: { total_count?: number } };
};
type IgMedia = {
  id?: string;
  caption?: string;
  timestamp?: string;
  permalink?: string;
  like_count?: number;
  comments_count?: number;
};

const PAGE_FIELDS =
  'name,about,description,website,followers_count,fan_count,link,picture.type(large){url},posts.limit(50){id,message,created_time,permalink_url,shares,reactions.summary(true).limit(0),comments.summary(true).limit(0)}';
const IG_FIELDS =
  'username,name,biography,website,profile_picture_url,followers_count,media.limit(50){id,caption,timestamp,permalink,like_count,comments_count}';

export class MetaProfileSource implements ProfileSource {
  private readonly get: JsonGetter;
  private instagramUserId: Promise<string | null> | null = null;

  constructor(
    readonly network: 'facebook' | 'instagram',
    private readonly config: MetaConfig,
  ) {
    this.get = serviceGetter(network === 'facebook' ? 'Facebook' : 'Instagram', config.graphUrl, [config.token]);
  }

  async read(handle: string, options: ReadOptions): Promise<ProfileRead> {
    const fetchedAt = new Date().toISOString();
    if (!this.config.token) {
      return { notMeasured: 'Not measured: no Meta Graph token configured (META_GRAPH_TOKEN)', handle, fetchedAt };
    }
    try {
      return this.network === 'facebook' ? await this.page(handle, options) : await this.instagram(handle, options);
    } catch (error) {
      const refused = graphRefusal(error);
      if (refused === 'missing') {
        return { exists: false, handle, fetchedAt, reason: `Facebook has no page named ${handle}` };
      }
      if (refused) return { notMeasured: `Not measured: Meta refused the read: ${refused}`, handle, fetchedAt };
      return notMeasuredFrom(this.network, handle, error);
    }
  }

  private url(path: string, params: Record<string, string>): string {
    return `${this.config.graphUrl}/${path}?${new URLSearchParams({ ...params, access_token: this.config.token ?? '' })}`;
  }

  private async page(handle: string, { since, signal }: ReadOptions): Promise<ProfileRead> {
    const page = (await this.get(this.url(encodeURIComponent(handle), { fields: PAGE_FIELDS }), signal)).json as {
      id?: string;
      name?: string;
      about?: string;
      description?: string;
      website?: string;
      followers_count?: number;
      fan_count?: number;
      link?: string;
      picture?: { data?: { url?: string } };
      posts?: { data?: PagePost[] };
    };
    const posts: ProfilePost[] = (page.posts?.data ?? [])
      .filter((post) => post.id && post.created_time && Date.parse(post.created_time) >= since.getTime())
      .map((post) => ({
        id: post.id!,
        url: post.permalink_url ?? null,
        text: post.message ?? '',
        publishedAt: new Date(post.created_time!).toISOString(),
        engagement: {
          likes: numberOr(post.reactions?.summary?.total_count),
          replies: numberOr(post.comments?.summary?.total_count),
          reposts: numberOr(post.shares?.count),
        },
      }));
    return {
      exists: true,
      handle,
      url: page.link ?? `https://www.facebook.com/${handle}`,
      name: page.name?.trim() || null,
      bio: (page.about ?? page.description)?.trim() || null,
      website: page.website?.split(/\s+/)[0] || null,
      avatarUrl: page.picture?.data?.url ?? null,
      followers: numberOr(page.followers_count) ?? numberOr(page.fan_count) ?? null,
      posts,
      fetchedAt: new Date().toISOString(),
    };
  }

  private async instagram(username: string, { since, signal }: ReadOptions): Promise<ProfileRead> {
    this.instagramUserId ??= this.ownInstagramAccount(signal);
    const own = await this.instagramUserId;
    if (!own) {
      return {
        notMeasured:
          'Not measured: the Meta token has no Instagram professional account to ask Business Discovery through',
        handle: username,
        fetchedAt: new Date().toISOString(),
      };
    }
    const answer = (
      await this.get(this.url(own, { fields: `business_discovery.username(${username}){${IG_FIELDS}}` }), signal)
    ).json as {
      business_discovery?: {
        username?: string;
        name?: string;
        biography?: string;
        website?: string;
        profile_picture_url?: string;
        followers_count?: number;
        media?: { data?: IgMedia[] };
      };
    };
    const account = answer.business_discovery;
    if (!account) throw new ServiceError('malformed', '');
    const posts: ProfilePost[] = (account.media?.data ?? [])
      .filter((media) => media.id && media.timestamp && Date.parse(media.timestamp) >= since.getTime())
      .map((media) => ({
        id: media.id!,
        url: media.permalink ?? null,
        text: media.caption ?? '',
        publishedAt: new Date(media.timestamp!).toISOString(),
        engagement: { likes: numberOr(media.like_count), replies: numberOr(media.comments_count) },
      }));
    return {
      exists: true,
      handle: account.username ?? username,
      url: `https://www.instagram.com/${account.username ?? username}/`,
      name: account.name?.trim() || null,
      bio: account.biography?.trim() || null,
      website: account.website ?? null,
      avatarUrl: account.profile_picture_url ?? null,
      followers: numberOr(account.followers_count) ?? null,
      posts,
      fetchedAt: new Date().toISOString(),
    };
  }

  private async ownInstagramAccount(signal?: AbortSignal): Promise<string | null> {
    const answer = (await this.get(this.url('me/accounts', { fields: 'instagram_business_account' }), signal)).json as {
      data?: { instagram_business_account?: { id?: string } }[];
    };
    return answer.data?.find((page) => page.instagram_business_account?.id)?.instagram_business_account?.id ?? null;
  }
}

/**
 * Meta's error for a refused read, in its own words: 'missing' for a page name nobody holds
 * (error 803), the message for a permission or a Business Discovery refusal, null otherwise.
 */
function graphRefusal(error: unknown): string | null {
  if (!(error instanceof ServiceError) || !error.details.body) return null;
  let body: GraphError;
  try {
    body = JSON.parse(error.details.body) as GraphError;
  } catch {
    return null;
  }
  const code = body.error?.code;
  if (code === 803) return 'missing';
  if (code === 190) return 'the Meta token is not valid';
  if (code === 4 || code === 17 || code === 32 || code === 613) return 'rate limited';
  if (code === 10 || code === 100 || code === 200 || code === 110) {
    return body.error?.message?.replace(/access_token=[^&\s]+/g, 'access_token=[masked]') ?? 'permission missing';
  }
  return null;
}
