import { describe, expect, it } from 'vitest';
import {
  formatRange,
  MalformedAnswerError,
  parseAdsArchivePage,
  parseMetaTime,
  toAdFields,
} from './parse-ads-archive.ts';

const NOW = new Date('2025-06-01T12:00:00Z');

const ordinary = {
  id: '111',
  ad_creation_time: '2025-01-02',
  ad_delivery_start_time: '2025-01-03',
  ad_creative_bodies: ['  ', 'Shop now and save 20%'],
  ad_creative_link_titles: ['Coffee subscriptions'],
  ad_creative_link_captions: ['northwind.example'],
  ad_snapshot_url: 'https://www.facebook.com/ads/archive/render_ad/?id=111&access_token=server-secret',
  page_id: '1234567890',
  page_name: 'Northwind Roasters',
  publisher_platforms: ['facebook', 'instagram'],
  languages: ['en'],
};

const political = {
  ...ordinary,
  id: '222',
  ad_delivery_stop_time: '2025-02-01',
  spend: { lower_bound: '100', upper_bound: '199' },
  impressions: { lower_bound: '1000000' },
  currency: 'gbp',
  eu_total_reach: 3120,
  target_ages: ['18', '65+'],
  target_gender: 'All',
  target_locations: [{ name: 'London', type: 'city', excluded: false }],
};

describe('mapping an ordinary ad', () => {
  const fields = toAdFields(parseAdsArchivePage(JSON.stringify({ data: [ordinary] })).ads[0]!, NOW);

  it("links to the ad's public Ad Library page, never to Meta's snapshot link with its token", () => {
    expect(fields.adLibraryUrl).toBe('https://www.facebook.com/ads/library/?id=111');
    expect(JSON.stringify(fields)).not.toContain('server-secret');
    expect(JSON.stringify(fields)).not.toContain('access_token');
  });

  it('takes the first creative body and link title, and the page', () => {
    expect(fields).toMatchObject({
      adId: '111',
      adText: 'Shop now and save 20%',
      adTitle: 'Coffee subscriptions',
      pageId: '1234567890',
      pageName: 'Northwind Roasters',
      publisherPlatforms: ['facebook', 'instagram'],
      languages: ['en'],
    });
  });

  it('invents no landing page from the display caption, and leaves undisclosed figures null', () => {
    expect(fields.landingPageUrl).toBeNull();
    expect(fields).toMatchObject({ spend: null, spendCurrency: null, impressions: null, reach: null, targeting: null });
  });

  it('is active without a stop time, first seen at delivery start, last seen now', () => {
    expect(fields.isActive).toBe(true);
    expect(fields.firstSeenAt?.toISOString()).toBe('2025-01-03T00:00:00.000Z');
    expect(fields.lastSeenAt).toEqual(NOW);
  });

  it('falls back to the creation time when delivery start is absent', () => {
    const { ad_delivery_start_time: _, ...noStart } = ordinary;
    const [ad] = parseAdsArchivePage(JSON.stringify({ data: [noStart] })).ads;
    expect(toAdFields(ad!, NOW).firstSeenAt?.toISOString()).toBe('2025-01-02T00:00:00.000Z');
  });
});

describe('mapping an ad with text PostgreSQL cannot store', () => {
  const [ad] = parseAdsArchivePage(
    JSON.stringify({
      data: [
        {
          ...ordinary,
          ad_creative_bodies: ['\u0000', 'Fresh\u0000 bread \uD800daily'],
          ad_creative_link_titles: ['Loaves\u0000'],
          page_name: 'Crumb\u0000 & Co',
          target_locations: [{ name: 'Lon\u0000don', type: 'city' }],
        },
      ],
    }),
  ).ads;
  const fields = toAdFields(ad!, NOW);

  it('removes NUL bytes and replaces lone surrogates in every text, skipping a body that was only NUL', () => {
    expect(fields).toMatchObject({ adText: 'Fresh bread \uFFFDdaily', adTitle: 'Loaves', pageName: 'Crumb & Co' });
    expect(fields.targeting).toEqual({ locations: [{ name: 'London', type: 'city', excluded: false }] });
    expect(JSON.stringify(fields)).not.toContain('\\u0000');
  });
});

describe('mapping a political ad', () => {
  const fields = toAdFields(parseAdsArchivePage(JSON.stringify({ data: [political] })).ads[0]!, NOW);

  it('keeps spend and impressions as the ranges disclosed, with the currency and EU reach', () => {
    expect(fields).toMatchObject({ spend: '100-199', spendCurrency: 'GBP', impressions: '1000000+', reach: 3120 });
  });

  it('keeps the targeting disclosed', () => {
    expect(fields.targeting).toEqual({
      ages: ['18', '65+'],
      gender: 'All',
      locations: [{ name: 'London', type: 'city', excluded: false }],
    });
  });

  it('has stopped: inactive, last seen at the end of its stop day', () => {
    expect(fields.isActive).toBe(false);
    expect(fields.lastSeenAt.toISOString()).toBe('2025-02-01T23:59:59.999Z');
  });

  it('is still active while its stop time is in the future', () => {
    const [ad] = parseAdsArchivePage(
      JSON.stringify({ data: [{ ...political, ad_delivery_stop_time: '2025-07-01' }] }),
    ).ads;
    const future = toAdFields(ad!, NOW);
    expect(future.isActive).toBe(true);
    expect(future.lastSeenAt).toEqual(NOW);
  });
});

describe('ranges and times', () => {
  it('formats ranges as lower-upper, open ranges as lower+, and nothing as null', () => {
    expect(formatRange({ lower_bound: 0, upper_bound: 99 })).toBe('0-99');
    expect(formatRange({ lower_bound: '1000000' })).toBe('1000000+');
    expect(formatRange({})).toBeNull();
    expect(formatRange(undefined)).toBeNull();
  });

  it("reads Meta's times with and without a time of day", () => {
    expect(parseMetaTime('2025-03-01T10:00:00+0000')?.toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(parseMetaTime('2025-03-01')?.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(parseMetaTime('not a date')).toBeNull();
    expect(parseMetaTime(undefined)).toBeNull();
  });
});

describe('a malformed answer', () => {
  it('fails whole when cut off, without a data list, or with an ad without an id', () => {
    const whole = JSON.stringify({ data: [ordinary, political] });
    expect(() => parseAdsArchivePage(whole.slice(0, 60))).toThrow(MalformedAnswerError);
    expect(() => parseAdsArchivePage(whole.slice(0, 60))).toThrow(/not complete JSON/);
    expect(() => parseAdsArchivePage('{"result":1}')).toThrow(/without a list of ads/);
    expect(() => parseAdsArchivePage(JSON.stringify({ data: [ordinary, { page_name: 'x' }] }))).toThrow(
      /unreadable ad \(number 2 on the page: id\)/,
    );
  });

  it('reads the next page link when there is one', () => {
    expect(parseAdsArchivePage(JSON.stringify({ data: [], paging: { next: 'https://g/next' } })).next).toBe(
      'https://g/next',
    );
    expect(parseAdsArchivePage(JSON.stringify({ data: [] })).next).toBeNull();
  });
});

describe('the richer fields Meta documents', () => {
  it('keeps versions, the EU breakdown, beneficiary and payer, and the search that found the ad', () => {
    const [ad] = parseAdsArchivePage(
      JSON.stringify({
        data: [
          {
            id: '42',
            ad_creative_bodies: ['One', 'Two'],
            ad_creative_link_titles: ['A', 'B', 'C'],
            age_country_gender_reach_breakdown: [
              { country: 'IE', age_gender_breakdowns: [{ age_range: '25-34', male: 10, female: 12.4 }] },
            ],
            beneficiary_payers: [
              { beneficiary: 'Acme Ltd', payer: '  ' },
              { beneficiary: '', payer: '' },
            ],
          },
        ],
      }),
    ).ads;
    const fields = toAdFields(ad!, new Date('2026-01-01T00:00:00Z'), { market: 'IE', mediaType: 'VIDEO' });
    expect(fields).toMatchObject({
      metaReachedMarkets: ['IE'],
      metaMediaType: 'video',
      metaCreativeVersions: 3,
      metaReachBreakdown: [{ country: 'IE', ages: [{ ageRange: '25-34', male: 10, female: 12, unknown: null }] }],
      metaBeneficiaryPayers: [{ beneficiary: 'Acme Ltd', payer: null }],
    });
  });

  it('leaves what Meta did not give as null, never 0', () => {
    const [ad] = parseAdsArchivePage(JSON.stringify({ data: [{ id: '43' }] })).ads;
    expect(toAdFields(ad!)).toMatchObject({
      metaReachedMarkets: [],
      metaMediaType: null,
      metaCreativeVersions: null,
      metaReachBreakdown: null,
      metaBeneficiaryPayers: null,
    });
  });
});
