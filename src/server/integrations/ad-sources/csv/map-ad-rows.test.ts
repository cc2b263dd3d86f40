import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guessAdCsvMapping, type TAdCsvMapping } from '../../../../shared/ad-csv.ts';
import { readCsvFile } from '../../insight-sources/csv/csv-import.ts';
import { mapAdCsvRows, textHashAdId } from './map-ad-rows.ts';

const fixture = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../tests/fixtures/ad-library/ads.csv'));
const NOW = new Date('2026-03-01T12:00:00Z');
const competitors = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Bean There' },
  { id: '00000000-0000-4000-8000-000000000002', name: 'Grind House' },
];

describe('guessing the columns of an ad export', () => {
  it('maps every column of the fixture by its header words', () => {
    const table = readCsvFile(fixture);
    expect(guessAdCsvMapping(table.headers)).toEqual({
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
    });
  });

  it('leaves out what no header names', () => {
    expect(guessAdCsvMapping(['Text', 'Notes'])).toEqual({ adText: 'Text' });
  });
});

describe('mapping ad rows', () => {
  const table = readCsvFile(fixture);
  const mapping = guessAdCsvMapping(table.headers) as TAdCsvMapping;
  const { items, badRows } = mapAdCsvRows(table, mapping, { competitors, now: NOW });

  it('reports rows it cannot use by line, with the reason', () => {
    expect(badRows).toEqual([
      { line: 5, reason: 'No competitor named "Nobody Ltd" is tracked for this brand: add it first' },
      {
        line: 6,
        reason: 'The platform "Snapchat" is not one of meta, google, tiktok, linkedin, twitter, youtube',
      },
      { line: 7, reason: 'The ad text is blank' },
      { line: 8, reason: 'The ad type "Reel" is not one of image, video, carousel, collection' },
      { line: 9, reason: 'The date "31/02/2026" is not a date we can read (use 2024-03-05 or 05/03/2024)' },
    ]);
    expect(items.map((item) => item.line)).toEqual([2, 3, 4, 10]);
  });

  it('reads platforms, objectives, dates and links, and hashes the text of a row without an ad id', () => {
    expect(items[0]).toMatchObject({
      competitorId: competitors[0]!.id,
      platform: 'meta',
      adId: 'BT-001',
      adType: 'image',
      campaignObjective: 'conversions',
      landingPageUrl: 'https://beanthere.example/subscribe',
      firstSeenAt: new Date('2026-01-05T12:00:00Z'),
      lastSeenAt: null,
    });
    expect(items[1]).toMatchObject({
      platform: 'google',
      adId: textHashAdId('Order before 2pm for next-day delivery.'),
      landingPageUrl: 'https://beanthere.example/delivery',
      campaignObjective: 'traffic',
      firstSeenAt: new Date('2026-01-05T12:00:00Z'),
      lastSeenAt: new Date('2026-01-20T12:00:00Z'),
    });
    expect(items[2]).toMatchObject({ competitorId: competitors[1]!.id, campaignObjective: 'lead_generation' });
    expect(textHashAdId('  Order before 2pm  for next-day delivery. ')).toBe(
      textHashAdId('Order before 2pm for next-day delivery.'),
    );
  });

  it('takes the competitor and platform of the whole file when no column names them', () => {
    const single = readCsvFile(Buffer.from('Text,Link\nWinter blend is back.,not a link\nTry our decaf.,\n'));
    const mapped = mapAdCsvRows(
      single,
      { adText: 'Text', landingPageUrl: 'Link' },
      { competitors, competitorId: competitors[1]!.id, platform: 'linkedin', now: NOW },
    );
    expect(mapped.badRows).toEqual([{ line: 2, reason: 'The landing page "not a link" is not a web address' }]);
    expect(mapped.items[0]).toMatchObject({ competitorId: competitors[1]!.id, platform: 'linkedin' });
  });
});
