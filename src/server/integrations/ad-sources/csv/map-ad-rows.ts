/**
 * The rows of a CSV file of ads as ad library entries. A value that cannot be read without
 * guessing (an unknown competitor or platform, a date that could mean two things, a link that is
 * not a web address) makes its row a bad row, reported by line; the good rows are kept. Reading
 * the file itself (encoding, CSV structure, size) is shared with the consumer insights import.
 */
import { createHash } from 'node:crypto';
import { adCsvColumnRoles, type TAdCsvColumnRole, type TAdCsvMapping } from '../../../../shared/ad-csv.ts';
import {
  adPlatforms,
  adTypes,
  campaignObjectives,
  MAX_AD_TEXT_LENGTH,
  type TAdPlatform,
  type TAdType,
  type TCampaignObjective,
} from '../../../../shared/schemas/competitors.ts';
import type { TBadRow } from '../../../../shared/schemas/insight-sources.ts';
import { hasControlCharacters } from '../../../../shared/schemas/text.ts';
import type { CsvRow, CsvTable } from '../../insight-sources/csv/csv-import.ts';
import { parseCsvDate } from '../../insight-sources/csv/csv-values.ts';
import { squash } from '../../insight-sources/text.ts';

export type AdCsvItem = {
  line: number;
  competitorId: string;
  platform: TAdPlatform;
  /** the source's id, or `text-sha256:` and a hash of the text when the file has none */
  adId: string;
  adText: string;
  adTitle: string | null;
  landingPageUrl: string | null;
  imageUrl: string | null;
  adType: TAdType | null;
  campaignObjective: TCampaignObjective | null;
  /** null: the file gave none; the import time is used */
  firstSeenAt: Date | null;
  lastSeenAt: Date | null;
};

export type AdCsvContext = {
  /** the brand's competitors, matched by name without regard to case or spacing */
  competitors: { id: string; name: string }[];
  /** used for rows without a competitor column or with a blank cell */
  competitorId?: string;
  platform?: TAdPlatform;
  now?: Date;
};

const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

const PLATFORM_WORDS: Record<string, TAdPlatform> = {
  ...Object.fromEntries(adPlatforms.map((platform) => [platform, platform])),
  facebook: 'meta',
  instagram: 'meta',
  messenger: 'meta',
  audiencenetwork: 'meta',
  metafacebookinstagram: 'meta',
  googleads: 'google',
  adwords: 'google',
  x: 'twitter',
  xtwitter: 'twitter',
};

const TYPE_WORDS: Record<string, TAdType> = {
  ...Object.fromEntries(adTypes.map((type) => [type, type])),
  singleimage: 'image',
  photo: 'image',
  singlevideo: 'video',
};

/** Objectives by their names, and Meta's current (outcome) names for the nearest one. */
const OBJECTIVE_WORDS: Record<string, TCampaignObjective> = {
  ...Object.fromEntries(campaignObjectives.map((objective) => [key(objective), objective])),
  awareness: 'brand_awareness',
  leads: 'lead_generation',
  appinstall: 'app_installs',
  apppromotion: 'app_installs',
  catalogsales: 'catalogue_sales',
  videoview: 'video_views',
  sales: 'conversions',
  conversion: 'conversions',
};

const listOf = (values: readonly string[]) => values.join(', ');

function textProblem(text: string, label: string, limit: number): string | null {
  if (hasControlCharacters(text, { multiline: true })) return `The ${label} contains a control character`;
  if (text.length > limit) return `The ${label} is longer than ${limit.toLocaleString('en-GB')} characters`;
  return null;
}

function webAddress(value: string, label: string): { value: string | null } | { reason: string } {
  const text = value.trim();
  if (!text) return { value: null };
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (!/^https?:$/.test(url.protocol) || !url.hostname.includes('.') || text.length > 2000) throw new Error();
    return { value: url.href };
  } catch {
    return { reason: `The ${label} "${text.slice(0, 80)}" is not a web address` };
  }
}

export function textHashAdId(text: string): string {
  return `text-sha256:${createHash('sha256').update(squash(text).toLowerCase()).digest('hex').slice(0, 40)}`;
}

type Columns = Record<TAdCsvColumnRole, number>;

function itemOf(row: CsvRow, columns: Columns, context: AdCsvContext & { now: Date }): AdCsvItem | string {
  const cell = (index: number) => (index >= 0 ? (row.fields[index] ?? '') : '');
  const adText = cell(columns.adText).trim();
  if (!adText) return 'The ad text is blank';
  const textIssue = textProblem(adText, 'ad text', MAX_AD_TEXT_LENGTH);
  if (textIssue) return textIssue;

  const competitorName = squash(cell(columns.competitor));
  const competitorId = competitorName
    ? context.competitors.find((competitor) => key(competitor.name) === key(competitorName))?.id
    : context.competitorId;
  if (!competitorId) {
    return competitorName
      ? `No competitor named "${competitorName.slice(0, 100)}" is tracked for this brand: add it first`
      : 'The competitor is blank';
  }

  const platformText = squash(cell(columns.platform));
  const platform = platformText ? PLATFORM_WORDS[key(platformText)] : context.platform;
  if (!platform) {
    return platformText
      ? `The platform "${platformText.slice(0, 50)}" is not one of ${listOf(adPlatforms)}`
      : 'The platform is blank';
  }

  const typeText = squash(cell(columns.adType));
  const adType = typeText ? TYPE_WORDS[key(typeText)] : null;
  if (adType === undefined) return `The ad type "${typeText.slice(0, 50)}" is not one of ${listOf(adTypes)}`;
  const objectiveText = squash(cell(columns.campaignObjective));
  const campaignObjective = objectiveText ? OBJECTIVE_WORDS[key(objectiveText)] : null;
  if (campaignObjective === undefined) {
    return `The objective "${objectiveText.slice(0, 50)}" is not one of ${listOf(campaignObjectives)}`;
  }

  const first = parseCsvDate(cell(columns.firstSeenAt), context.now);
  if (!first.ok) return first.reason;
  const last = parseCsvDate(cell(columns.lastSeenAt), context.now);
  if (!last.ok) return last.reason;
  if (first.value && last.value && last.value < first.value) return 'The last seen date is before the first seen date';

  const landing = webAddress(cell(columns.landingPageUrl), 'landing page');
  if ('reason' in landing) return landing.reason;
  const image = webAddress(cell(columns.imageUrl), 'image URL');
  if ('reason' in image) return image.reason;
  const adTitle = squash(cell(columns.adTitle)) || null;
  const titleIssue = adTitle && textProblem(adTitle, 'title', 500);
  if (titleIssue) return titleIssue;
  const givenId = squash(cell(columns.adId));
  if (givenId && (givenId.length > 200 || hasControlCharacters(givenId))) return 'The ad id is not a usable id';

  return {
    line: row.line,
    competitorId,
    platform,
    adId: givenId || textHashAdId(adText),
    adText,
    adTitle,
    landingPageUrl: landing.value,
    imageUrl: image.value,
    adType,
    campaignObjective,
    firstSeenAt: first.value,
    lastSeenAt: last.value,
  };
}

/** The ads to import and the rows that cannot be, by line. The mapping must fit (assertMappingFits). */
export function mapAdCsvRows(
  table: CsvTable,
  mapping: TAdCsvMapping,
  context: AdCsvContext,
): { items: AdCsvItem[]; badRows: TBadRow[] } {
  const indexOf = (name: string | null | undefined) => (name ? table.headers.indexOf(name) : -1);
  const columns = Object.fromEntries(adCsvColumnRoles.map((role) => [role, indexOf(mapping[role])])) as Columns;
  const full = { ...context, now: context.now ?? new Date() };
  const items: AdCsvItem[] = [];
  const badRows: TBadRow[] = [];
  for (const row of table.rows) {
    if (table.headers.length > 1 && row.fields.length > table.headers.length) {
      badRows.push({
        line: row.line,
        reason: `The row has ${row.fields.length} fields but the header has ${table.headers.length}: text with a comma in it needs quotes`,
      });
      continue;
    }
    const item = itemOf(row, columns, full);
    if (typeof item === 'string') badRows.push({ line: row.line, reason: item });
    else items.push(item);
  }
  return { items, badRows };
}
