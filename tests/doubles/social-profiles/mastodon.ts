/**
 * A loopback double of a Mastodon instance's public REST API, as documented:
 * - GET /api/v1/accounts/lookup?acct= → Account, or 404 {"error":"Record not found"};
 * - GET /api/v1/accounts/:id/statuses?limit=&max_id=&exclude_replies=&exclude_reblogs= → Status[],
 *   newest first, `limit` (default 20, at most 40) a page, with a Link header whose rel="next" asks for
 *   older statuses (max_id) while more remain. Notes and statuses are HTML; profile fields carry links
 *   in their value and verified_at when rel="me" was confirmed.
 * setNextLink() makes it a misbehaving instance whose rel="next" points elsewhere.
 */
import { type DoubleServer, daysAgo, sendJson, startJsonDouble } from './server.ts';

export type MastodonStatus = {
  text: string;
  daysAgo: number;
  favourites?: number;
  replies?: number;
  reblogs?: number;
  reply?: boolean;
};
export type MastodonAccount = {
  username: string;
  displayName?: string;
  note?: string;
  avatar?: string;
  followers?: number;
  /** profile metadata fields: name → URL */
  website?: { name: string; url: string; verified?: boolean };
  statuses: MastodonStatus[];
};

export type MastodonDouble = DoubleServer & {
  baseUrl: string;
  setAccounts(accounts: MastodonAccount[]): void;
  /** the rel="next" address sent with a first page of statuses instead of the instance's own (null: its own) */
  setNextLink(address: string | null): void;
};

export async function startMastodonDouble(initial: MastodonAccount[] = []): Promise<MastodonDouble> {
  let accounts = initial;
  let nextLink: string | null = null;
  const idOf = (account: MastodonAccount) => String(100000 + accounts.indexOf(account));
  const server = await startJsonDouble((url, response) => {
    if (url.pathname === '/api/v1/accounts/lookup') {
      const acct = (url.searchParams.get('acct') ?? '').replace(/^@/, '').split('@')[0]!.toLowerCase();
      const account = accounts.find((item) => item.username.toLowerCase() === acct);
      if (!account) return sendJson(response, 404, { error: 'Record not found' });
      return sendJson(response, 200, {
        id: idOf(account),
        username: account.username,
        acct: account.username,
        display_name: account.displayName ?? '',
        locked: false,
        bot: false,
        created_at: daysAgo(500),
        note: account.note ?? '',
        url: `${server.origin}/@${account.username}`,
        avatar: account.avatar
          ? `${server.origin}/img/${account.avatar}`
          : `${server.origin}/avatars/original/missing.png`,
        followers_count: account.followers ?? 0,
        following_count: 3,
        statuses_count: account.statuses.length,
        fields: account.website
          ? [
              {
                name: account.website.name,
                value: `<a href="${account.website.url}" target="_blank" rel="nofollow noopener noreferrer me">${account.website.url.replace(/^https?:\/\//, '')}</a>`,
                verified_at: account.website.verified ? daysAgo(30) : null,
              },
            ]
          : [],
      });
    }
    const match = /^\/api\/v1\/accounts\/(\d+)\/statuses$/.exec(url.pathname);
    if (match) {
      const account = accounts.find((item) => idOf(item) === match[1]);
      if (!account) return sendJson(response, 404, { error: 'Record not found' });
      const limit = Math.min(40, Number(url.searchParams.get('limit') ?? 20));
      const excludeReplies = url.searchParams.get('exclude_replies') === 'true';
      const all = account.statuses
        .map((status, index) => ({ status, id: String(900000 - index * 10 - Math.round(status.daysAgo)) }))
        .filter(({ status }) => !(excludeReplies && status.reply))
        .sort((a, b) => a.status.daysAgo - b.status.daysAgo);
      const maxId = url.searchParams.get('max_id');
      const start = maxId ? all.findIndex((item) => item.id === maxId) + 1 : 0;
      const page = all.slice(start, start + limit);
      const headers: Record<string, string> = {};
      if (nextLink && !maxId) {
        headers.link = `<${nextLink}>; rel="next"`;
      } else if (start + limit < all.length && page.length > 0) {
        const next = new URL(url);
        next.searchParams.set('max_id', page.at(-1)!.id);
        headers.link = `<${next.href}>; rel="next", <${url.origin}${url.pathname}?min_id=${page[0]!.id}>; rel="prev"`;
      }
      return sendJson(
        response,
        200,
        page.map(({ status, id }) => ({
          id,
          created_at: daysAgo(status.daysAgo),
          in_reply_to_id: status.reply ? '1' : null,
          visibility: 'public',
          url: `${server.origin}/@${account.username}/${id}`,
          content: `<p>${status.text}</p>`,
          reblog: null,
          favourites_count: status.favourites ?? 0,
          replies_count: status.replies ?? 0,
          reblogs_count: status.reblogs ?? 0,
        })),
        headers,
      );
    }
    sendJson(response, 404, { error: 'Record not found' });
  });
  return {
    ...server,
    baseUrl: server.origin,
    setAccounts(next) {
      accounts = next;
    },
    setNextLink(address) {
      nextLink = address;
    },
  };
}
