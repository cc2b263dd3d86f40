/**
 * Posting frequency and tone match, from the sources that need no access keys: the RSS/Atom feeds
 * the website links to. Platforms whose posts need an API key appear as not measured, saying why.
 */
import { joinWords } from '../../../shared/words.ts';
import { type CheckMeta, countOf, makeCheck, pluralFor, round } from '../scoring/check-result.ts';
import type { CheckResult, Evidence, SiteSnapshot } from '../types.ts';
import type { HtmlPage } from '../website/pages.ts';
import { jaccard, mainText, textStats } from '../website/text.ts';
import { MIN_WORDS, pageTone } from '../website/tone.ts';
import { type Feed, type FeedItem, parseFeed } from './feeds.ts';
import { type DeclarablePlatform, PLATFORM_LABELS } from './handles.ts';

/** The window posting frequency is measured over. */
export const POSTING_WINDOW_DAYS = 90;
/** At least this many items a month (on average over the window) passes. */
export const POSTING_MIN_PER_MONTH = 2;
/** The longest accepted silence between posts (or since the last post). */
export const POSTING_MAX_GAP_DAYS = 30;
/** Tone-match limits: how far the feed's tone may be from the website's. */
export const TONE_MATCH_LIMITS = { readingEase: 20, informality: 5, sentiment: 5, minVocabularyOverlap: 0.05 };

const DAY_MS = 86_400_000;
const NO_SOURCE = 'Not measured: the website links to no RSS or Atom feed of posts';

const meta = (group: string, id: string, title: string): CheckMeta => ({
  id: `social.${id}`,
  area: 'socialMedia',
  group,
  title,
});

export function feedsOf(snapshot: SiteSnapshot): Feed[] {
  return snapshot.feeds
    .filter((feed) => feed.status >= 200 && feed.status < 300 && feed.body)
    .map((feed) => parseFeed(feed.url, feed.body!))
    .filter((feed) => feed.items.length > 0);
}

/** Words that mark an item as a customer review: 'review', stars, or a rating out of 5. */
const REVIEW_ITEM = /\breview(ed|s)?\b|★|☆|\b[1-5](\.\d)?\s*(\/\s*5|out of 5|stars?)\b|\brated\s+[1-5]\b/i;

/**
 * Whether a feed holds customer reviews rather than posts: its title or address speaks of reviews
 * (the rule the insight sources use), or at least half of its items read as reviews.
 */
export function isReviewFeed(feed: Feed): boolean {
  if (/review/i.test(`${feed.title} ${feed.url}`)) return true;
  const reviews = feed.items.filter((item) => REVIEW_ITEM.test(`${item.title} ${item.text}`)).length;
  return reviews * 2 >= feed.items.length;
}

/** The site's feeds split into those of posts and those of customer reviews (which are not posts). */
export function postFeedsOf(snapshot: SiteSnapshot): { posts: Feed[]; reviews: Feed[] } {
  const feeds = feedsOf(snapshot);
  return { posts: feeds.filter((feed) => !isReviewFeed(feed)), reviews: feeds.filter(isReviewFeed) };
}

type DatedItem = FeedItem & { date: Date; feedUrl: string };

/** Dated items of all feeds, newest first, without duplicates (same link, or same title and day). */
function datedItems(feeds: Feed[]): DatedItem[] {
  const seen = new Set<string>();
  const items: DatedItem[] = [];
  for (const feed of feeds) {
    for (const item of feed.items) {
      if (!item.date) continue;
      const id = item.link ?? `${item.title}|${item.date.toISOString().slice(0, 10)}`;
      if (seen.has(id)) continue;
      seen.add(id);
      items.push({ ...item, date: item.date, feedUrl: feed.url });
    }
  }
  return items.sort((a, b) => b.date.getTime() - a.date.getTime());
}

const day = (date: Date) => date.toISOString().slice(0, 10);

export function checkPostingFrequency(snapshot: SiteSnapshot): CheckResult[] {
  const frequency = meta('postingFrequency', 'feed-frequency', 'The site publishes at least twice a month');
  const gaps = meta('postingFrequency', 'feed-gaps', 'No long gaps between posts');
  const { posts: feeds, reviews } = postFeedsOf(snapshot);
  if (feeds.length === 0 && reviews.length > 0) {
    const summary = `The website's only ${reviews.length === 1 ? 'feed holds' : 'feeds hold'} customer reviews, not posts: publishing frequency is not judged from ${reviews.length === 1 ? 'it' : 'them'}`;
    const evidence = reviews.map((feed) => ({ url: feed.url, value: feed.title || null, note: 'a feed of reviews' }));
    return [
      makeCheck(frequency, 'not_applicable', summary, evidence),
      makeCheck(gaps, 'not_applicable', summary, evidence),
    ];
  }
  if (feeds.length === 0) {
    return [makeCheck(frequency, 'not_measured', NO_SOURCE), makeCheck(gaps, 'not_measured', NO_SOURCE)];
  }
  const items = datedItems(feeds);
  if (items.length === 0) {
    const summary = 'Not measured: the feed has no dated items';
    const evidence = feeds.map((feed) => ({ url: feed.url, value: feed.items.length, note: 'items without dates' }));
    return [
      makeCheck(frequency, 'not_measured', summary, evidence),
      makeCheck(gaps, 'not_measured', summary, evidence),
    ];
  }
  const now = Date.parse(snapshot.startedAt) || Date.now();
  const windowStart = now - POSTING_WINDOW_DAYS * DAY_MS;
  const recent = items.filter((item) => item.date.getTime() >= windowStart && item.date.getTime() <= now);
  const perMonth = recent.length / (POSTING_WINDOW_DAYS / 30);
  const itemEvidence = (item: DatedItem): Evidence => ({
    url: item.link ?? item.feedUrl,
    value: day(item.date),
    note: item.title || 'untitled item',
  });

  const frequencyCheck = makeCheck(
    frequency,
    perMonth >= POSTING_MIN_PER_MONTH ? 'pass' : 'fail',
    `${countOf(recent.length, 'item')} in the last ${POSTING_WINDOW_DAYS} days (${round(perMonth, 1)} a month) in ${countOf(feeds.length, 'feed')}`,
    [
      {
        url: feeds[0]!.url,
        value: round(perMonth, 1),
        note: `items per month across ${countOf(feeds.length, 'feed')}`,
      },
      ...recent.map(itemEvidence),
    ],
  );

  // The longest silence touching the window: between consecutive posts, and since the latest one.
  let longest = (now - items[0]!.date.getTime()) / DAY_MS;
  let longestFrom = items[0]!;
  let longestTo: DatedItem | null = null;
  for (let index = 0; index + 1 < items.length; index += 1) {
    const later = items[index]!;
    const earlier = items[index + 1]!;
    if (later.date.getTime() < windowStart) break;
    const gap = (later.date.getTime() - earlier.date.getTime()) / DAY_MS;
    if (gap > longest) {
      longest = gap;
      longestFrom = earlier;
      longestTo = later;
    }
  }
  const gapDays = Math.round(longest);
  const gapText = longestTo
    ? `${countOf(gapDays, 'day')} between ${day(longestFrom.date)} and ${day(longestTo.date)}`
    : `${countOf(gapDays, 'day')} since the latest item (${day(longestFrom.date)})`;
  const gapsCheck = makeCheck(
    gaps,
    longest <= POSTING_MAX_GAP_DAYS ? 'pass' : 'fail',
    `The longest gap is ${gapText}`,
    [
      { url: longestFrom.link ?? longestFrom.feedUrl, value: gapDays, note: pluralFor(gapDays, 'day') },
      ...(longestTo ? [itemEvidence(longestTo)] : []),
      itemEvidence(longestFrom),
    ],
  );
  return [frequencyCheck, gapsCheck];
}

/** Platforms with no API open for reading a brand's profile: what they cannot measure is said, never guessed. */
export const CLOSED_PLATFORMS: DeclarablePlatform[] = ['twitter', 'tiktok', 'linkedin'];

/** One not-measured check per declared handle of a platform without an open API for this use. */
export function checkPlatformPosting(platforms: DeclarablePlatform[]): CheckResult[] {
  return platforms
    .filter((platform) => CLOSED_PLATFORMS.includes(platform))
    .map((platform) =>
      makeCheck(
        meta('postingFrequency', `posting-${platform}`, `${PLATFORM_LABELS[platform]} profile`),
        'not_measured',
        `Not measured: ${PLATFORM_LABELS[platform]} has no API open for reading a brand's profile and posts; the handle checks still apply`,
      ),
    );
}

export function checkToneMatch(snapshot: SiteSnapshot, pages: HtmlPage[]): CheckResult {
  const check = meta('toneMatch', 'tone-match', "The feed's tone matches the website's");
  const feeds = postFeedsOf(snapshot).posts;
  if (feeds.length === 0) return makeCheck(check, 'not_measured', NO_SOURCE);
  const feedText = feeds
    .flatMap((feed) => feed.items.slice(0, 20))
    .map((item) => [item.title, item.text].filter(Boolean).join('. '))
    .join('\n');
  const result = compareTone('feed', feeds.map((feed) => feed.url).join(', '), feedText, pages);
  return makeCheck(check, result.status, result.summary, result.evidence);
}

export type ToneComparison = { status: CheckResult['status']; summary: string; evidence: Evidence[] };

/**
 * The website's tone measures (reading ease, informal markers, net sentiment, vocabulary) of some
 * text (a feed's items, a profile's posts) against the website's own text, within TONE_MATCH_LIMITS.
 */
export function compareTone(source: string, sourceUrl: string, sourceText: string, pages: HtmlPage[]): ToneComparison {
  const sourceTone = pageTone(sourceUrl, sourceText);
  if (sourceTone.stats.words < MIN_WORDS) {
    return {
      status: 'not_measured',
      summary: `Not measured: the ${source} has ${countOf(sourceTone.stats.words, 'word')} of text, fewer than ${MIN_WORDS}`,
      evidence: [],
    };
  }
  const siteText = pages
    .map(({ $ }) => mainText($))
    .filter((text) => textStats(text).words >= MIN_WORDS)
    .join('\n');
  const siteTone = pageTone('website', siteText);
  if (siteTone.stats.words < MIN_WORDS) {
    return {
      status: 'not_applicable',
      summary: `The website has fewer than ${MIN_WORDS} words of text to compare with`,
      evidence: [],
    };
  }
  const measures = [
    {
      name: 'reading ease',
      own: sourceTone.stats.readingEase,
      site: siteTone.stats.readingEase,
      limit: TONE_MATCH_LIMITS.readingEase,
    },
    {
      name: 'informal markers per 100 words',
      own: sourceTone.stats.informality,
      site: siteTone.stats.informality,
      limit: TONE_MATCH_LIMITS.informality,
    },
    {
      name: 'net sentiment words per 100 words',
      own: sourceTone.stats.sentiment,
      site: siteTone.stats.sentiment,
      limit: TONE_MATCH_LIMITS.sentiment,
    },
  ];
  const overlap = jaccard(sourceTone.vocabulary, siteTone.vocabulary);
  const evidence: Evidence[] = measures.map((measure) => ({
    url: sourceUrl,
    selector: measure.name,
    value: round(measure.own - measure.site, 1),
    note: `${source} ${round(measure.own, 1)}, website ${round(measure.site, 1)} (limit ±${measure.limit})`,
  }));
  evidence.push({
    url: sourceUrl,
    selector: 'vocabulary overlap',
    value: round(overlap, 3),
    note: `Jaccard overlap of the most used words (at least ${TONE_MATCH_LIMITS.minVocabularyOverlap})`,
  });
  const off = measures
    .filter((measure) => Math.abs(measure.own - measure.site) > measure.limit)
    .map((measure) => measure.name);
  if (overlap < TONE_MATCH_LIMITS.minVocabularyOverlap) off.push('vocabulary');
  if (off.length > 0) {
    // only the measures outside their limits: one within its limit listed here would read as a failure
    const failing = evidence.filter((item) =>
      item.selector === 'vocabulary overlap' ? off.includes('vocabulary') : off.includes(String(item.selector)),
    );
    return {
      status: 'fail',
      summary: `The ${source}'s tone differs from the website's in ${joinWords(off)}`,
      evidence: failing,
    };
  }
  return {
    status: 'pass',
    summary: `The ${source}'s reading ease, formality, sentiment and vocabulary are within the limits of the website's (${countOf(sourceTone.stats.words, `${source} word`)} compared)`,
    evidence,
  };
}

export function checkVisualConsistency(): CheckResult {
  return makeCheck(
    meta('visualConsistency', 'visual-consistency', 'Posts share a consistent visual style'),
    'not_measured',
    'Not measured: needs access to post images',
  );
}
