import { describe, expect, it } from 'vitest';
import { goodPage, snapshotOf } from '../../../../tests/fixtures/analysis/snapshot.ts';
import { htmlPagesOf } from '../website/pages.ts';
import { runSocialChecks } from './index.ts';
import { checkProfileLinks, checkProfileLinksMatch, declaredHandles } from './profiles.ts';

const home = 'https://example.com/';
const footer = (links: string) => goodPage({ body: `<h1>Bakery</h1><p>Bread.</p><p>${links}</p>` });
const pagesWith = (links: string) => htmlPagesOf(snapshotOf([{ url: home, html: footer(links) }]));

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
