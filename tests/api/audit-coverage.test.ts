import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditDetail, TAuditSummary, TSharedAuditReport } from '../../src/shared/schemas/audits.ts';
import { createWorkingTestApp, type WorkingTestApp, waitForAudit } from '../helpers/jobs.ts';

// A brand with only a website: a one-page site that links to one Instagram profile and has no feed.
// Before the "not enough measured" rule this brand scored 100 for social media (one link check) and
// 100 for brand assets (one font-count check).
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Acme Coffee, Bristol</title>
    <meta name="description" content="Small-batch coffee roasted in Bristol and sent out every Monday." />
    <style>body { font-family: Georgia, serif; }</style>
  </head>
  <body>
    <main>
      <h1>Acme Coffee</h1>
      <p>We roast small batches of coffee in Bristol every week and post them to you on Monday.</p>
      <p>Follow us on <a href="https://www.instagram.com/acme_coffee">Instagram</a>.</p>
    </main>
  </body>
</html>`;

let site: Server;
let siteUrl: string;
let target: WorkingTestApp;
let cookie: string;
let audit: TAuditDetail;

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(PAGE);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  target = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  cookie = await target.signInAs('website-only@example.com');
  const brand = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: { name: 'Acme Coffee', websiteUrl: siteUrl },
  });
  expect(brand.statusCode).toBe(201);
  const started = await target.app.inject({
    method: 'POST',
    url: '/api/audits',
    headers: { cookie },
    payload: { brandId: brand.json().id },
  });
  audit = await waitForAudit(target, cookie, started.json().id);
});

afterAll(async () => {
  await target?.close();
  await new Promise((resolve) => site?.close(resolve));
});

describe('an audit of a brand with only a website', () => {
  it('has social media and brand assets as not enough measured, saying what to add', () => {
    expect(audit.status).toBe('completed');
    expect(audit.coverage?.socialMedia).toMatchObject({
      enough: false,
      toAdd: ['social handles'],
    });
    expect(audit.coverage?.socialMedia.applied).toBeLessThan(3);
    expect(audit.coverage?.brandAssets).toMatchObject({
      enough: false,
      toAdd: ['a colour palette', 'a logo', 'brand fonts'],
    });
    expect(audit.coverage?.brandAssets.applied).toBeLessThan(3);
    expect(audit.coverage?.brandAssets.coverage).toMatch(/^\d+ of \d+ checks? applied$/);
    expect(audit.socialMediaScore).toBeNull();
    expect(audit.brandAssetsScore).toBeNull();
  });

  it('measures the website and makes it the whole overall score', () => {
    expect(audit.coverage?.website.enough).toBe(true);
    expect(audit.coverage?.website.coverage).toBe(
      `${audit.coverage?.website.applied} of ${audit.coverage?.website.total} checks applied`,
    );
    expect(audit.websiteScore).not.toBeNull();
    expect(audit.coverage?.overallMeasured).toBe(true);
    expect(audit.overallScore).toBe(audit.websiteScore);
  });

  it('gives fixes in the areas left out no score impact', () => {
    for (const recommendation of audit.recommendations) {
      if (recommendation.category === 'Social Media' || recommendation.category === 'Brand Assets') {
        expect(recommendation.scoreImpact).toBe(0);
      }
    }
  });

  it('carries the coverage in the audit list and on the shared report', async () => {
    const list = await target.app.inject({ method: 'GET', url: '/api/audits', headers: { cookie } });
    const row = (list.json() as TAuditSummary[]).find((item) => item.id === audit.id);
    expect(row?.coverage).toEqual(audit.coverage);

    const share = await target.app.inject({
      method: 'POST',
      url: `/api/audits/${audit.id}/share`,
      headers: { cookie },
      payload: {},
    });
    const shared = await target.app.inject({ method: 'GET', url: `/api/reports/${share.json().shareableToken}` });
    expect((shared.json() as TSharedAuditReport).audit.coverage).toEqual(audit.coverage);
  });

  it('is not shown to another user', async () => {
    const other = await target.signInAs('someone-else@example.com');
    const response = await target.app.inject({
      method: 'GET',
      url: `/api/audits/${audit.id}`,
      headers: { cookie: other },
    });
    expect(response.statusCode).toBe(404);
  });
});
