/**
 * What the social profile tests share: a small bakery site on loopback (with an icon, a meta
 * description and an about page), the Bluesky, Mastodon and YouTube doubles, and an app whose
 * configuration points at them. Accounts are set per test through the doubles.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BlueskyAccount, type BlueskyDouble, startBlueskyDouble } from '../doubles/social-profiles/bluesky.ts';
import { type MastodonAccount, type MastodonDouble, startMastodonDouble } from '../doubles/social-profiles/mastodon.ts';
import { fixtureImage } from '../doubles/social-profiles/server.ts';
import {
  startYoutubeDouble,
  YOUTUBE_TEST_KEY,
  type YoutubeChannel,
  type YoutubeDouble,
} from '../doubles/social-profiles/youtube.ts';

export const BAKERY_DESCRIPTION =
  'Northwind Bakery bakes sourdough bread, croissants and seasonal pastries by hand in Leeds every morning.';

const BODY_TEXT = `We bake sourdough bread, croissants and seasonal pastries by hand every morning in our Leeds
bakery. Our flour comes from a mill in Yorkshire and our loaves rise slowly overnight, so the crust is crisp and the
crumb is open. Visit the shop on Kirkgate for fresh bread, coffee and a warm pastry, or order a loaf for the weekend.
We bake small batches, so come early on Saturday for the best choice of bread and pastries.`;

function page(title: string, body: string, extraHead = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><meta name="description" content="${BAKERY_DESCRIPTION}">${extraHead}</head>
<body><main><h1>${title}</h1><p>${body}</p>
<p><a href="/about">About us</a> · <a href="https://bsky.app/profile/northwindbakery.bsky.social">Bluesky</a></p></main></body></html>`;
}

/** Posts in the site's voice: the same words about bread and the shop. */
export const BAKERY_POSTS = [
  'Fresh sourdough bread is out of the oven at our Leeds bakery this morning, with crisp crust and an open crumb.',
  'Seasonal pastries are back: come to the shop on Kirkgate early on Saturday for croissants and a warm pastry.',
  'Our flour comes from a Yorkshire mill, and every loaf rises slowly overnight before we bake it by hand.',
  'Order a sourdough loaf for the weekend, or visit the bakery for fresh bread, coffee and pastries.',
  'Small batches again today: croissants, seasonal pastries and sourdough bread, baked by hand in Leeds.',
  'A warm pastry and coffee at the Kirkgate shop is the best start to a Saturday morning in Leeds.',
];

export type SocialProfilesWorld = {
  siteUrl: string;
  bluesky: BlueskyDouble;
  mastodon: MastodonDouble;
  youtube: YoutubeDouble;
  env: Record<string, string>;
  /** the site's icon: null serves none */
  setIcon(file: string | null): void;
  close(): Promise<void>;
};

export const MASTODON_TEST_INSTANCE = 'bakers.social';

export async function startSocialProfilesWorld(): Promise<SocialProfilesWorld> {
  let icon: string | null = null;
  const site: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/' || path === '/about') {
      const head = icon ? `<link rel="apple-touch-icon" href="/icon.png">` : '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page(path === '/' ? 'Northwind Bakery' : 'About Northwind Bakery', BODY_TEXT, head));
    } else if (path === '/icon.png' && icon) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(fixtureImage(icon));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  const [bluesky, mastodon, youtube] = await Promise.all([
    startBlueskyDouble(),
    startMastodonDouble(),
    startYoutubeDouble(),
  ]);
  return {
    siteUrl,
    bluesky,
    mastodon,
    youtube,
    env: {
      CRAWLER_ALLOW_LOOPBACK: 'true',
      BLUESKY_APPVIEW_URL: bluesky.appviewUrl,
      MASTODON_INSTANCE_URLS: `${MASTODON_TEST_INSTANCE}=${mastodon.baseUrl}`,
      YOUTUBE_API_URL: youtube.apiUrl,
      YOUTUBE_API_KEY: YOUTUBE_TEST_KEY,
    },
    setIcon(file) {
      icon = file;
    },
    async close() {
      site.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => site.close(resolve)),
        bluesky.close(),
        mastodon.close(),
        youtube.close(),
      ]);
    },
  };
}

/** Accounts that pass every profile check against the bakery site (the site's host is 127.0.0.1). */
export function passingAccounts(siteUrl: string): {
  bluesky: BlueskyAccount;
  mastodon: MastodonAccount;
  youtube: YoutubeChannel;
} {
  const posts = (every: number) => BAKERY_POSTS.map((text, index) => ({ text, daysAgo: 2 + index * every }));
  return {
    bluesky: {
      handle: 'northwindbakery.bsky.social',
      displayName: 'Northwind Bakery',
      description: `Sourdough bread, croissants and seasonal pastries baked by hand in Leeds. ${siteUrl}`,
      avatar: 'avatar-logo-reencoded.jpg',
      followers: 1200,
      posts: posts(14).map((post, index) => ({ ...post, likes: 10 + index, replies: 2, reposts: 1 })),
      reposts: 2,
    },
    mastodon: {
      username: 'northwind',
      displayName: 'Northwind Bakery',
      note: '<p>Sourdough bread and pastries baked by hand every morning in Leeds.</p>',
      avatar: 'avatar-logo-reencoded.jpg',
      followers: 310,
      website: { name: 'Website', url: siteUrl, verified: true },
      statuses: [
        ...posts(14).map((post) => ({ ...post, favourites: 4, replies: 1, reblogs: 2 })),
        { text: 'Thanks!', daysAgo: 3, reply: true },
      ],
    },
    youtube: {
      handle: 'northwindbakery',
      title: 'Northwind Bakery',
      description: 'Sourdough bread and seasonal pastries baked by hand in our Leeds bakery every morning.',
      avatar: 'avatar-logo-reencoded.jpg',
      subscribers: 800,
      videos: posts(14).map((post) => ({
        title: 'Baking at Northwind',
        description: post.text,
        daysAgo: post.daysAgo,
        views: 500,
        likes: 40,
        comments: 3,
      })),
    },
  };
}
