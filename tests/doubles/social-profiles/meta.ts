/**
 * A loopback double of the Graph API reads the Facebook and Instagram profile sources make, in
 * Meta's documented shapes:
 * - GET /{version}/me/accounts?fields=instagram_business_account → {data: [{id, instagram_business_account: {id}}]};
 * - GET /{version}/{page}?fields=name,about,...,posts.limit(50){...} → the page's public fields, or
 *   HTTP 404 error code 803 for a name nobody holds, or HTTP 400 error code 10 when the token lacks
 *   Page Public Content Access;
 * - GET /{version}/{ig-user-id}?fields=business_discovery.username(x){...} → {business_discovery: {...}, id},
 *   or HTTP 400 error code 110 / subcode 2207013 for an account that is not a business or creator account.
 */
import { type DoubleServer, daysAgo, sendJson, startJsonDouble } from './server.ts';

export const META_TEST_TOKEN = 'meta-test-token-abcdef';
export const OWN_IG_USER_ID = '17841400000000001';

export type MetaPage = {
  name: string;
  about: string;
  website: string;
  followers: number;
  avatar: string;
  posts: { text: string; daysAgo: number; reactions: number }[];
};
export type MetaIgAccount = {
  username: string;
  name: string;
  biography: string;
  website: string;
  followers: number;
  avatar: string;
  media: { caption: string; daysAgo: number; likes: number; comments: number }[];
};

export type MetaProfilesDouble = DoubleServer & {
  graphUrl: string;
  pages: Map<string, MetaPage>;
  instagram: Map<string, MetaIgAccount>;
  /** pages answer error 10 (no Page Public Content Access) while true */
  refusePages(on: boolean): void;
};

const graphError = (code: number, message: string, subcode?: number) => ({
  error: {
    message,
    type: 'OAuthException',
    code,
    ...(subcode ? { error_subcode: subcode } : {}),
    fbtrace_id: 'Atrace',
  },
});

export async function startMetaProfilesDouble(): Promise<MetaProfilesDouble> {
  const pages = new Map<string, MetaPage>();
  const instagram = new Map<string, MetaIgAccount>();
  let refuse = false;
  const server = await startJsonDouble((url, response) => {
    if (url.searchParams.get('access_token') !== META_TEST_TOKEN) {
      return sendJson(response, 400, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    }
    const path = url.pathname.replace(/^\/v\d+\.\d+\//, '');
    const fields = url.searchParams.get('fields') ?? '';
    if (path === 'me/accounts') {
      return sendJson(response, 200, {
        data: [{ id: '1000', instagram_business_account: { id: OWN_IG_USER_ID } }],
        paging: { cursors: { before: 'a', after: 'b' } },
      });
    }
    if (path === OWN_IG_USER_ID) {
      const username = /business_discovery\.username\(([^)]+)\)/.exec(fields)?.[1] ?? '';
      const account = instagram.get(username);
      if (!account) {
        return sendJson(
          response,
          400,
          graphError(110, `Invalid user id: The user with username: ${username} cannot be found.`, 2207013),
        );
      }
      return sendJson(response, 200, {
        business_discovery: {
          username: account.username,
          name: account.name,
          biography: account.biography,
          website: account.website,
          profile_picture_url: `${server.origin}/img/${account.avatar}`,
          followers_count: account.followers,
          media: {
            data: account.media.map((media, index) => ({
              id: `1790${index}`,
              caption: media.caption,
              timestamp: daysAgo(media.daysAgo).replace('Z', '+0000'),
              permalink: `https://www.instagram.com/p/X${index}/`,
              like_count: media.likes,
              comments_count: media.comments,
            })),
          },
          id: '17841400000000099',
        },
        id: OWN_IG_USER_ID,
      });
    }
    const page = pages.get(decodeURIComponent(path));
    if (refuse) {
      return sendJson(
        response,
        400,
        graphError(
          10,
          "(#10) This endpoint requires the 'pages_read_engagement' permission or the 'Page Public Content Access' feature.",
        ),
      );
    }
    if (!page)
      return sendJson(response, 404, graphError(803, `(#803) Some of the aliases you requested do not exist: ${path}`));
    return sendJson(response, 200, {
      id: '2000',
      name: page.name,
      about: page.about,
      website: page.website,
      followers_count: page.followers,
      fan_count: page.followers,
      link: `https://www.facebook.com/${path}`,
      picture: { data: { url: `${server.origin}/img/${page.avatar}`, is_silhouette: false } },
      posts: {
        data: page.posts.map((post, index) => ({
          id: `2000_${index}`,
          message: post.text,
          created_time: daysAgo(post.daysAgo).replace('Z', '+0000'),
          permalink_url: `https://www.facebook.com/${path}/posts/${index}`,
          reactions: { data: [], summary: { total_count: post.reactions } },
          comments: { data: [], summary: { total_count: 0 } },
        })),
      },
    });
  });
  return {
    ...server,
    graphUrl: `${server.origin}/v23.0`,
    pages,
    instagram,
    refusePages(on) {
      refuse = on;
    },
  };
}
