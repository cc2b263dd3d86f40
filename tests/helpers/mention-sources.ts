/**
 * The four keyless mention-source doubles started together, the app's configuration pointing at
 * them, and a fixed set of mentions of one brand in each source's shape: what a first discovery of
 * a brand with only a name and a website finds.
 */
import { type AppleDouble, startAppleDouble } from '../doubles/mention-sources/apple-app-store.ts';
import { type BlueskyDouble, startBlueskyDouble } from '../doubles/mention-sources/bluesky.ts';
import { type GooglePlacesDouble, startGooglePlacesDouble } from '../doubles/mention-sources/google-places.ts';
import { type HackerNewsDouble, startHackerNewsDouble } from '../doubles/mention-sources/hacker-news.ts';
import { type MastodonDouble, startMastodonDouble } from '../doubles/mention-sources/mastodon.ts';
import { type NewsRssDouble, startNewsRssDouble } from '../doubles/mention-sources/news-rss.ts';
import { type RedditDouble, startRedditDouble } from '../doubles/mention-sources/reddit.ts';
import { startTrustpilotDouble, type TrustpilotDouble } from '../doubles/mention-sources/trustpilot.ts';
import { startYoutubeDouble, type YoutubeDouble } from '../doubles/mention-sources/youtube.ts';

export type MentionDoubles = {
  news: NewsRssDouble;
  hn: HackerNewsDouble;
  mastodon: MastodonDouble;
  apple: AppleDouble;
  /** environment for the app: every keyless source pointed at its double */
  env: Record<string, string>;
  close(): Promise<void>;
};

export const MASTODON_INSTANCES = ['alpha.social', 'beta.social'];

export async function startMentionDoubles(): Promise<MentionDoubles> {
  const [news, hn, mastodon, apple] = await Promise.all([
    startNewsRssDouble(),
    startHackerNewsDouble(),
    startMastodonDouble(),
    startAppleDouble(),
  ]);
  return {
    news,
    hn,
    mastodon,
    apple,
    env: {
      CRAWLER_ALLOW_LOOPBACK: 'true',
      MENTION_SOURCES_OFF: '',
      NEWS_RSS_URL: news.searchUrl,
      HN_API_URL: hn.apiUrl,
      MASTODON_INSTANCE_URLS: mastodon.instancesSetting(MASTODON_INSTANCES),
      APPLE_RSS_URL: apple.rssUrl,
    },
    close: async () => {
      await Promise.all([news.close(), hn.close(), mastodon.close(), apple.close()]);
    },
  };
}

const daysAgo = (days: number, now: number) => new Date(now - days * 86_400_000);

/**
 * Mentions of "Northwind Roasters" (northwindroasters.example) in every source:
 * - news: 3 articles naming it, one of them twice (a copy with tracking parameters, another guid),
 *   and 1 off-topic article that has the name's words apart ("Northwind Traders … roasters");
 * - Hacker News: 2 stories and 1 comment;
 * - Mastodon #northwindroasters: 2 posts on alpha.social, one of them federated to beta.social
 *   (another local id, the same uri), and 1 post of beta.social's own;
 * - App Store app 1234567890 (GB): 3 reviews.
 * 11 distinct mentions in all, 10 about the brand (3 App Store reviews only with the app id set).
 */
export function seedNorthwindMentions(doubles: MentionDoubles, now = Date.now()) {
  doubles.news.setItems([
    {
      id: 'CBMiNW1',
      headline: 'Northwind Roasters opens a second café in Leeds',
      publisher: 'Yorkshire Evening Post',
      publisherUrl: 'https://www.yorkshireeveningpost.co.uk',
      publishedAt: daysAgo(2, now),
      link: 'https://www.yorkshireeveningpost.co.uk/business/northwind-roasters-second-cafe',
    },
    {
      id: 'CBMiNW1-syndicated',
      headline: 'Northwind Roasters opens a second café in Leeds',
      publisher: 'Leeds Live',
      publisherUrl: 'https://www.leeds-live.co.uk',
      publishedAt: daysAgo(2, now),
      link: 'https://www.yorkshireeveningpost.co.uk/business/northwind-roasters-second-cafe/?utm_source=leedslive',
    },
    {
      id: 'CBMiNW2',
      headline: 'Why Northwind Roasters switched to compostable cups',
      publisher: 'BBC News',
      publisherUrl: 'https://www.bbc.co.uk',
      publishedAt: daysAgo(5, now),
    },
    {
      id: 'CBMiOFF',
      headline: 'Northwind Traders signs deal with coffee roasters in Seattle',
      publisher: 'Seattle Times',
      publisherUrl: 'https://www.seattletimes.com',
      publishedAt: daysAgo(3, now),
    },
  ]);
  doubles.hn.setItems([
    {
      id: '41000001',
      kind: 'story',
      author: 'beanfan',
      createdAt: daysAgo(1, now),
      title: 'Northwind Roasters publishes its green coffee prices',
      url: 'https://northwindroasters.example/prices',
      points: 57,
      comments: 2,
    },
    {
      id: '41000002',
      kind: 'story',
      author: 'espressodev',
      createdAt: daysAgo(4, now),
      title: 'Ask HN: Anyone tried Northwind Roasters subscriptions?',
      text: 'Thinking of switching from my supermarket beans.',
      points: 12,
      comments: 1,
    },
    {
      id: '41000003',
      kind: 'comment',
      author: 'kettle',
      createdAt: daysAgo(1, now),
      text: '<p>Northwind Roasters&#x27; Ethiopian is the best filter coffee I have had this year.</p>',
      storyTitle: 'Northwind Roasters publishes its green coffee prices',
      points: null,
    },
  ]);
  const federated = {
    uri: 'https://alpha.social/users/maya/statuses/111000000000000002',
    url: 'https://alpha.social/@maya/111000000000000002',
    createdAt: daysAgo(2, now),
    html: '<p>Flat white from <a href="https://alpha.social/tags/northwindroasters" class="mention hashtag">#<span>NorthwindRoasters</span></a> on my way in. Lovely staff.</p>',
    acct: 'maya',
    displayName: 'Maya',
    favourites: 4,
    reblogs: 1,
    replies: 0,
  };
  doubles.mastodon.setTimeline('alpha.social', 'northwindroasters', [
    {
      id: '111000000000000001',
      uri: 'https://alpha.social/users/tom/statuses/111000000000000001',
      url: 'https://alpha.social/@tom/111000000000000001',
      createdAt: daysAgo(3, now),
      html: '<p>Queue out the door at <a href="https://alpha.social/tags/northwindroasters">#NorthwindRoasters</a> again, waited 20 minutes.</p>',
      acct: 'tom',
      displayName: 'Tom',
      favourites: 2,
    },
    { id: '111000000000000002', ...federated },
  ]);
  doubles.mastodon.setTimeline('beta.social', 'northwindroasters', [
    { id: '222000000000000007', ...federated, acct: 'maya@alpha.social' },
    {
      id: '222000000000000009',
      uri: 'https://beta.social/users/lee/statuses/222000000000000009',
      createdAt: daysAgo(1, now),
      html: '<p>New single origin at <a href="https://beta.social/tags/northwindroasters">#NorthwindRoasters</a> is fruity and bright.</p>',
      acct: 'lee',
      displayName: 'Lee Park',
      favourites: 9,
      replies: 2,
    },
  ]);
  doubles.apple.setReviews('gb', '1234567890', [
    {
      id: '9001',
      author: 'CoffeeKate',
      title: 'Easy reordering',
      text: 'Reordering my beans takes two taps.',
      rating: 5,
      updated: daysAgo(1, now),
      voteSum: 3,
      voteCount: 4,
    },
    {
      id: '9002',
      author: 'jb_leeds',
      title: 'Crashes at checkout',
      text: 'The app crashed twice when I paid.',
      rating: 2,
      updated: daysAgo(2, now),
    },
    { id: '9003', author: 'Sam', title: 'Fine', text: 'Does what it says.', rating: 4, updated: daysAgo(6, now) },
  ]);
}

export type KeyedMentionDoubles = {
  reddit: RedditDouble;
  bluesky: BlueskyDouble;
  youtube: YoutubeDouble;
  trustpilot: TrustpilotDouble;
  places: GooglePlacesDouble;
  /** every keyed source pointed at its double with the double's credentials; keyless ones off */
  env: Record<string, string>;
  /** the same without any credential: every keyed source is "not available on this server" */
  envWithoutKeys: Record<string, string>;
  /** every credential the env carries, to check that none leaves the server */
  secrets: string[];
  close(): Promise<void>;
};

export const KEYLESS_KINDS = ['news_rss', 'hacker_news', 'mastodon', 'apple_app_store'];

export async function startKeyedMentionDoubles(): Promise<KeyedMentionDoubles> {
  const [reddit, bluesky, youtube, trustpilot, places] = await Promise.all([
    startRedditDouble(),
    startBlueskyDouble(),
    startYoutubeDouble(),
    startTrustpilotDouble(),
    startGooglePlacesDouble(),
  ]);
  const urls = {
    CRAWLER_ALLOW_LOOPBACK: 'true',
    MENTION_SOURCES_OFF: KEYLESS_KINDS.join(','),
    REDDIT_API_URL: reddit.url,
    REDDIT_AUTH_URL: reddit.authUrl,
    BLUESKY_API_URL: bluesky.url,
    BLUESKY_APPVIEW_URL: bluesky.url,
    YOUTUBE_API_URL: youtube.url,
    TRUSTPILOT_API_URL: trustpilot.url,
    GOOGLE_PLACES_API_URL: places.url,
  };
  const keys = {
    REDDIT_CLIENT_ID: reddit.clientId,
    REDDIT_CLIENT_SECRET: reddit.clientSecret,
    BLUESKY_IDENTIFIER: bluesky.identifier,
    BLUESKY_APP_PASSWORD: bluesky.appPassword,
    YOUTUBE_API_KEY: youtube.apiKey,
    TRUSTPILOT_API_KEY: trustpilot.apiKey,
    GOOGLE_PLACES_API_KEY: places.apiKey,
  };
  return {
    reddit,
    bluesky,
    youtube,
    trustpilot,
    places,
    env: { ...urls, ...keys },
    envWithoutKeys: urls,
    // The Bluesky identifier is a public handle; the rest are secrets.
    secrets: [reddit.clientSecret, bluesky.appPassword, youtube.apiKey, trustpilot.apiKey, places.apiKey],
    close: async () => {
      await Promise.all([reddit.close(), bluesky.close(), youtube.close(), trustpilot.close(), places.close()]);
    },
  };
}
