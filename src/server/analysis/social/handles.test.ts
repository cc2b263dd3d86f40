import { describe, expect, it } from 'vitest';
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
import { checkHandleConsistency, checkHandlesValid, declaredHandles } from './profiles.ts';

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
