import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderingText } from '../../src/shared/crawl-counts.ts';
import type { TAuditDetail } from '../../src/shared/schemas/audits.ts';
import { type SpaSite, startSpaSite } from '../doubles/spa-site.ts';
import { createWorkingTestApp, type WorkingTestApp, waitForAudit } from '../helpers/jobs.ts';
import { pdfWorkspace } from '../helpers/pdf.ts';
import { setPlan } from '../helpers/seed.ts';

// A site that builds its pages in the browser, audited through the API: rendered in Chromium when
// there is one, "not measured" when there is none, and each brand's page rendering setting.
let site: SpaSite;
let withBrowser: WorkingTestApp;
let withoutBrowser: WorkingTestApp;
let owner: string;
let ownerWithout: string;
const looked: string[] = [];
const pdfs = pdfWorkspace('audit-rendering-');

/** intranet.example.com (which the site's script asks for) points into a private network. */
const resolver = async (hostname: string) => {
  looked.push(hostname);
  if (hostname === 'intranet.example.com') return ['192.168.1.10'];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

beforeAll(async () => {
  site = await startSpaSite();
  // Rendering's own budget is generous here: this file checks what is found, not how fast a busy machine renders.
  const env = { CRAWLER_ALLOW_LOOPBACK: 'true', AUDIT_RENDER_TIMEOUT_MS: '60000' };
  withBrowser = await createWorkingTestApp({ env, crawlResolver: resolver });
  withoutBrowser = await createWorkingTestApp({ env, crawlResolver: resolver, renderChromium: null });
  owner = await withBrowser.signInAs('spa-owner@example.com');
  ownerWithout = await withoutBrowser.signInAs('spa-owner@example.com');
  await setPlan(withBrowser.database, 'spa-owner@example.com', 'agency');
  await setPlan(withoutBrowser.database, 'spa-owner@example.com', 'agency');
});

afterAll(async () => {
  pdfs.remove();
  await withBrowser?.close();
  await withoutBrowser?.close();
  await site?.close();
});

async function createBrand(target: WorkingTestApp, cookie: string, payload: Record<string, unknown> = {}) {
  const brand = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: { name: 'Harbour Bakery', websiteUrl: site.url, ...payload },
  });
  expect(brand.statusCode, brand.body).toBe(201);
  return brand.json();
}

async function auditOf(target: WorkingTestApp, cookie: string, brandId: string): Promise<TAuditDetail> {
  const audit = await target.app.inject({
    method: 'POST',
    url: '/api/audits',
    headers: { cookie },
    payload: { brandId },
  });
  expect(audit.statusCode, audit.body).toBe(201);
  return waitForAudit(target, cookie, audit.json().id, 60_000);
}

function checksOf(audit: TAuditDetail) {
  const areas = [audit.analysis?.website, audit.analysis?.socialMedia, audit.analysis?.brandAssets];
  return areas.flatMap((area) => Object.values(area ?? {}).flatMap((group) => group.checks));
}

describe("a brand's page rendering setting", () => {
  it('is auto by default, can be changed, and refuses other values with a readable 400', async () => {
    const brand = await createBrand(withBrowser, owner);
    expect(brand.renderMode).toBe('auto');
    const patch = (payload: Record<string, unknown>, cookie = owner) =>
      withBrowser.app.inject({ method: 'PATCH', url: `/api/brands/${brand.id}`, headers: { cookie }, payload });
    const changed = await patch({ renderMode: 'always' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().renderMode).toBe('always');
    const bad = await patch({ renderMode: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Page rendering must be auto, always or never');
    const created = await withBrowser.app.inject({
      method: 'POST',
      url: '/api/brands',
      headers: { cookie: owner },
      payload: { name: 'Bakery', renderMode: 42 },
    });
    expect(created.statusCode).toBe(400);
  });

  it('answers 401 signed out and 404 to another user', async () => {
    const brand = await createBrand(withBrowser, owner);
    const signedOut = await withBrowser.app.inject({
      method: 'PATCH',
      url: `/api/brands/${brand.id}`,
      payload: { renderMode: 'never' },
    });
    expect(signedOut.statusCode).toBe(401);
    const stranger = await withBrowser.signInAs('spa-stranger@example.com');
    const other = await withBrowser.app.inject({
      method: 'PATCH',
      url: `/api/brands/${brand.id}`,
      headers: { cookie: stranger },
      payload: { renderMode: 'never' },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('auditing a site that builds itself in the browser', () => {
  it('with a browser: crawls every linked page, finds the real fault and none of the false ones', async () => {
    const brand = await createBrand(withBrowser, owner);
    const audit = await auditOf(withBrowser, owner, brand.id);
    expect(audit.status, audit.failureReason ?? '').toBe('completed');
    expect(audit.analysis?.crawl).toMatchObject({
      pages: 3,
      pagesAnalysed: 3,
      rendering: { rendered: 3, notRendered: 0 },
    });
    const checks = checksOf(audit);
    expect(checks.filter((check) => check.status === 'fail').map((check) => check.id)).toEqual([
      'seo.image-alt',
      'a11y.image-alt',
    ]);
    const byId = Object.fromEntries(checks.map((check) => [check.id, check]));
    expect(byId['seo.image-alt']?.evidence.map((item) => item.url)).toEqual([`${site.url}/menu`]);
    expect(byId['seo.headings']?.status).toBe('pass');
    // The script's request to an internal address was vetted (looked up) and refused, never fetched.
    expect(looked).toContain('intranet.example.com');
  });

  it('without a browser: no content check fails and the report says why, once', async () => {
    const brand = await createBrand(withoutBrowser, ownerWithout);
    const audit = await auditOf(withoutBrowser, ownerWithout, brand.id);
    expect(audit.status, audit.failureReason ?? '').toBe('completed');
    expect(audit.analysis?.crawl).toMatchObject({
      pages: 1,
      pagesAnalysed: 0,
      rendering: { rendered: 0, notRendered: 1, reason: 'no browser is installed on the server' },
    });
    const checks = checksOf(audit);
    expect(checks.filter((check) => check.status === 'fail')).toEqual([]);
    // robots.txt, the sitemap and a 200 alone give the website no score.
    expect(audit.websiteScore).toBeNull();
    expect(audit.analysis?.coverage?.website).toMatchObject({ enough: false });
    const headings = checks.find((check) => check.id === 'seo.headings');
    expect(headings).toMatchObject({
      status: 'not_measured',
      summary: 'Not measured: this page builds its content with JavaScript',
    });
    // The PDF says why, once.
    const pdf = await withoutBrowser.app.inject({
      method: 'POST',
      url: `/api/audits/${audit.id}/pdf`,
      headers: { cookie: ownerWithout },
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = pdfs.inspect('rendering', pdf.rawPayload);
    if (!text) return;
    const sentence = renderingText(audit.analysis?.crawl?.rendering) ?? 'no sentence';
    const flat = (value: string) => value.replace(/\s+/g, '');
    expect(flat(text).split(flat(sentence)).length - 1).toBe(1);
  });

  it("with the brand's rendering set to never, the page is not rendered and the reason says so", async () => {
    const brand = await createBrand(withBrowser, owner, { renderMode: 'never' });
    const audit = await auditOf(withBrowser, owner, brand.id);
    expect(audit.analysis?.crawl?.rendering).toEqual({
      rendered: 0,
      notRendered: 1,
      reason: 'rendering is switched off for this audit',
    });
  });
});
