import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicateAdId } from '../../src/server/features/ad-library/create-ad.ts';
import { featureLimitMessage } from '../../src/shared/plans.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { pinClock, unpinClock } from '../helpers/clock.ts';
import { setPlan } from '../helpers/seed.ts';

// Days counted from today: the clock is set (noon UTC, moving on from there) so they hold at any hour.
pinClock();
afterAll(() => unpinClock());

const ADS_CSV = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/ad-library/ads.csv'));
const MAPPING = {
  competitor: 'Advertiser',
  platform: 'Platform',
  adText: 'Ad Copy',
  adTitle: 'Headline',
  landingPageUrl: 'Landing Page',
  adType: 'Format',
  campaignObjective: 'Objective',
  firstSeenAt: 'Start Date',
  lastSeenAt: 'End Date',
  adId: 'Ad ID',
  imageUrl: 'Image URL',
};

let target: TestApp;
let owner: string;
let stranger: string;
let freeUser: string;
let brandId: string;
let strangerBrandId: string;
let freeBrandId: string;
let beanThere: string;
let grindHouse: string;
let strangerCompetitor: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const inject = (method: Method, url: string, cookie?: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function created(method: Method, url: string, cookie: string, payload: object): Promise<string> {
  const response = await inject(method, url, cookie, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** A multipart body as the import dialog sends it: the fields, then the file. */
function importBody(fields: Record<string, string>, file: Buffer | null) {
  const boundary = `----brandlens${crypto.randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ads.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function postImport(cookie: string | null, file: Buffer | null, fields: Record<string, string> = {}) {
  const body = importBody({ brandId, mapping: JSON.stringify(MAPPING), ...fields }, file);
  return target.app.inject({
    method: 'POST',
    url: '/api/ad-library/import',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

const adsOf = async (cookie: string, query = '') =>
  (await inject('GET', `/api/ad-library?brandId=${brandId}${query}`, cookie)).json();

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('ads-owner@example.com');
  stranger = await target.signInAs('ads-stranger@example.com');
  freeUser = await target.signInAs('ads-free@example.com');
  await setPlan(target.database, 'ads-owner@example.com', 'smb');
  await setPlan(target.database, 'ads-stranger@example.com', 'smb');
  brandId = await created('POST', '/api/brands', owner, { name: 'Acme Coffee' });
  strangerBrandId = await created('POST', '/api/brands', stranger, { name: 'Rival Roasters' });
  freeBrandId = await created('POST', '/api/brands', freeUser, { name: 'Free Beans' });
  beanThere = await created('POST', '/api/competitors', owner, { brandId, name: 'Bean There' });
  grindHouse = await created('POST', '/api/competitors', owner, { brandId, name: 'Grind House' });
  strangerCompetitor = await created('POST', '/api/competitors', stranger, {
    brandId: strangerBrandId,
    name: 'Other',
  });
});
afterAll(async () => {
  await target.close();
});

describe('ads entered by hand', () => {
  let adId: string;

  it('adds an ad with only a competitor and platform: manual, active, seen today', async () => {
    const response = await inject('POST', '/api/ad-library', owner, { competitorId: beanThere, platform: 'google' });
    expect(response.statusCode, response.body).toBe(201);
    const ad = response.json();
    expect(ad).toMatchObject({
      competitorId: beanThere,
      platform: 'google',
      source: 'manual',
      isActive: true,
      adText: null,
      spend: null,
      impressions: null,
      reach: null,
      runningDays: 1,
    });
    expect(ad.firstSeenAt.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
  });

  it('adds an ad with every field of the dialog', async () => {
    const response = await inject('POST', '/api/ad-library', owner, {
      competitorId: grindHouse,
      platform: 'meta',
      adId: 'GH-1',
      adTitle: 'Home espresso course',
      adText: 'Our baristas, your kitchen.\nBook now.',
      landingPageUrl: 'grind.example/course',
      imageUrl: 'https://grind.example/1.jpg',
      adType: 'video',
      campaignObjective: 'lead_generation',
      firstSeenAt: '2026-01-01',
      lastSeenAt: '2026-01-31',
      isActive: false,
      spend: '£100-£499',
    });
    expect(response.statusCode, response.body).toBe(201);
    adId = response.json().id;
    expect(response.json()).toMatchObject({
      landingPageUrl: 'https://grind.example/course',
      firstSeenAt: '2026-01-01T12:00:00.000Z',
      lastSeenAt: '2026-01-31T12:00:00.000Z',
      runningDays: 31,
      spend: '£100-£499',
      impressions: null,
    });
  });

  it('edits an ad, keeping seen dates that are left out', async () => {
    const response = await inject('PUT', `/api/ad-library/${adId}`, owner, {
      competitorId: grindHouse,
      platform: 'meta',
      adText: 'Book the course today.',
      isActive: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      adText: 'Book the course today.',
      adTitle: null,
      firstSeenAt: '2026-01-01T12:00:00.000Z',
      lastSeenAt: '2026-01-31T12:00:00.000Z',
      source: 'manual',
    });
  });

  it('lists the brand’s ads, filtered by competitor and platform', async () => {
    expect(await adsOf(owner)).toHaveLength(2);
    expect((await adsOf(owner, `&competitorId=${grindHouse}`)).map((ad: { id: string }) => ad.id)).toEqual([adId]);
    expect(await adsOf(owner, '&platform=google')).toHaveLength(1);
    expect(await adsOf(owner, `&competitorId=${beanThere}&platform=meta`)).toEqual([]);
    expect((await inject('GET', `/api/ad-library?brandId=${brandId}&platform=myspace`, owner)).statusCode).toBe(400);
  });

  it('refuses a missing competitor or platform, unknown values and impossible dates', async () => {
    const cases: [object, string][] = [
      [{ platform: 'meta' }, 'Choose a competitor'],
      [{ competitorId: beanThere }, 'Choose a platform'],
      [{ competitorId: beanThere, platform: 'myspace' }, 'Choose a platform'],
      [{ competitorId: beanThere, platform: 'meta', adType: 'hologram' }, 'Unknown ad type'],
      [{ competitorId: beanThere, platform: 'meta', campaignObjective: 'fame' }, 'Unknown campaign objective'],
      [
        { competitorId: beanThere, platform: 'meta', landingPageUrl: 'ftp://x.example' },
        'Landing page must be a web address starting with http:// or https://',
      ],
      [
        { competitorId: beanThere, platform: 'meta', firstSeenAt: '05/03/2026' },
        'First seen must be a date such as 2026-03-05',
      ],
      [
        { competitorId: beanThere, platform: 'meta', firstSeenAt: '2026-02-01', lastSeenAt: '2026-01-01' },
        'Last seen cannot be before first seen',
      ],
      [{ competitorId: beanThere, platform: 'meta', firstSeenAt: '2099-01-01' }, 'First seen cannot be in the future'],
    ];
    for (const [payload, message] of cases) {
      const response = await inject('POST', '/api/ad-library', owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await adsOf(owner)).toHaveLength(2);
    const edit = await inject('PUT', `/api/ad-library/${adId}`, owner, { competitorId: grindHouse });
    expect(edit.statusCode).toBe(400);
  });

  it('is 409 for a second ad with the same competitor, platform and ad id', async () => {
    const payload = { competitorId: beanThere, platform: 'tiktok', adId: 'BT-9' };
    const first = await inject('POST', '/api/ad-library', owner, payload);
    expect(first.statusCode).toBe(201);
    const second = await inject('POST', '/api/ad-library', owner, payload);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(duplicateAdId);
    expect((await inject('DELETE', `/api/ad-library/${first.json().id}`, owner)).statusCode).toBe(200);
  });

  it('is 401 signed out', async () => {
    expect((await inject('GET', `/api/ad-library?brandId=${brandId}`)).statusCode).toBe(401);
    expect(
      (await inject('POST', '/api/ad-library', undefined, { competitorId: beanThere, platform: 'meta' })).statusCode,
    ).toBe(401);
    expect(
      (await inject('PUT', `/api/ad-library/${adId}`, undefined, { competitorId: beanThere, platform: 'meta' }))
        .statusCode,
    ).toBe(401);
    expect((await inject('DELETE', `/api/ad-library/${adId}`)).statusCode).toBe(401);
    expect((await postImport(null, ADS_CSV)).statusCode).toBe(401);
  });

  it("is 404 for another user's brand, competitor or ad", async () => {
    expect((await inject('GET', `/api/ad-library?brandId=${brandId}`, stranger)).statusCode).toBe(404);
    expect(
      (await inject('POST', '/api/ad-library', stranger, { competitorId: beanThere, platform: 'meta' })).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', '/api/ad-library', owner, { competitorId: strangerCompetitor, platform: 'meta' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject('PUT', `/api/ad-library/${adId}`, stranger, { competitorId: strangerCompetitor, platform: 'meta' }))
        .statusCode,
    ).toBe(404);
    // Moving an ad to someone else's competitor is a 404 too.
    expect(
      (await inject('PUT', `/api/ad-library/${adId}`, owner, { competitorId: strangerCompetitor, platform: 'meta' }))
        .statusCode,
    ).toBe(404);
    expect((await inject('DELETE', `/api/ad-library/${adId}`, stranger)).statusCode).toBe(404);
    expect((await postImport(stranger, ADS_CSV)).statusCode).toBe(404);
    expect((await postImport(owner, ADS_CSV, { competitorId: strangerCompetitor })).statusCode).toBe(404);
  });

  it('refuses the free plan an import with 403 plan_feature, and reads it an empty library', async () => {
    const refused = await postImport(freeUser, ADS_CSV, { brandId: freeBrandId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'plan_feature',
      message: featureLimitMessage('free', 'competitorTracking'),
    });
    const read = await inject('GET', `/api/ad-library?brandId=${freeBrandId}`, freeUser);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([]);
  });

  it('deletes an ad', async () => {
    expect((await inject('DELETE', `/api/ad-library/${adId}`, owner)).json()).toEqual({ id: adId });
    expect((await inject('DELETE', `/api/ad-library/${adId}`, owner)).statusCode).toBe(404);
    expect(await adsOf(owner)).toHaveLength(1);
  });
});

describe('CSV import', () => {
  it('keeps the good rows and reports the bad ones by line', async () => {
    const response = await postImport(owner, ADS_CSV);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      fileName: 'ads.csv',
      rows: 9,
      added: 3,
      updated: 0,
      repeated: 1,
      badRowCount: 5,
    });
    expect(response.json().badRows.map((row: { line: number }) => row.line)).toEqual([5, 6, 7, 8, 9]);
    const csvAds = (await adsOf(owner)).filter((ad: { source: string }) => ad.source === 'csv');
    expect(csvAds).toHaveLength(3);
    // The later row of BT-001 in the file gives the text; its first seen date is the earlier row's.
    expect(csvAds.find((ad: { adId: string }) => ad.adId === 'BT-001')).toMatchObject({
      adText: 'Rows repeat in hand-kept sheets.',
      firstSeenAt: '2026-01-05T12:00:00.000Z',
      isActive: true,
    });
    expect(csvAds.find((ad: { platform: string }) => ad.platform === 'google')).toMatchObject({
      isActive: false,
      runningDays: 16,
    });
  });

  it('adds nothing when the same file is imported again', async () => {
    const again = await postImport(owner, ADS_CSV);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ added: 0, updated: 3 });
    expect((await adsOf(owner)).filter((ad: { source: string }) => ad.source === 'csv')).toHaveLength(3);
  });

  it('takes the competitor and platform for the whole file from the form', async () => {
    const file = Buffer.from('Text\nWinter blend is back.\n');
    const response = await postImport(owner, file, {
      mapping: JSON.stringify({ adText: 'Text' }),
      competitorId: grindHouse,
      platform: 'linkedin',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 1 });
    expect(await adsOf(owner, '&platform=linkedin')).toHaveLength(1);
  });

  it('refuses each kind of file it cannot import, storing nothing', async () => {
    const before = (await adsOf(owner)).length;
    const refusals: [Buffer | null, Record<string, string>, RegExp | string][] = [
      [null, {}, "Send the CSV file as multipart/form-data in a part named 'file', after brandId and mapping"],
      [Buffer.alloc(0), {}, 'The file is empty.'],
      [Buffer.from('Advertiser,Ad Copy\nBean There,x\n'), {}, /no column "Platform"/],
      [
        Buffer.from('<html></html>'),
        {},
        'The file is an HTML or XML document, not CSV. Export the ads as a CSV file and import that.',
      ],
      [
        Buffer.from('Advertiser,Platform,Ad Copy\ncaf\xe9,meta,x\n', 'latin1'),
        { mapping: JSON.stringify({ competitor: 'Advertiser', platform: 'Platform', adText: 'Ad Copy' }) },
        /The file is not UTF-8/,
      ],
      [ADS_CSV, { mapping: JSON.stringify({ competitor: 'Advertiser' }) }, 'Choose the column that holds the ad text'],
      [ADS_CSV, { mapping: JSON.stringify({ adText: 'Ad Copy' }) }, /Choose the column that names the competitor/],
      [
        Buffer.from('Advertiser,Platform,Ad Copy\nNobody,meta,x\n'),
        { mapping: JSON.stringify({ competitor: 'Advertiser', platform: 'Platform', adText: 'Ad Copy' }) },
        'None of the rows can be imported (line 2: No competitor named "Nobody" is tracked for this brand: add it first).',
      ],
      [
        Buffer.alloc(20 * 1024 * 1024 + 10, 'a'),
        {},
        'The file is larger than 20 MB. Split it into smaller files and import each.',
      ],
    ];
    for (const [file, fields, message] of refusals) {
      const response = await postImport(owner, file, fields);
      expect(response.statusCode, response.body).toBe(400);
      if (typeof message === 'string') expect(response.json().message).toBe(message);
      else expect(response.json().message).toMatch(message);
    }
    expect(await adsOf(owner)).toHaveLength(before);
  });
});
