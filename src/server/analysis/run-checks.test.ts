import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixtureText, goodPage, resourceOf, snapshotOf } from '../../../tests/fixtures/analysis/snapshot.ts';
import { ZAuditAnalysis } from '../../shared/schemas/audits.ts';
import { buildAnalysis, runAllChecks } from './run-checks.ts';
import { AREA_GROUPS, scoreAudit } from './scoring/score.ts';
import { CHECK_WEIGHTS } from './scoring/weights.ts';

const social =
  '<p><a href="https://www.instagram.com/northwindbakery/">Instagram</a> <a href="https://x.com/northwindbakery">X</a></p>';

function site() {
  const pages = ['bakery-home', 'bakery-bread', 'bakery-visit'].map((name, index) => ({
    url: index === 0 ? 'https://example.com/' : `https://example.com/${name}`,
    html: goodPage({
      title: `Northwind Bakery: ${name}`,
      head: '<link rel="stylesheet" href="/site.css">',
      body: `<h1>${name}</h1><p>${fixtureText(`texts/${name}.txt`)}</p><img src="/loaf.jpg" alt="A loaf">${social}`,
    }),
  }));
  return snapshotOf(pages, {
    robotsTxt: resourceOf(
      'https://example.com/robots.txt',
      'User-agent: *\nAllow: /\nSitemap: https://example.com/sitemap.xml\n',
    ),
    sitemap: { ...resourceOf('https://example.com/sitemap.xml', '<urlset/>'), urls: pages.map((page) => page.url) },
    stylesheets: [resourceOf('https://example.com/site.css', fixtureText('css/site.css'), 200, 'text/css')],
    feeds: [
      resourceOf('https://example.com/feed.xml', fixtureText('feeds/regular.rss.xml'), 200, 'application/rss+xml'),
    ],
    problems: [{ url: 'https://example.com/old', reason: 'HTTP 404' }],
  });
}

async function logo() {
  const buffer = await sharp({
    create: { width: 600, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      { input: { create: { width: 200, height: 200, channels: 4, background: '#c2410c' } }, top: 200, left: 200 },
    ])
    .png()
    .toBuffer();
  return { buffer, mimetype: 'image/png' };
}

const brand = {
  instagramHandle: '@northwindbakery',
  twitterHandle: 'https://x.com/NorthwindBakery',
  linkedinHandle: null,
  tiktokHandle: null,
  facebookHandle: null,
  colourPalette: ['#1A2B3C', '#FFFFFF', '#C2410C'],
  fonts: ['Playfair Display', 'Source Sans 3'],
};

describe('runAllChecks', () => {
  it('runs the three areas and records timings', async () => {
    const { checks, timings } = await runAllChecks({ snapshot: site(), brand, logo: await logo() });
    expect(new Set(checks.map((check) => check.area))).toEqual(new Set(['website', 'socialMedia', 'brandAssets']));
    expect(Object.keys(timings)).toEqual(
      expect.arrayContaining([
        'website.seoBasics',
        'website.toneConsistency',
        'website.accessibility',
        'socialMedia',
        'brandAssets',
        'total',
      ]),
    );
    expect(timings['website.accessibility.pagesTested']).toBe(3);
    const statusOf = (id: string) => checks.find((check) => check.id === id)?.status;
    expect(statusOf('seo.is-crawlable')).toBe('pass');
    expect(statusOf('seo.meta-description')).toBe('pass');
    expect(statusOf('tone.vocabulary-overlap')).toBe('pass');
    expect(statusOf('social.handle-consistency')).toBe('pass');
    expect(statusOf('social.profile-links')).toBe('pass');
    expect(statusOf('social.feed-frequency')).toBe('pass');
    expect(statusOf('social.posting-twitter')).toBe('not_measured');
    expect(statusOf('brand.logo-transparency')).toBe('pass');
    expect(statusOf('brand.fonts-declared-used')).toBe('pass');
    // Every id has its own row in the weights table (accessibility rules and platform posting use theirs).
    for (const check of checks) {
      if (check.id.startsWith('a11y.') || check.id.startsWith('social.posting-')) continue;
      expect(CHECK_WEIGHTS[check.id], check.id).toBeDefined();
    }
    // Every check belongs to a group its area reports.
    for (const check of checks) expect(AREA_GROUPS[check.area]).toContain(check.group);
  });

  it('treats a missing palette and fonts as none', async () => {
    const { checks } = await runAllChecks({
      snapshot: site(),
      brand: { ...brand, colourPalette: null, fonts: null },
      logo: null,
    });
    expect(checks.find((check) => check.id === 'brand.contrast-text-pair')?.status).toBe('not_applicable');
    expect(checks.find((check) => check.id === 'brand.logo-format')?.summary).toBe('Not measured: no logo uploaded');
  });
});

describe('buildAnalysis', () => {
  it('stores every group with its score, coverage and checks, in the shape audits.analysis validates', async () => {
    const snapshot = site();
    const { checks } = await runAllChecks({ snapshot, brand, logo: null });
    const scores = scoreAudit(checks);
    const analysis = buildAnalysis(checks, scores, snapshot);
    expect(Object.keys(analysis.website)).toEqual(['seoBasics', 'toneConsistency', 'accessibility']);
    expect(Object.keys(analysis.socialMedia)).toEqual([
      'postingFrequency',
      'visualConsistency',
      'toneMatch',
      'handleConsistency',
      'profileLinks',
    ]);
    expect(Object.keys(analysis.brandAssets)).toEqual(['colourContrast', 'logoQuality', 'fontConsistency']);
    expect(analysis.website.seoBasics).toMatchObject({ score: 100, coverage: '13 of 16 SEO checks applied' });
    expect(analysis.socialMedia.visualConsistency).toEqual({
      score: null,
      coverage: '0 of 1 visual consistency check applied',
      checks: [
        expect.objectContaining({ status: 'not_measured', summary: 'Not measured: needs access to post images' }),
      ],
    });
    expect(analysis.brandAssets.logoQuality?.score).toBeNull();
    expect(analysis.crawl).toEqual({
      pages: 3,
      problems: [{ url: 'https://example.com/old', reason: 'HTTP 404' }],
      durationMs: 100,
    });
    expect(ZAuditAnalysis.parse(JSON.parse(JSON.stringify(analysis)))).toEqual(analysis);
  });

  it('adds the not-measured visual consistency check when the checks lack it', () => {
    const analysis = buildAnalysis([], scoreAudit([]));
    expect(analysis.socialMedia.visualConsistency?.checks[0]?.summary).toBe(
      'Not measured: needs access to post images',
    );
    expect(analysis.website.seoBasics).toEqual({ score: null, coverage: 'No SEO checks ran', checks: [] });
    expect(analysis.crawl).toBeUndefined();
  });
});
