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
import {
  accountKey,
  comparableHandles,
  type DeclarablePlatform,
  declaredProfile,
  editDistance,
  HANDLE_RULES,
  type Profile,
  profileFromUrl,
  sameHandle,
} from './handles.ts';
import { runSocialChecks } from './index.ts';
import {
  checkHandleConsistency,
  checkHandlesValid,
  checkProfileLinks,
  checkProfileLinksMatch,
  declaredHandles,
} from './profiles.ts';

const home = 'https://example.com/';
const footer = (links: string) => goodPage({ body: `<h1>Bakery</h1><p>Bread.</p><p>${links}</p>` });
const pagesWith = (links: string) => htmlPagesOf(snapshotOf([{ url: home, html: footer(links) }]));

describe('reading handles and profile URLs', () => {
  it('reads @name, name and profile URLs (with or without https://)', () => {
    expect(declaredProfile('instagram', '@Northwind.Bakery')?.profile).toMatchObject({
      handle: 'northwind.bakery',
      key: 'northwind.bakery',
    });
    expect(declaredProfile('facebook', 'Northwind.Bakery')?.profile?.key).toBe('northwindbakery');
    expect(declaredProfile('twitter', 'https://x.com/NorthwindBakes?lang=en')?.profile?.handle).toBe('northwindbakes');
    expect(declaredProfile('linkedin', 'linkedin.com/company/northwind-bakery/')?.profile).toMatchObject({
      handle: 'northwind-bakery',
      url: 'https://www.linkedin.com/company/northwind-bakery',
    });
    expect(declaredProfile('tiktok', 'https://www.tiktok.com/@northwindbakery')?.profile?.handle).toBe(
      'northwindbakery',
    );
    expect(declaredProfile('facebook', '  ')).toBeNull();
    expect(declaredProfile('instagram', 'https://twitter.com/northwind')?.wrongPlatform).toBe('twitter');
  });

  it('ignores share links, posts and tracking pixels', () => {
    for (const href of [
      'https://www.facebook.com/sharer/sharer.php?u=https://example.com',
      'https://twitter.com/intent/tweet?text=hi',
      'https://www.linkedin.com/shareArticle?url=x',
      'https://www.instagram.com/p/Cx12345/',
      'https://www.facebook.com/tr?id=1&ev=PageView',
      'https://example.com/instagram',
    ]) {
      expect(profileFromUrl(href)).toBeNull();
    }
    expect(profileFromUrl('https://www.youtube.com/@NorthwindBakery')).toMatchObject({
      platform: 'youtube',
      handle: 'northwindbakery',
    });
    expect(profileFromUrl('https://www.facebook.com/profile.php?id=1234')?.handle).toBe('id:1234');
  });

  it('measures edit distance', () => {
    expect(editDistance('northwindbakery', 'northwindbakeryuk')).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

const on = (platform: DeclarablePlatform, handle: string): Profile => declaredProfile(platform, handle)!.profile!;

describe("each platform's own handle rules", () => {
  it('tells acme_coffee and acmecoffee apart on every platform that allows _ , and ignores case', () => {
    for (const platform of ['instagram', 'twitter', 'tiktok'] as const) {
      expect(sameHandle(on(platform, 'acme_coffee'), on(platform, 'acmecoffee'))).toBe(false);
      expect(sameHandle(on(platform, 'Acme_Coffee'), on(platform, '@acme_coffee'))).toBe(true);
    }
  });

  it('tells acme.coffee and acmecoffee apart on Instagram and TikTok, where . is part of the name', () => {
    for (const platform of ['instagram', 'tiktok'] as const) {
      expect(sameHandle(on(platform, 'acme.coffee'), on(platform, 'acmecoffee'))).toBe(false);
      expect(accountKey(platform, 'Acme.Coffee')).toBe('acme.coffee');
    }
  });

  it('treats Facebook usernames that differ only by periods or case as one account', () => {
    expect(sameHandle(on('facebook', 'acme.coffee'), on('facebook', 'AcmeCoffee'))).toBe(true);
    expect(accountKey('facebook', 'John.Smith.55')).toBe('johnsmith55');
  });

  it('tells LinkedIn vanity names apart by their hyphens, and ignores case', () => {
    expect(sameHandle(on('linkedin', 'acme-coffee'), on('linkedin', 'acmecoffee'))).toBe(false);
    expect(sameHandle(on('linkedin', 'Acme-Coffee'), on('linkedin', 'acme-coffee'))).toBe(true);
  });

  it('matches Threads profiles by Instagram rules and other platforms by case only', () => {
    expect(profileFromUrl('https://www.threads.net/@acme_coffee')?.key).toBe('acme_coffee');
    expect(profileFromUrl('https://www.youtube.com/@Acme.Coffee')?.key).toBe('acme.coffee');
  });

  it('across platforms keeps the punctuation both allow and drops what one cannot hold or ignores', () => {
    // both allow _: different names
    expect(sameHandle(on('instagram', 'acme_coffee'), on('twitter', 'acmecoffee'))).toBe(false);
    expect(sameHandle(on('instagram', 'acme_coffee'), on('tiktok', 'acmecoffee'))).toBe(false);
    expect(sameHandle(on('instagram', 'acme_coffee'), on('twitter', 'ACME_coffee'))).toBe(true);
    // both allow .: different names
    expect(sameHandle(on('instagram', 'acme.coffee'), on('tiktok', 'acmecoffee'))).toBe(false);
    // X cannot hold . and LinkedIn cannot hold . or _: the nearest name each allows is the same name
    expect(sameHandle(on('instagram', 'acme.coffee'), on('twitter', 'acmecoffee'))).toBe(true);
    expect(sameHandle(on('instagram', 'acme.coffee'), on('linkedin', 'acme-coffee'))).toBe(true);
    // Facebook ignores periods, so its acmecoffee is also acme.coffee
    expect(sameHandle(on('instagram', 'acme.coffee'), on('facebook', 'acmecoffee'))).toBe(true);
    expect(comparableHandles(on('instagram', 'acme_coffee'), on('facebook', 'acme.coffee'))).toEqual([
      'acmecoffee',
      'acmecoffee',
    ]);
  });

  it('states each rule as the platform writes it', () => {
    expect(HANDLE_RULES.instagram.pattern.test('acme_coffee.uk')).toBe(true);
    expect(HANDLE_RULES.twitter.pattern.test('acme.coffee')).toBe(false);
    expect(HANDLE_RULES.tiktok.pattern.test('a')).toBe(false);
    expect(HANDLE_RULES.linkedin.pattern.test('acme_coffee')).toBe(false);
    expect(HANDLE_RULES.linkedin.pattern.test('acme-coffee')).toBe(true);
    expect(HANDLE_RULES.facebook.pattern.test('acme_coffee')).toBe(false);
  });
});

describe('social.handle-consistency', () => {
  it('passes the same handle written differently across platforms', () => {
    const check = checkHandleConsistency(
      declaredHandles({
        instagramHandle: '@northwind.bakery',
        twitterHandle: 'NorthwindBakery',
        linkedinHandle: 'linkedin.com/company/northwind-bakery',
      }),
    );
    expect(check).toMatchObject({
      id: 'social.handle-consistency',
      group: 'handleConsistency',
      status: 'pass',
      summary: 'All 3 handles are the same ("northwind.bakery")',
    });
  });

  it('passes near-identical handles and says so', () => {
    const check = checkHandleConsistency(
      declaredHandles({
        instagramHandle: 'northwindbakery',
        tiktokHandle: 'northwindbakeryuk',
        facebookHandle: 'northwindbakery',
      }),
    );
    expect(check.status).toBe('pass');
    expect(check.summary).toBe('All 3 handles are the same or near-identical ("northwindbakery")');
    expect(check.evidence.find((item) => item.selector === 'TikTok')?.note).toBe('near-identical');
  });

  it('does not call handles that differ by punctuation both platforms allow the same', () => {
    const check = checkHandleConsistency(
      declaredHandles({ instagramHandle: 'acme_coffee', twitterHandle: 'acmecoffee' }),
    );
    expect(check.summary).toBe('All 2 handles are the same or near-identical ("acme_coffee")');
    expect(check.evidence.find((item) => item.selector === 'X (Twitter)')?.note).toBe('near-identical');
  });

  it('fails handles that differ', () => {
    const check = checkHandleConsistency(
      declaredHandles({
        instagramHandle: 'northwindbakery',
        twitterHandle: 'nwbread',
        facebookHandle: 'northwindbakery',
      }),
    );
    expect(check.status).toBe('fail');
    expect(check.summary).toBe('1 of 3 handles differs from "northwindbakery": X (Twitter) nwbread');
    expect(check.evidence.map((item) => item.selector)).toEqual(['X (Twitter)']);
  });

  it('is not applicable with fewer than two handles', () => {
    expect(checkHandleConsistency(declaredHandles({ instagramHandle: 'northwind' })).status).toBe('not_applicable');
  });
});

describe('social.handle-valid', () => {
  it('passes usernames the platforms allow', () => {
    expect(
      checkHandlesValid(declaredHandles({ instagramHandle: 'northwind.bakery', twitterHandle: 'Northwind_Bakes' }))
        .status,
    ).toBe('pass');
  });
  it('fails impossible usernames and links to the wrong platform', () => {
    const check = checkHandlesValid(
      declaredHandles({ twitterHandle: 'northwind.bakery.bristol', instagramHandle: 'https://facebook.com/northwind' }),
    );
    expect(check.status).toBe('fail');
    expect(check.evidence.map((item) => item.note)).toEqual([
      'This is a Facebook link',
      'X (Twitter) usernames use letters, digits and _, at most 15 characters',
    ]);
  });
  it('is not applicable without handles', () => {
    expect(checkHandlesValid([]).status).toBe('not_applicable');
  });
});

describe('social.profile-links and social.profile-links-match', () => {
  const declared = declaredHandles({ instagramHandle: 'northwindbakery', facebookHandle: 'northwindbakery' });

  it('passes when the site links to every declared profile', () => {
    const pages = pagesWith(
      '<a href="https://www.instagram.com/northwindbakery/">Instagram</a> <a href="https://facebook.com/NorthwindBakery">Facebook</a>',
    );
    const links = checkProfileLinks(declared, pages);
    expect(links).toMatchObject({ status: 'pass', summary: 'All 2 declared profiles are linked from the website' });
    expect(links.evidence[0]?.note).toBe(`Linked from ${home}`);
    expect(checkProfileLinksMatch(declared, pages).status).toBe('pass');
  });

  it('fails when a declared profile is not linked, and notes undeclared ones', () => {
    const pages = pagesWith(
      '<a href="https://www.instagram.com/northwindbakery/">Instagram</a> <a href="https://www.youtube.com/@northwindbakery">YouTube</a>',
    );
    const links = checkProfileLinks(declared, pages);
    expect(links).toMatchObject({ status: 'fail', summary: '1 of 2 declared profiles is linked from the website' });
    expect(links.evidence[0]).toMatchObject({
      selector: 'Facebook',
      value: false,
      note: 'No link found on 1 analysed page',
    });
    const match = checkProfileLinksMatch(declared, pages);
    expect(match.status).toBe('pass');
    expect(match.summary).toBe(
      'The website links to 2 social profiles, none conflicting with the declared handles; 1 profile linked from the site is not declared in the brand',
    );
    expect(match.evidence[0]).toMatchObject({ selector: 'YouTube', value: 'northwindbakery' });
  });

  it('fails the match when the site links to a different handle on a declared platform', () => {
    const pages = pagesWith('<a href="https://instagram.com/old_northwind">Instagram</a>');
    const match = checkProfileLinksMatch(declared, pages);
    expect(match.status).toBe('fail');
    expect(match.evidence[0]).toMatchObject({
      value: 'old_northwind',
      note: `Linked from ${home}; the brand declares "northwindbakery"`,
    });
  });

  it('compares a linked profile with the declared one by the platform rules', () => {
    // Instagram keeps the underscore: the site links to another account
    const other = checkProfileLinks(declared, pagesWith('<a href="https://instagram.com/northwind_bakery">IG</a>'));
    expect(other.evidence.find((item) => item.selector === 'Instagram')?.value).toBe(false);
    const mismatch = checkProfileLinksMatch(
      declared,
      pagesWith('<a href="https://instagram.com/northwind_bakery">IG</a>'),
    );
    expect(mismatch.status).toBe('fail');
    // Facebook ignores periods and case: the same account
    const facebook = pagesWith('<a href="https://www.facebook.com/Northwind.Bakery">Facebook</a>');
    expect(checkProfileLinksMatch(declared, facebook).status).toBe('pass');
    // the Facebook link counts as linked, so it is not among the failing profiles listed
    const links = checkProfileLinks(declared, facebook);
    expect(links.evidence.find((item) => item.selector === 'Facebook')).toBeUndefined();
    expect(links.evidence.every((item) => item.value === false)).toBe(true);
  });

  it('is not applicable without declared profiles or without social links', () => {
    expect(checkProfileLinks([], pagesWith('')).status).toBe('not_applicable');
    expect(checkProfileLinksMatch(declared, pagesWith('<a href="/about">About</a>')).status).toBe('not_applicable');
  });
});

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

describe('runSocialChecks', () => {
  it('returns every social group, with posting checks for declared platforms only', () => {
    const checks = runSocialChecks(
      { instagramHandle: 'northwindbakery', tiktokHandle: 'northwindbakery' },
      snapshotOf([{ url: home, html: goodPage() }]),
    );
    expect(checks.map((check) => check.id)).toEqual([
      'social.handle-consistency',
      'social.handle-valid',
      'social.profile-links',
      'social.profile-links-match',
      'social.feed-frequency',
      'social.feed-gaps',
      'social.posting-tiktok',
      'social.tone-match',
      'social.visual-consistency',
    ]);
    expect(new Set(checks.map((check) => check.area))).toEqual(new Set(['socialMedia']));
  });
});
