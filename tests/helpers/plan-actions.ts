import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PlanFeature } from '../../src/shared/plans.ts';
import type { TestApp } from './app.ts';
import { seedCompletedAuditOf } from './seed.ts';

/** A brand with something of every kind a plan governs, made while the plan allowed it. */
export type BrandWork = {
  brandId: string;
  auditId: string;
  competitorId: string;
  adId: string;
  insightId: string;
  sentimentReportId: string;
  competitorReportId: string;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function injectAs(target: TestApp, method: Method, url: string, cookie: string, payload?: object) {
  return target.app.inject({ method, url, payload, headers: { cookie } });
}

async function created(target: TestApp, cookie: string, url: string, payload: object): Promise<string> {
  const response = await injectAs(target, 'POST', url, cookie, payload);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json().id;
}

/**
 * Makes a brand through the API with an audit, a competitor with an ad, an insight, a sentiment
 * report and a competitor report. The account's plan must allow all of it (agency does).
 */
export async function makeBrandWork(target: TestApp, cookie: string, name: string): Promise<BrandWork> {
  const brandId = await created(target, cookie, '/api/brands', { name, websiteUrl: 'https://brand.example' });
  const brand = (await injectAs(target, 'GET', `/api/brands/${brandId}`, cookie)).json();
  const audit = await seedCompletedAuditOf(target.database, brand);
  const competitorId = await created(target, cookie, '/api/competitors', {
    brandId,
    name: `${name} Rival`,
    website: 'https://rival.example',
  });
  const adId = await created(target, cookie, '/api/ad-library', {
    competitorId,
    platform: 'meta',
    adText: 'Fresh bread every morning. Order now.',
  });
  const insightId = await created(target, cookie, '/api/consumer-insights', {
    brandId,
    content: 'The coffee was lovely and the staff were friendly.',
  });
  const sentimentReportId = await created(target, cookie, '/api/sentiment-reports', { brandId });
  const competitorReportId = await created(target, cookie, '/api/competitor-reports', { brandId });
  return { brandId, auditId: audit.id, competitorId, adId, insightId, sentimentReportId, competitorReportId };
}

/** A multipart body as the import dialogs send it: the fields, then the CSV file. */
function csvUpload(fields: Record<string, string>, csv: string) {
  const boundary = `----brandlens${crypto.randomUUID()}`;
  const parts = [
    ...Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
    `--${boundary}--\r\n`,
  ];
  return {
    payload: Buffer.from(parts.join('')),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function postCsv(target: TestApp, url: string, cookie: string, fields: Record<string, string>, csv: string) {
  const body = csvUpload(fields, csv);
  return target.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
}

/** One request that changes a brand's data, and the feature of the plan it uses, if any. */
export type BrandChange = {
  name: string;
  feature?: PlanFeature;
  send: (target: TestApp, cookie: string, work: BrandWork) => Promise<LightMyRequestResponse>;
};

/**
 * Every route that changes a brand's data: each is refused when the owner's plan lacks its feature,
 * after the plan's access period, and on a brand beyond the plan's brands. Deleting is not here:
 * it stays open on every plan.
 */
export const brandChanges: BrandChange[] = [
  {
    name: 'update the brand',
    send: (target, cookie, work) =>
      injectAs(target, 'PATCH', `/api/brands/${work.brandId}`, cookie, { fonts: ['Inter'] }),
  },
  {
    name: 'start an audit',
    send: (target, cookie, work) => injectAs(target, 'POST', '/api/audits', cookie, { brandId: work.brandId }),
  },
  {
    name: 'generate recommendations',
    feature: 'recommendations',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', `/api/audits/${work.auditId}/marketing-recommendations`, cookie),
  },
  {
    name: 'add feedback',
    feature: 'consumerInsights',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/consumer-insights', cookie, { brandId: work.brandId, content: 'Too slow.' }),
  },
  {
    name: 'add an insight source',
    feature: 'consumerInsights',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', `/api/brands/${work.brandId}/insight-sources`, cookie, {
        kind: 'feed',
        url: 'https://feeds.example/reviews.xml',
      }),
  },
  {
    name: 'discover insights',
    feature: 'consumerInsights',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/consumer-insights/discover', cookie, { brandId: work.brandId }),
  },
  {
    name: 'discover competitor insights',
    feature: 'consumerInsights',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/consumer-insights/discover-competitor', cookie, {
        competitorId: work.competitorId,
      }),
  },
  {
    name: 'import insights',
    feature: 'consumerInsights',
    send: (target, cookie, work) =>
      postCsv(
        target,
        '/api/consumer-insights/import',
        cookie,
        { brandId: work.brandId, mapping: JSON.stringify({ content: 'Comment' }) },
        'Comment\nLovely bread\n',
      ),
  },
  {
    name: 'generate a sentiment report',
    feature: 'consumerInsights',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/sentiment-reports', cookie, { brandId: work.brandId }),
  },
  {
    name: 'e-mail the insights report',
    feature: 'consumerInsights',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/consumer-insights/email', cookie, {
        brandId: work.brandId,
        email: 'reader@example.com',
      }),
  },
  {
    name: 'add a competitor',
    feature: 'competitorTracking',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/competitors', cookie, { brandId: work.brandId, name: 'Newcomer' }),
  },
  {
    name: 'edit a competitor',
    feature: 'competitorTracking',
    send: (target, cookie, work) =>
      injectAs(target, 'PUT', `/api/competitors/${work.competitorId}`, cookie, { name: 'Renamed Rival' }),
  },
  {
    name: 'add an ad',
    feature: 'competitorTracking',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/ad-library', cookie, { competitorId: work.competitorId, platform: 'google' }),
  },
  {
    name: 'edit an ad',
    feature: 'competitorTracking',
    send: (target, cookie, work) =>
      injectAs(target, 'PUT', `/api/ad-library/${work.adId}`, cookie, {
        competitorId: work.competitorId,
        platform: 'meta',
        adText: 'Edited',
      }),
  },
  {
    name: 'import ads',
    feature: 'competitorTracking',
    send: (target, cookie, work) =>
      postCsv(
        target,
        '/api/ad-library/import',
        cookie,
        {
          brandId: work.brandId,
          competitorId: work.competitorId,
          platform: 'meta',
          mapping: JSON.stringify({ adText: 'Ad Copy' }),
        },
        'Ad Copy\nOrder now\n',
      ),
  },
  {
    name: "discover a competitor's ads",
    feature: 'competitorTracking',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', `/api/competitors/${work.competitorId}/discover-ads`, cookie),
  },
  {
    name: "discover all the brand's ads",
    feature: 'competitorTracking',
    send: (target, cookie, work) => injectAs(target, 'POST', `/api/brands/${work.brandId}/discover-all-ads`, cookie),
  },
  {
    name: "check a competitor's pages",
    feature: 'competitorTracking',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', `/api/competitors/${work.competitorId}/page-snapshots`, cookie),
  },
  {
    name: 'generate a competitor report',
    feature: 'competitorTracking',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/competitor-reports', cookie, { brandId: work.brandId }),
  },
  {
    name: 'e-mail the competitive analysis',
    feature: 'competitorTracking',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/email-competitive-analysis', cookie, {
        reportId: work.competitorReportId,
        email: 'reader@example.com',
      }),
  },
];

/** One request that reads what a brand has (a list, a detail or a PDF), and the id it must show. */
export type BrandRead = {
  name: string;
  send: (target: TestApp, cookie: string, work: BrandWork) => Promise<LightMyRequestResponse>;
  /** the stored record the reply must contain; PDFs check their content type instead */
  shows?: (work: BrandWork) => string;
};

/** Every route that reads a brand's data: open on every plan and for read-only brands. */
export const brandReads: BrandRead[] = [
  {
    name: 'the brand',
    send: (target, cookie, work) => injectAs(target, 'GET', `/api/brands/${work.brandId}`, cookie),
    shows: (work) => work.brandId,
  },
  {
    name: 'the audit',
    send: (target, cookie, work) => injectAs(target, 'GET', `/api/audits/${work.auditId}`, cookie),
    shows: (work) => work.auditId,
  },
  {
    name: 'the audit PDF',
    send: (target, cookie, work) => injectAs(target, 'POST', `/api/audits/${work.auditId}/pdf`, cookie),
  },
  {
    name: 'the insights',
    send: (target, cookie, work) => injectAs(target, 'GET', `/api/consumer-insights?brandId=${work.brandId}`, cookie),
    shows: (work) => work.insightId,
  },
  {
    name: 'the insights PDF',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/consumer-insights/pdf', cookie, { brandId: work.brandId }),
  },
  {
    name: 'the sentiment reports',
    send: (target, cookie, work) => injectAs(target, 'GET', `/api/sentiment-reports?brandId=${work.brandId}`, cookie),
    shows: (work) => work.sentimentReportId,
  },
  {
    name: 'the sentiment report PDF',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/sentiment-reports/pdf', cookie, {
        brandId: work.brandId,
        reportId: work.sentimentReportId,
      }),
  },
  {
    name: 'the competitors',
    send: (target, cookie, work) => injectAs(target, 'GET', `/api/competitors?brandId=${work.brandId}`, cookie),
    shows: (work) => work.competitorId,
  },
  {
    name: 'the ads',
    send: (target, cookie, work) => injectAs(target, 'GET', `/api/ad-library?brandId=${work.brandId}`, cookie),
    shows: (work) => work.adId,
  },
  {
    name: 'the competitor reports',
    send: (target, cookie, work) => injectAs(target, 'GET', `/api/competitor-reports?brandId=${work.brandId}`, cookie),
    shows: (work) => work.competitorReportId,
  },
  {
    name: 'the competitor report PDF',
    send: (target, cookie, work) =>
      injectAs(target, 'POST', '/api/competitors/pdf', cookie, {
        brandId: work.brandId,
        reportId: work.competitorReportId,
      }),
  },
  {
    name: "the competitor's page changes",
    send: (target, cookie, work) =>
      injectAs(target, 'GET', `/api/competitors/${work.competitorId}/page-changes`, cookie),
    shows: (work) => work.competitorId,
  },
];

/** Checks that every read answers 200 with the record it should show (or a PDF). */
export async function expectEveryReadOpen(target: TestApp, cookie: string, work: BrandWork) {
  for (const read of brandReads) {
    const response = await read.send(target, cookie, work);
    expect(response.statusCode, `${read.name}: ${response.body.slice(0, 200)}`).toBe(200);
    if (read.shows) expect(response.body, read.name).toContain(read.shows(work));
    else expect(response.headers['content-type'], read.name).toBe('application/pdf');
  }
}
