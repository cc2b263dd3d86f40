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
const NO_SOURCE = 'Not measured: no feed or social data source configured';

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
  const feeds = feedsOf(snapshot);
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

/** Platforms whose posts cannot be read without access keys: one not-measured check per declared handle. */
export function checkPlatformPosting(platforms: DeclarablePlatform[]): CheckResult[] {
  return platforms.map((platform) =>
    makeCheck(
      meta('postingFrequency', `posting-${platform}`, `Posting frequency on ${PLATFORM_LABELS[platform]}`),
      'not_measured',
      `Not measured: no ${PLATFORM_LABELS[platform]} access configured`,
    ),
  );
}

export function checkToneMatch(snapshot: SiteSnapshot, pages: HtmlPage[]): CheckResult {
  const check = meta('toneMatch', 'tone-match', "The feed's tone matches the website's");
  const feeds = feedsOf(snapshot);
  if (feeds.length === 0) return makeCheck(check, 'not_measured', NO_SOURCE);
  const feedText = feeds
    .flatMap((feed) => feed.items.slice(0, 20))
    .map((item) => [item.title, item.text].filter(Boolean).join('. '))
    .join('\n');
  const feedTone = pageTone(feeds.map((feed) => feed.url).join(', '), feedText);
  if (feedTone.stats.words < MIN_WORDS) {
    return makeCheck(
      check,
      'not_measured',
      `Not measured: the feed has ${countOf(feedTone.stats.words, 'word')} of text, fewer than ${MIN_WORDS}`,
    );
  }
  const siteText = pages
    .map(({ $ }) => mainText($))
    .filter((text) => textStats(text).words >= MIN_WORDS)
    .join('\n');
  const siteTone = pageTone('website', siteText);
  if (siteTone.stats.words < MIN_WORDS) {
    return makeCheck(check, 'not_applicable', `The website has fewer than ${MIN_WORDS} words of text to compare with`);
  }
  const measures = [
    {
      name: 'reading ease',
      feed: feedTone.stats.readingEase,
      site: siteTone.stats.readingEase,
      limit: TONE_MATCH_LIMITS.readingEase,
    },
    {
      name: 'informal markers per 100 words',
      feed: feedTone.stats.informality,
      site: siteTone.stats.informality,
      limit: TONE_MATCH_LIMITS.informality,
    },
    {
      name: 'net sentiment words per 100 words',
      feed: feedTone.stats.sentiment,
      site: siteTone.stats.sentiment,
      limit: TONE_MATCH_LIMITS.sentiment,
    },
  ];
  const overlap = jaccard(feedTone.vocabulary, siteTone.vocabulary);
  const evidence: Evidence[] = measures.map((measure) => ({
    url: feedTone.url,
    selector: measure.name,
    value: round(measure.feed - measure.site, 1),
    note: `feed ${round(measure.feed, 1)}, website ${round(measure.site, 1)} (limit ±${measure.limit})`,
  }));
  evidence.push({
    url: feedTone.url,
    selector: 'vocabulary overlap',
    value: round(overlap, 3),
    note: `Jaccard overlap of the most used words (at least ${TONE_MATCH_LIMITS.minVocabularyOverlap})`,
  });
  const off = measures
    .filter((measure) => Math.abs(measure.feed - measure.site) > measure.limit)
    .map((measure) => measure.name);
  if (overlap < TONE_MATCH_LIMITS.minVocabularyOverlap) off.push('vocabulary');
  if (off.length > 0) {
    // only the measures outside their limits: one within its limit listed here would read as a failure
    const failing = evidence.filter((item) =>
      item.selector === 'vocabulary overlap' ? off.includes('vocabulary') : off.includes(String(item.selector)),
    );
    return makeCheck(check, 'fail', `The feed's tone differs from the website's in ${joinWords(off)}`, failing);
  }
  return makeCheck(
    check,
    'pass',
    `The feed's reading ease, formality, sentiment and vocabulary are within the limits of the website's (${countOf(feedTone.stats.words, 'feed word')} compared)`,
    evidence,
  );
}

export function checkVisualConsistency(): CheckResult {
  return makeCheck(
    meta('visualConsistency', 'visual-consistency', 'Posts share a consistent visual style'),
    'not_measured',
    'Not measured: needs access to post images',
  );
}
