/**
 * An ad as a row of the library's CSV export. The first columns are those the CSV import reads,
 * under header names its dialog recognises, so an exported file can be imported again: ads are
 * matched by competitor, platform and ad id, and add nothing twice. A running ad's last seen cell
 * is left blank, which the import reads as "still running"; a stopped ad's holds its last day.
 * The last columns are for people: status, calendar days run and the ad's public page.
 */
import { adCsvColumnLabels } from '../../../shared/ad-csv.ts';
import type { TAd } from '../../../shared/schemas/competitors.ts';
import { type CsvValue, csvLine } from '../../http/csv-writer.ts';

const columns: { header: string; cell: (ad: TAd, competitorName: string) => CsvValue }[] = [
  { header: adCsvColumnLabels.adId, cell: (ad) => ad.adId },
  { header: adCsvColumnLabels.competitor, cell: (_ad, competitorName) => competitorName },
  { header: adCsvColumnLabels.platform, cell: (ad) => ad.platform },
  { header: adCsvColumnLabels.adTitle, cell: (ad) => ad.adTitle },
  { header: adCsvColumnLabels.adText, cell: (ad) => ad.adText },
  { header: adCsvColumnLabels.landingPageUrl, cell: (ad) => ad.landingPageUrl },
  { header: adCsvColumnLabels.imageUrl, cell: (ad) => ad.imageUrl },
  { header: adCsvColumnLabels.adType, cell: (ad) => ad.adType },
  { header: adCsvColumnLabels.campaignObjective, cell: (ad) => ad.campaignObjective },
  { header: adCsvColumnLabels.firstSeenAt, cell: (ad) => ad.firstSeenAt },
  { header: adCsvColumnLabels.lastSeenAt, cell: (ad) => (ad.isActive ? null : ad.lastSeenAt) },
  { header: 'Status', cell: (ad) => (ad.isActive ? 'running' : 'stopped') },
  { header: 'Running days', cell: (ad) => ad.runningDays },
  { header: 'Ad library link', cell: (ad) => ad.adLibraryUrl },
];

/** The header names, in order: what the import dialog's mapping names. */
export const AD_CSV_HEADERS = columns.map((column) => column.header);

export const adCsvHeaderLine = () => csvLine(AD_CSV_HEADERS);

export const adCsvLine = (ad: TAd, competitorName: string) =>
  csvLine(columns.map((column) => column.cell(ad, competitorName)));
