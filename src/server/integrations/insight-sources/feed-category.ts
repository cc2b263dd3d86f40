/**
 * What a feed is, so its mentions are labelled as news, blog posts, reviews or forum posts rather
 * than all as "social media". The person chooses when adding the feed; this is the default,
 * from what the feed says about itself, first rule that applies:
 *
 * 1. reviews: its title or address speaks of reviews, or it is a review site's (Trustpilot,
 *    Tripadvisor, Yelp, Feefo, Reviews.io);
 * 2. forum: it is written by forum software (Discourse, phpBB, vBulletin, XenForo, Flarum, MyBB,
 *    Invision), is Reddit's, or its title or address speaks of a forum, community, board or thread;
 * 3. blog: it is written by blogging software (WordPress, Blogger, Ghost, Medium, Substack,
 *    Tumblr, Hugo, Jekyll, Squarespace, Wix) or its title or address speaks of a blog;
 * 4. news otherwise: news sites, Google Alerts and Google News, and feeds that do not say.
 */
import type { TInsightChannel } from '../../../shared/schemas/insights.ts';

const REVIEW_HOSTS = /(^|\.)(trustpilot\.com|tripadvisor\.[a-z.]+|yelp\.[a-z.]+|feefo\.com|reviews\.io)$/;
const FORUM_SOFTWARE = /discourse|phpbb|vbulletin|xenforo|flarum|mybb|invision|nodebb|simple machines/i;
const FORUM_HOSTS = /(^|\.)(reddit\.com|news\.ycombinator\.com)$/;
const FORUM_WORDS = /\b(forums?|community|board|threads?|discussions?)\b|\/t\//i;
const BLOG_SOFTWARE = /wordpress|blogger|ghost|medium|substack|tumblr|hugo|jekyll|squarespace|wix|eleventy|hexo/i;
const BLOG_HOSTS = /(^|\.)(medium\.com|substack\.com|wordpress\.com|blogspot\.[a-z.]+|tumblr\.com|ghost\.io)$/;
const BLOG_WORDS = /\bblogs?\b|weblog/i;

export function inferFeedCategory(feed: {
  url: string;
  title: string | null;
  generator: string | null;
}): TInsightChannel {
  let host = '';
  let path = '';
  try {
    const url = new URL(feed.url);
    host = url.hostname.toLowerCase();
    path = `${url.hostname}${url.pathname}`;
  } catch {
    // not an address: only the title and generator speak
  }
  const words = `${feed.title ?? ''} ${path.replace(/[./_-]+/g, ' ')}`;
  const generator = feed.generator ?? '';
  if (/review/i.test(`${feed.title ?? ''} ${feed.url}`) || REVIEW_HOSTS.test(host)) return 'reviews';
  if (FORUM_SOFTWARE.test(generator) || FORUM_HOSTS.test(host) || FORUM_WORDS.test(words) || /\/t\//.test(path)) {
    return 'forum';
  }
  if (BLOG_SOFTWARE.test(generator) || BLOG_HOSTS.test(host) || BLOG_WORDS.test(words)) return 'blog';
  return 'news';
}

/**
 * A feed of search results (Google Alerts, Google News or Bing News searches, any feed address
 * with a search query): its title names what was searched for, so it says nothing about whether
 * each result is about it.
 */
export function isSearchFeed(url: string | null): boolean {
  if (!url) return false;
  try {
    const address = new URL(url);
    const host = address.hostname.toLowerCase();
    if (/(^|\.)google\.[a-z.]+$/.test(host) && /alerts|\/rss\/search|\/news/.test(address.pathname)) return true;
    if (/(^|\.)bing\.com$/.test(host)) return true;
    return ['q', 'query', 'search', 'keyword', 'keywords', 's'].some((name) => address.searchParams.has(name));
  } catch {
    return false;
  }
}
