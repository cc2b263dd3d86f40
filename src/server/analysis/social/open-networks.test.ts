import { describe, expect, it } from 'vitest';
import { goodPage, snapshotOf } from '../../../../tests/fixtures/analysis/snapshot.ts';
import { htmlPagesOf } from '../website/pages.ts';
import { declaredProfile, profileFromUrl, sameHandle } from './handles.ts';
import { blueskyName } from './open-network-links.ts';
import {
  checkHandleConsistency,
  checkHandlesValid,
  checkProfileLinks,
  checkProfileLinksMatch,
  declaredHandles,
} from './profiles.ts';

const home = 'https://example.com/';
const pagesWith = (links: string, head = '') =>
  htmlPagesOf(snapshotOf([{ url: home, html: goodPage({ head, body: `<h1>Bakery</h1><p>${links}</p>` }) }]));

/** A brand whose only handles are on the three networks read from their APIs. */
const openOnly = declaredHandles({
  blueskyHandle: '@NorthwindBakery.bsky.social',
  mastodonHandle: 'northwind@mastodon.social',
  youtubeHandle: 'https://www.youtube.com/@NorthwindBakery',
});

describe('Bluesky links', () => {
  it.each([
    'https://bsky.app/profile/northwindbakery.bsky.social',
    'https://bsky.app/profile/NorthwindBakery.bsky.social/',
    'https://bsky.app/profile/@northwindbakery.bsky.social',
    'https://www.bsky.app/profile/northwindbakery.bsky.social.',
  ])('%s is the declared account', (href) => {
    expect(profileFromUrl(href)).toMatchObject({ platform: 'bluesky', key: 'northwindbakery.bsky.social' });
  });

  it.each(['https://bsky.app/', 'https://bsky.app/search?q=northwind', 'https://bsky.app/profile/'])(
    '%s is not a profile',
    (href) => {
      expect(profileFromUrl(href)).toBeNull();
    },
  );

  it('keeps a DID apart: it names an account but cannot be compared with a handle', () => {
    expect(profileFromUrl('https://bsky.app/profile/did:plc:abc123')).toMatchObject({
      platform: 'bluesky',
      key: 'did:plc:abc123',
      opaque: 'a Bluesky DID',
    });
  });

  it('names a domain handle by its hosting prefix or its registered name', () => {
    expect(blueskyName('northwind.bsky.social')).toBe('northwind');
    expect(blueskyName('northwind.com')).toBe('northwind');
    expect(blueskyName('social.northwind.co.uk')).toBe('northwind');
    expect(blueskyName('Northwind-Bakery.org.')).toBe('northwind-bakery');
  });
});

describe('Mastodon links', () => {
  it.each([
    ['https://mastodon.social/@northwind', {}],
    ['https://mastodon.social/@Northwind/', {}],
    ['https://bakers.example/@northwind', { relMe: true }],
    ['https://bakers.example/@northwind', { mastodonInstances: ['bakers.example'] }],
    ['https://fosstodon.org/@northwind@mastodon.social', {}],
  ])('%s names northwind@… on the instance it says', (href, context) => {
    const found = profileFromUrl(href, context);
    expect(found?.platform).toBe('mastodon');
    expect(found?.key).toMatch(/^northwind@/);
  });

  it('does not take rel="me" on a known non-Mastodon site for Mastodon', () => {
    expect(profileFromUrl('https://medium.com/@northwind', { relMe: true })).toBeNull();
    expect(profileFromUrl('https://www.unsplash.com/@northwind', { relMe: true })).toBeNull();
  });

  it('reads a remote account shown on another instance as its home account', () => {
    expect(profileFromUrl('https://fosstodon.org/@northwind@mastodon.social')?.key).toBe('northwind@mastodon.social');
  });

  it.each([
    'https://medium.com/@northwind', // '/@name' alone says nothing: Medium uses it too
    'https://blog.example/@northwind',
    'https://unsplash.com/@northwind', // '/@name' elsewhere, even with rel="me" (tested below)
    'https://mastodon.social/@northwind/112233', // a post
    'https://mastodon.social/@northwind/followers',
    'https://mastodon.social/about',
    'https://mastodon.social/@north-wind', // not a Mastodon username
  ])('%s is not a Mastodon profile', (href) => {
    expect(profileFromUrl(href)).toBeNull();
  });

  it('reads the declared handle in every form to one account', () => {
    for (const raw of [
      'northwind@mastodon.social',
      '@Northwind@Mastodon.social',
      'https://mastodon.social/@northwind',
    ]) {
      expect(declaredProfile('mastodon', raw)?.profile).toMatchObject({
        key: 'northwind@mastodon.social',
        url: 'https://mastodon.social/@northwind',
      });
    }
  });
});

describe('YouTube links', () => {
  it.each([
    'https://www.youtube.com/@northwindbakery',
    'https://youtube.com/@NorthwindBakery/videos',
    'https://m.youtube.com/@northwindbakery/',
  ])('%s is the declared handle', (href) => {
    expect(profileFromUrl(href)).toMatchObject({ platform: 'youtube', key: 'northwindbakery' });
  });

  it.each([
    ['https://www.youtube.com/channel/UCabcDEF123', 'channel:UCabcDEF123', 'a YouTube channel ID'],
    ['https://www.youtube.com/c/NorthwindBakery', 'c:northwindbakery', 'a legacy YouTube /c/ address'],
    ['https://www.youtube.com/user/northwindbakery', 'user:northwindbakery', 'a legacy YouTube /user/ address'],
  ])('%s names the channel in another namespace', (href, key, opaque) => {
    expect(profileFromUrl(href)).toMatchObject({ platform: 'youtube', key, opaque });
  });

  it.each([
    'https://www.youtube.com/watch?v=abc',
    'https://www.youtube.com/embed/abc',
    'https://www.youtube.com/channel/',
  ])('%s is not a profile', (href) => {
    expect(profileFromUrl(href)).toBeNull();
  });
});

describe('profile links for a brand with only Bluesky, Mastodon and YouTube handles', () => {
  const all =
    '<a href="https://bsky.app/profile/northwindbakery.bsky.social">Bluesky</a> ' +
    '<a href="https://mastodon.social/@Northwind">Mastodon</a> ' +
    '<a href="https://www.youtube.com/@northwindbakery">YouTube</a>';

  it('declares three profiles, all valid', () => {
    expect(openOnly.map((item) => item.profile?.key)).toEqual([
      'northwindbakery.bsky.social',
      'northwind@mastodon.social',
      'northwindbakery',
    ]);
    expect(checkHandlesValid(openOnly)).toMatchObject({
      status: 'pass',
      summary: 'All 3 declared handles are valid usernames',
    });
  });

  it('passes when the site links to each declared profile', () => {
    const pages = pagesWith(all);
    expect(checkProfileLinks(openOnly, pages)).toMatchObject({
      status: 'pass',
      summary: 'All 3 declared profiles are linked from the website',
    });
    const match = checkProfileLinksMatch(openOnly, pages);
    expect(match).toMatchObject({
      status: 'pass',
      summary: 'The website links to 3 social profiles, none conflicting with the declared handles',
    });
    expect(match.evidence.map((item) => item.note)).not.toContain(expect.stringContaining('not declared'));
  });

  it('finds a rel="me" link in the head on an instance of any name', () => {
    const declared = declaredHandles({ mastodonHandle: 'northwind@bakers.example' });
    const pages = pagesWith('', '<link rel="me" href="https://bakers.example/@northwind">');
    expect(checkProfileLinks(declared, pages)).toMatchObject({
      status: 'pass',
      summary: 'The declared profile is linked from the website',
    });
  });

  it('does not take the same username on another instance for the declared account', () => {
    const pages = pagesWith('<a href="https://mastodon.online/@northwind">Mastodon</a>');
    const links = checkProfileLinks(openOnly, pages);
    expect(links.status).toBe('fail');
    expect(links.evidence.find((item) => item.selector === 'Mastodon')).toMatchObject({
      value: false,
      note: 'No link found on 1 analysed page',
    });
    const match = checkProfileLinksMatch(openOnly, pages);
    expect(match.status).toBe('fail');
    expect(match.evidence[0]).toMatchObject({
      selector: 'Mastodon',
      value: 'northwind@mastodon.online',
      note: `Linked from ${home}; the brand declares "northwind@mastodon.social"`,
    });
  });

  it('says which declared profiles are missing', () => {
    const pages = pagesWith('<a href="https://bsky.app/profile/northwindbakery.bsky.social">Bluesky</a>');
    const links = checkProfileLinks(openOnly, pages);
    expect(links).toMatchObject({ status: 'fail', summary: '1 of 3 declared profiles is linked from the website' });
    expect(links.evidence.map((item) => item.selector)).toEqual(['YouTube', 'Mastodon']);
  });

  it('neither counts nor blames a channel-ID link that cannot be compared with the declared handle', () => {
    const youtubeOnly = declaredHandles({ youtubeHandle: '@northwindbakery' });
    const pages = pagesWith('<a href="https://www.youtube.com/channel/UCabcDEF123">YouTube</a>');
    const links = checkProfileLinks(youtubeOnly, pages);
    expect(links.status).toBe('not_measured');
    expect(links.evidence[0]?.note).toContain('a YouTube channel ID; whether that is northwindbakery cannot be told');
    expect(checkProfileLinksMatch(youtubeOnly, pages).status).toBe('pass');
    const withOthers = checkProfileLinks(
      openOnly,
      pagesWith(all.replace('https://www.youtube.com/@northwindbakery', 'https://www.youtube.com/channel/UCabcDEF123')),
    );
    expect(withOthers).toMatchObject({
      status: 'pass',
      summary:
        'All 2 declared profiles are linked from the website; 1 more linked in a form that cannot be compared with the declared handle',
    });
  });

  it('reports links to undeclared networks as not declared, and only those', () => {
    const declared = declaredHandles({ instagramHandle: 'northwindbakery' });
    const match = checkProfileLinksMatch(declared, pagesWith(all));
    expect(match.evidence.filter((item) => item.note?.endsWith('not declared in the brand'))).toHaveLength(3);
  });
});

describe('handle consistency with Bluesky, Mastodon and YouTube', () => {
  it('compares a Bluesky domain and a Mastodon user by their names', () => {
    const declared = declaredHandles({
      instagramHandle: 'northwindbakery',
      blueskyHandle: 'northwindbakery.com',
      mastodonHandle: 'northwindbakery@mastodon.social',
      youtubeHandle: '@northwindbakery',
    });
    expect(checkHandleConsistency(declared)).toMatchObject({
      status: 'pass',
      summary: 'All 4 handles are the same ("northwindbakery")',
    });
  });

  it('fails a handle whose name differs, naming it', () => {
    const result = checkHandleConsistency(openOnly);
    expect(result.status).toBe('fail');
    expect(result.summary).toBe('1 of 3 handles differs from "northwindbakery": Mastodon northwind@mastodon.social');
  });

  it('keeps punctuation both networks allow: acme_coffee on Mastodon is not acmecoffee on X', () => {
    const mastodon = declaredProfile('mastodon', 'acme_coffee@mastodon.social')!.profile!;
    expect(sameHandle(mastodon, declaredProfile('twitter', 'acmecoffee')!.profile!)).toBe(false);
    expect(sameHandle(mastodon, declaredProfile('twitter', 'acme_coffee')!.profile!)).toBe(true);
    // Bluesky names cannot hold '_': the two are one name written as each network allows
    expect(sameHandle(declaredProfile('bluesky', 'acme-coffee.bsky.social')!.profile!, mastodon)).toBe(true);
  });
});
