/**
 * Mastodon profiles on the account's own instance (no key): /api/v1/accounts/lookup?acct= for the
 * account and /api/v1/accounts/:id/statuses (public, without replies and boosts, 40 a page, paged
 * by the Link header's rel="next") for its posts. The instance comes from the user's handle, so it
 * is fetched with safeFetch's address rules, unless the operator lists it in MASTODON_INSTANCE_URLS
 * (then its configured base URL is used, with the service client's retries).
 */
import type { MastodonAccount } from '../../../../shared/social-handles.ts';
import type { MastodonInstance } from '../../../outside-services-config.ts';
import { ServiceError } from '../../http/fetch-service.ts';
import { type JsonGetter, nextLink, safeGetter, serviceGetter } from '../http.ts';
import {
  MAX_POST_PAGES,
  notMeasuredFrom,
  numberOr,
  type ProfilePost,
  type ProfileRead,
  type ProfileSource,
  plainText,
  type ReadOptions,
} from '../profile-source.ts';

type MastodonApiAccount = {
  id?: string;
  acct?: string;
  username?: string;
  display_name?: string;
  note?: string;
  url?: string;
  avatar?: string;
  followers_count?: number;
  fields?: { name?: string; value?: string; verified_at?: string | null }[];
};
type MastodonStatus = {
  id?: string;
  created_at?: string;
  url?: string | null;
  content?: string;
  favourites_count?: number;
  replies_count?: number;
  reblogs_count?: number;
  reblog?: unknown;
};

export class MastodonProfileSource implements ProfileSource {
  readonly network = 'mastodon' as const;

  constructor(
    private readonly configured: MastodonInstance[],
    private readonly allowLoopback: boolean,
  ) {}

  /** 'brand@mastodon.social' (a handle the brand schema accepted) */
  async read(handle: string, options: ReadOptions): Promise<ProfileRead> {
    const fetchedAt = new Date().toISOString();
    const account = parseAccount(handle);
    if (!account) return { notMeasured: 'Not measured: the Mastodon handle is not user@instance', handle, fetchedAt };
    const listed = this.configured.find((instance) => instance.domain === account.instance);
    const base = listed?.baseUrl ?? `https://${account.instance}`;
    const get: JsonGetter = listed
      ? serviceGetter(`Mastodon (${account.instance})`, listed.baseUrl)
      : safeGetter(`Mastodon (${account.instance})`, { allowLoopback: this.allowLoopback });
    let found: MastodonApiAccount;
    try {
      found = (
        await get(`${base}/api/v1/accounts/lookup?${new URLSearchParams({ acct: account.user })}`, options.signal)
      ).json as MastodonApiAccount;
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'not_found') {
        return { exists: false, handle, fetchedAt, reason: `${account.instance} has no account @${account.user}` };
      }
      return notMeasuredFrom('mastodon', handle, error);
    }
    if (!found.id) return notMeasuredFrom('mastodon', handle, new ServiceError('malformed', ''));
    let posts: ProfilePost[];
    try {
      posts = await statuses(get, `${base}/api/v1/accounts/${encodeURIComponent(found.id)}/statuses`, options);
    } catch (error) {
      return notMeasuredFrom('mastodon', handle, error);
    }
    return {
      exists: true,
      handle: `${account.user}@${account.instance}`,
      url: found.url ?? `https://${account.instance}/@${account.user}`,
      name: found.display_name?.trim() || null,
      bio: found.note ? plainText(found.note) || null : null,
      website: websiteField(found.fields ?? []),
      avatarUrl: found.avatar ?? null,
      followers: numberOr(found.followers_count) ?? null,
      posts,
      fetchedAt,
    };
  }
}

function parseAccount(handle: string): MastodonAccount | null {
  const [user, instance] = handle.replace(/^@/, '').toLowerCase().split('@');
  return user && instance ? { user, instance } : null;
}

/** The first profile field holding a link, a verified one first (rel="me" confirmed by the instance). */
function websiteField(fields: NonNullable<MastodonApiAccount['fields']>): string | null {
  const withLink = fields
    .map((field) => ({ field, href: /href="([^"]+)"/i.exec(field.value ?? '')?.[1] ?? null }))
    .filter((entry) => entry.href);
  const verified = withLink.find((entry) => entry.field.verified_at);
  return (verified ?? withLink[0])?.href ?? null;
}

async function statuses(get: JsonGetter, first: string, { since, signal }: ReadOptions): Promise<ProfilePost[]> {
  const posts: ProfilePost[] = [];
  let url: string | null =
    `${first}?${new URLSearchParams({ exclude_replies: 'true', exclude_reblogs: 'true', limit: '40' })}`;
  for (let page = 0; url && page < MAX_POST_PAGES; page += 1) {
    const answer = await get(url, signal);
    const list = Array.isArray(answer.json) ? (answer.json as MastodonStatus[]) : [];
    let older = false;
    for (const status of list) {
      if (!status.id || !status.created_at || status.reblog) continue;
      if (Date.parse(status.created_at) < since.getTime()) {
        older = true;
        continue;
      }
      posts.push({
        id: status.id,
        url: status.url ?? null,
        text: plainText(status.content ?? ''),
        publishedAt: new Date(status.created_at).toISOString(),
        engagement: {
          likes: numberOr(status.favourites_count),
          replies: numberOr(status.replies_count),
          reposts: numberOr(status.reblogs_count),
        },
      });
    }
    url = older || list.length === 0 ? null : nextLink(answer.link);
  }
  return posts;
}
