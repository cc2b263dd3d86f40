import { describe, expect, it } from 'vitest';
import { fixtureText, goodPage, resourceOf, snapshotOf } from '../../../../tests/fixtures/analysis/snapshot.ts';
import { htmlPagesOf } from '../website/pages.ts';
import {
  checkPlatformPosting,
  checkPostingFrequency,
  checkToneMatch,
  checkVisualConsistency,
  isReviewFeed,
} from './activity.ts';
import { parseFeed } from './feeds.ts';

const home = 'https://example.com/';

describe('posting frequency from feeds', () => {
  const withFeed = (path: string, pages = [{ url: home, html: goodPage() }]) =>
    snapshotOf(pages, {
      feeds: [resourceOf(`https://example.com/${path}`, fixtureText(`feeds/${path}`), 200, 'application/xml')],
    });

  it('reads RSS and Atom items with dates and plain text', () => {
    const rss = parseFeed('rss', fixtureText('feeds/regular.rss.xml'));
    expect(rss.items).toHaveLength(6);
    expect(rss.items[0]).toMatchObject({ title: 'Our new rye loaf', link: 'https://example.com/journal/rye' });
    expect(rss.items[0]?.text).toBe(
      'We bake a new rye loaf every morning in our Bristol bakery. You can order it online and collect it fresh.',
    );
    const atom = parseFeed('atom', fixtureText('feeds/sparse.atom.xml'));
    expect(atom.items.map((item) => item.date?.toISOString())).toEqual([
      '2026-10-02T09:00:00.000Z',
      '2026-06-10T09:00:00.000Z',
    ]);
  });

  it('passes a feed with regular posts', () => {
    const [frequency, gaps] = checkPostingFrequency(withFeed('regular.rss.xml'));
    expect(frequency).toMatchObject({
      id: 'social.feed-frequency',
      status: 'pass',
      summary: '6 items in the last 90 days (2 a month) in 1 feed',
    });
    expect(gaps).toMatchObject({
      id: 'social.feed-gaps',
      status: 'pass',
      summary: 'The longest gap is 17 days between 2026-10-15 and 2026-11-01',
    });
  });

  it('fails a sparse feed with a long gap', () => {
    const [frequency, gaps] = checkPostingFrequency(withFeed('sparse.atom.xml'));
    expect(frequency).toMatchObject({ status: 'fail', summary: '1 item in the last 90 days (0.3 a month) in 1 feed' });
    expect(gaps).toMatchObject({
      status: 'fail',
      summary: 'The longest gap is 114 days between 2026-06-10 and 2026-10-02',
    });
  });

  it('is not measured without a feed', () => {
    const checks = checkPostingFrequency(snapshotOf([{ url: home, html: goodPage() }]));
    expect(checks.map((check) => [check.status, check.summary])).toEqual([
      ['not_measured', 'Not measured: the website links to no RSS or Atom feed of posts'],
      ['not_measured', 'Not measured: the website links to no RSS or Atom feed of posts'],
    ]);
  });

  it('names a feed of customer reviews and does not judge posting from it', () => {
    const checks = checkPostingFrequency(withFeed('shop-reviews.rss.xml'));
    expect(checks.map((check) => check.status)).toEqual(['not_applicable', 'not_applicable']);
    expect(checks[0]?.summary).toBe(
      "The website's only feed holds customer reviews, not posts: publishing frequency is not judged from it",
    );
    expect(checks[0]?.evidence).toEqual([
      { url: 'https://example.com/shop-reviews.rss.xml', value: 'Northwind Bakery shop', note: 'a feed of reviews' },
    ]);
    // so no advice about silences between posts can come from it
    expect(checks.some((check) => check.status === 'fail')).toBe(false);
    expect(isReviewFeed(parseFeed('x', fixtureText('feeds/regular.rss.xml')))).toBe(false);
  });

  it('reports platform posting as not measured, saying why', () => {
    // Instagram and Facebook are read through Meta's API (profile checks); X, TikTok and LinkedIn have no open API
    expect(checkPlatformPosting(['instagram', 'tiktok'])).toEqual([
      expect.objectContaining({
        id: 'social.posting-tiktok',
        status: 'not_measured',
        summary:
          "Not measured: TikTok has no API open for reading a brand's profile and posts; the handle checks still apply",
      }),
    ]);
    expect(checkVisualConsistency()).toMatchObject({
      status: 'not_measured',
      summary: 'Not measured: needs access to post images',
    });
  });
});

describe('social.tone-match', () => {
  const site = ['bakery-home', 'bakery-bread', 'bakery-visit'].map((name) => ({
    url: `https://example.com/${name}`,
    html: goodPage({ body: `<p>${fixtureText(`texts/${name}.txt`)}</p>` }),
  }));
  const feedOf = (body: string) => [resourceOf('https://example.com/feed.xml', body, 200, 'application/rss+xml')];

  it('passes when the feed reads like the website', () => {
    const snapshot = snapshotOf(site, { feeds: feedOf(fixtureText('feeds/regular.rss.xml')) });
    const check = checkToneMatch(snapshot, htmlPagesOf(snapshot));
    expect(check.status).toBe('pass');
    expect(check.evidence.map((item) => item.selector)).toEqual([
      'reading ease',
      'informal markers per 100 words',
      'net sentiment words per 100 words',
      'vocabulary overlap',
    ]);
  });

  it('fails when the feed reads unlike the website', () => {
    const legal = fixtureText('texts/legal-terms.txt');
    const rss = `<rss><channel><item><title>Terms</title><pubDate>Mon, 16 Nov 2026 08:00:00 GMT</pubDate><description>${legal}</description></item></channel></rss>`;
    const snapshot = snapshotOf(site, { feeds: feedOf(rss) });
    const check = checkToneMatch(snapshot, htmlPagesOf(snapshot));
    expect(check.status).toBe('fail');
    expect(check.summary).toMatch(/^The feed's tone differs from the website's in reading ease/);
  });

  it('is not measured without feed text', () => {
    const none = snapshotOf(site);
    expect(checkToneMatch(none, htmlPagesOf(none)).summary).toBe(
      'Not measured: the website links to no RSS or Atom feed of posts',
    );
    const short = snapshotOf(site, { feeds: feedOf(fixtureText('feeds/sparse.atom.xml')) });
    expect(checkToneMatch(short, htmlPagesOf(short)).status).toBe('not_measured');
  });
});
