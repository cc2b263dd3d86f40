import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditDetail, TCheckResult } from '../../src/shared/schemas/audits.ts';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { multipartFile } from '../helpers/app.ts';
import { createWorkingTestApp, type WorkingTestApp, waitForAudit } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

// The fixture site's planted faults are listed in tests/fixtures/site/FAULTS.md.
let target: WorkingTestApp;
let fixture: FixtureSite;
let cookie: string;
let audit: TAuditDetail;

const checksOf = (detail: TAuditDetail): TCheckResult[] =>
  (['website', 'socialMedia', 'brandAssets'] as const).flatMap((area) =>
    Object.values(detail.analysis?.[area] ?? {}).flatMap((group) => group.checks),
  );

beforeAll(async () => {
  fixture = await startFixtureSite({ slowMs: 11_000 });
  target = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  cookie = await target.signInAs('fixture@example.com');
  await setPlan(target.database, 'fixture@example.com', 'smb');

  const logoFile = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/site/images/logo.png'));
  const body = multipartFile(logoFile, { fileName: 'logo.png', contentType: 'image/png' });
  const logo = await target.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  const brand = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: {
      name: 'Northwind Roasters',
      websiteUrl: fixture.url,
      instagramHandle: '@northwindroasters',
      twitterHandle: '@northwindroast',
      colourPalette: ['#1F2937', '#F9FAFB', '#D97706'],
      fonts: ['Inter'],
      logoUrl: logo.json().url,
    },
  });
  const started = await target.app.inject({
    method: 'POST',
    url: '/api/audits',
    headers: { cookie },
    payload: { brandId: brand.json().id },
  });
  audit = await waitForAudit(target, cookie, started.json().id);
}, 180_000); // crawling, axe and the 10 s slow page can take more than a minute on a busy machine

afterAll(async () => {
  await target?.close();
  await fixture?.close();
});

describe('auditing the fixture site', () => {
  it('completes, crawling the reachable pages and reporting the slow and the oversize one', () => {
    expect(audit.status).toBe('completed');
    expect(audit.analysis?.crawl?.pages).toBe(6);
    // /old redirects to /about.html, read already: crawled, but analysed once
    expect(audit.analysis?.crawl?.pagesAnalysed).toBe(5);
    const problems = audit.analysis?.crawl?.problems.map((problem) => problem.reason.replace(fixture.url, 'SITE'));
    expect(problems).toEqual(['Gave up on SITE/slow.html after 10 s', 'SITE/huge.html is larger than 5 MB']);
    expect(fixture.requests).not.toContain('/private/secret.html');
  });

  it('fails exactly the checks whose faults were planted', () => {
    const failing = checksOf(audit)
      .filter((check) => check.status === 'fail')
      .map((check) => check.id)
      .sort();
    expect(failing).toEqual(
      [
        'seo.indexable-pages', // blog.html: noindex
        'seo.document-title', // products.html
        'seo.meta-description', // about.html
        'seo.http-status-code', // missing.html: 404
        'seo.link-text', // products.html: "click here"
        'seo.crawlable-anchors', // products.html: javascript:void(0)
        'seo.image-alt', // about.html
        'seo.hreflang', // contact.html: xx-invalid
        'seo.headings', // contact.html: two h1
        'a11y.image-alt',
        'a11y.label', // contact.html: unlabelled input
        'a11y.document-title',
        'a11y.color-contrast', // main.css: links #c8553d on #fbf8f3 (4.11:1)
        'brand.logo-resolution', // 240 × 80 logo
      ].sort(),
    );
  });

  it('keeps evidence for each failure', () => {
    const byId = new Map(checksOf(audit).map((check) => [check.id, check]));
    expect(byId.get('seo.meta-description')?.evidence).toContainEqual(
      expect.objectContaining({ url: `${fixture.url}/about.html` }),
    );
    expect(byId.get('seo.hreflang')?.evidence[0]).toMatchObject({ url: `${fixture.url}/contact.html` });
    expect(byId.get('seo.http-status-code')?.evidence[0]).toMatchObject({
      url: `${fixture.url}/missing.html`,
      value: 404,
    });
    expect(byId.get('seo.http-status-code')?.evidence[0]?.note).toBe(`Linked from ${fixture.url}/`);
    expect(byId.get('seo.indexable-pages')?.evidence).toContainEqual(
      expect.objectContaining({
        url: `${fixture.url}/private/secret.html`,
        selector: 'robots.txt line 2',
        value: 'Disallow: /private/',
      }),
    );
    expect(byId.get('a11y.color-contrast')?.evidence[0]).toMatchObject({
      url: `${fixture.url}/`,
      value: 4.11,
      note: expect.stringContaining('#c8553d on #fbf8f3 is 4.11:1; needs 4.5:1'),
    });
    expect(byId.get('seo.is-crawlable')?.status).toBe('pass');
    // Instagram is read through Meta's API, and no Meta token is configured here: not measured, saying why
    expect(byId.get('social.instagram.avatar')).toMatchObject({
      status: 'not_measured',
      summary: 'Not measured: no Meta Graph token configured (META_GRAPH_TOKEN)',
    });
  });

  it('scores from the checks', () => {
    expect(audit.analysis?.website.seoBasics).toMatchObject({ score: 53, coverage: '16 of 16 SEO checks applied' });
    expect(audit.analysis?.website.accessibility?.score).toBe(78);
    expect(audit.analysis?.brandAssets.logoQuality?.score).toBe(60);
    expect({
      overall: audit.overallScore,
      website: audit.websiteScore,
      socialMedia: audit.socialMediaScore,
      brandAssets: audit.brandAssetsScore,
    }).toEqual({ overall: 82, website: 77, socialMedia: null, brandAssets: 87 });
    // The brand declares only Instagram (no Meta token here) and X (no open API): its handle and link
    // checks apply, but no profile was read from its network, so social media is "not enough measured"
    // and the overall score is the mean of the two other areas.
    expect(audit.coverage).toMatchObject({
      website: { enough: true, toAdd: [] },
      socialMedia: { enough: false, toAdd: ['a Bluesky, Mastodon or YouTube handle (profiles we can read)'] },
      brandAssets: { enough: true, toAdd: [] },
      overallMeasured: true,
    });
    expect(audit.coverage?.socialMedia.applied).toBeGreaterThanOrEqual(3);
    expect(audit.coverage?.socialMedia.coverage).toContain('no profile read from its network');
    expect(audit.coverage?.brandAssets.coverage).toMatch(/^\d+ of \d+ checks applied$/);
  });

  it('turns each failure into a recommendation with its computed impact', () => {
    expect(audit.recommendations).toHaveLength(14);
    expect(audit.recommendations[0]).toMatchObject({
      checkId: 'brand.logo-resolution',
      priority: 'High',
      scoreImpact: 7,
      category: 'Brand Assets',
    });
    for (const recommendation of audit.recommendations) {
      expect(recommendation.estimatedHours).toBeGreaterThan(0);
      expect(recommendation.title.length).toBeGreaterThan(0);
    }
    expect(audit.writtenBy).toBe('local');
    expect(audit.strengths.length).toBeGreaterThan(0);
    expect(audit.weaknesses).toContain('The logo is 240 × 80 px; its short side is 80 px (at least 512 px)');
  });
});
