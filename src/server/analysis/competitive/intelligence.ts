import { wholePercentages } from '../../../shared/percentages.ts';
import type { TAdvertisingIntelligence } from '../../../shared/schemas/competitor-reports.ts';
import { countOf, joinWords } from '../../../shared/words.ts';
import {
  audienceCues,
  callsToAction,
  cueLabels,
  cuesInNormalText,
  messagingPatterns,
  normaliseAdText,
} from './cues.ts';
import { countBy, leadersOf, median, shareOf, typeLabels } from './figures.ts';
import { firstInOrder, keepInOrder, SharedValues } from './kept-values.ts';
import type { AdFacts, AnalysedAd, AnalysedCompetitor, CompetitiveWindow } from './types.ts';
import { runningDays } from './window.ts';

/** Ids a report keeps per figure: the counts are exact, the ids are examples to open. */
export const IDS_KEPT = 12;

/** What was read in one ad. */
export type AdReading = {
  ad: AdFacts;
  /** the title, else the start of the text, in single spaces and at most NAME_CHARS long; null without either */
  name: string | null;
  days: number | null;
  ctas: string[];
  patterns: string[];
  audiences: { audience: string; basis: 'targeting' | 'text'; evidence: string[] }[];
  /** Whether the ad carries any words: TikTok's library gives none, so nothing can be read in them */
  hasWords: boolean;
};

/**
 * The readings whose ads carry words: calls to action and messages are counted among these only,
 * so an ad whose library gives no text is never called an ad "with no call to action".
 */
export const withWords = (readings: AdReading[]) => readings.filter((reading) => reading.hasWords);

const wordsOf = (ad: AnalysedAd) =>
  [ad.adTitle, ad.adText, ad.landingPageTitle, ad.landingPageCta].filter(Boolean).join('\n');

const asStrings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((item) =>
        typeof item === 'string' || typeof item === 'number'
          ? [String(item)]
          : item && typeof item === 'object' && 'name' in item && !('excluded' in item && item.excluded)
            ? [String((item as { name: unknown }).name)]
            : [],
      )
    : typeof value === 'string' && value.trim()
      ? [value.trim()]
      : [];

/** Audiences the source disclosed: ages, gender and locations, under Meta's names or plain ones. */
function targetingAudiences(targeting: Record<string, unknown> | null): AdReading['audiences'] {
  if (!targeting) return [];
  const found: AdReading['audiences'] = [];
  const ages = asStrings(targeting.ages ?? targeting.target_ages);
  if (ages.length)
    found.push({
      audience: `Ages ${ages.length === 2 ? ages.join('-') : ages.join(', ')}`,
      basis: 'targeting',
      evidence: ages,
    });
  const gender = asStrings(targeting.gender ?? targeting.target_gender);
  if (gender.length && !gender.some((value) => /^all$/i.test(value)))
    found.push({ audience: gender.join(', '), basis: 'targeting', evidence: gender });
  const locations = asStrings(targeting.locations ?? targeting.target_locations);
  for (const location of locations.slice(0, 5))
    found.push({ audience: `People in ${location}`, basis: 'targeting', evidence: [location] });
  return found;
}

/** How much of an ad's title or text the findings quote. */
export const NAME_CHARS = 60;

function nameOf(ad: AnalysedAd): string | null {
  const words = (ad.adTitle ?? ad.adText ?? '').replace(/\s+/g, ' ').trim();
  if (!words) return null;
  return words.length > NAME_CHARS ? `${words.slice(0, NAME_CHARS - 1).trimEnd()}…` : words;
}

/**
 * The ad without its words, field by field, so a reading holds nothing else of the row it came
 * from, and each value many ads share (competitor, platform, type ...) once.
 */
function factsOf(ad: AnalysedAd, shared: SharedValues): AdFacts {
  return {
    id: ad.id,
    competitorId: shared.string(ad.competitorId),
    platform: shared.string(ad.platform),
    adType: shared.string(ad.adType),
    campaignObjective: shared.string(ad.campaignObjective),
    isActive: ad.isActive,
    firstSeenAt: ad.firstSeenAt,
    lastSeenAt: ad.lastSeenAt,
    createdAt: ad.createdAt,
    spend: ad.spend,
    spendCurrency: shared.string(ad.spendCurrency),
    impressions: ad.impressions,
    reach: ad.reach,
    metaMediaType: shared.string(ad.metaMediaType),
    publisherPlatforms: shared.list(ad.publisherPlatforms),
    adId: ad.adId,
  };
}

/** Reads one ad; `shared` keeps one copy of the values equal between the ads read with it. */
export function readAd(ad: AnalysedAd, window: CompetitiveWindow, shared = new SharedValues()): AdReading {
  const text = normaliseAdText(wordsOf(ad));
  const ctas = cuesInNormalText(callsToAction, text).map((entry) => entry.label);
  const patterns = messagingPatterns
    .filter((entry) => cuesInNormalText(entry.cues, text).length > 0)
    .map((entry) => entry.pattern);
  const audiences = [
    ...targetingAudiences(ad.targeting),
    ...audienceCues.flatMap((entry) => {
      const matched = cuesInNormalText(entry.cues, text);
      return matched.length ? [{ audience: entry.audience, basis: 'text' as const, evidence: cueLabels(matched) }] : [];
    }),
  ];
  return {
    ad: factsOf(ad, shared),
    name: nameOf(ad),
    days: runningDays(ad, window),
    ctas: shared.list(ctas),
    patterns: shared.list(patterns),
    audiences: audiences.length ? audiences : NO_AUDIENCES,
    hasWords: text.length > 0,
  };
}

const NO_AUDIENCES: AdReading['audiences'] = [];

/** Longest first, then newest id order for a stable list. */
export const byLongest = (a: AdReading, b: AdReading) =>
  (b.days ?? -1) - (a.days ?? -1) || a.ad.id.localeCompare(b.ad.id);
const idsOf = (readings: AdReading[]) => firstInOrder(readings, IDS_KEPT, byLongest).map((reading) => reading.ad.id);

/**
 * How many readings have each key, and the longest-running few of them, in one pass: a report over
 * tens of thousands of ads builds no list of the ads behind each call to action or message.
 */
function tallyOf(readings: AdReading[], keysOf: (reading: AdReading) => readonly string[]) {
  const tally = new Map<string, { count: number; first: AdReading[] }>();
  for (const reading of readings) {
    for (const key of keysOf(reading)) {
      const entry = tally.get(key) ?? { count: 0, first: [] };
      entry.count += 1;
      keepInOrder(entry.first, reading, IDS_KEPT, byLongest);
      tally.set(key, entry);
    }
  }
  return {
    /** every key some reading has */
    keys: [...tally.keys()],
    of: (key: string) => {
      const entry = tally.get(key);
      return { count: entry?.count ?? 0, adIds: (entry?.first ?? []).map((reading) => reading.ad.id) };
    },
  };
}

function ctaCounts(readings: AdReading[]) {
  const tally = tallyOf(readings, (reading) => reading.ctas);
  return tally.keys
    .map((cta) => {
      const { count, adIds } = tally.of(cta);
      return { cta, adCount: count, share: shareOf(count, readings.length), adIds };
    })
    .sort((a, b) => b.adCount - a.adCount || a.cta.localeCompare(b.cta));
}

function audienceCounts(readings: AdReading[]) {
  const keys = new Map<
    string,
    { audience: string; basis: 'targeting' | 'text'; evidence: Set<string>; using: AdReading[] }
  >();
  for (const reading of readings) {
    for (const found of reading.audiences) {
      const key = `${found.basis}:${found.audience}`;
      const entry = keys.get(key) ?? { audience: found.audience, basis: found.basis, evidence: new Set(), using: [] };
      for (const item of found.evidence) entry.evidence.add(item);
      entry.using.push(reading);
      keys.set(key, entry);
    }
  }
  return [...keys.values()]
    .map((entry) => ({
      audience: entry.audience,
      basis: entry.basis,
      adCount: entry.using.length,
      evidence: [...entry.evidence].slice(0, 8),
      adIds: idsOf(entry.using),
    }))
    .sort((a, b) => b.adCount - a.adCount || a.audience.localeCompare(b.audience));
}

export function patternCounts(readings: AdReading[]) {
  const tally = tallyOf(readings, (reading) => reading.patterns);
  return messagingPatterns.map((entry) => {
    const { count, adIds } = tally.of(entry.pattern);
    return {
      pattern: entry.pattern,
      label: entry.label,
      cues: cueLabels(entry.cues),
      adCount: count,
      share: shareOf(count, readings.length),
      adIds,
    };
  });
}

/** 'Acme Bakes’', 'Beta Bread’s' */
const possessiveName = (name: string) => (/s$/i.test(name) ? `${name}’` : `${name}’s`);

const patternLabel = (pattern: string) =>
  messagingPatterns.find((entry) => entry.pattern === pattern)?.label ?? pattern;

/**
 * 'leads with price and discounts (40% of its 5 ads)'; a tie names every leader:
 * 'leads equally with price and discounts and quality and craft (40% of its 5 ads each)'.
 */
function leadingPatternsText(used: { label: string; share: number; adCount: number }[], adCount: number) {
  const leaders = leadersOf(used, (entry) => entry.adCount);
  const first = leaders[0];
  if (!first) return null;
  // labels such as 'price and discounts' hold an 'and' of their own: a list of several is quoted
  const names =
    leaders.length > 1
      ? joinWords(leaders.map((entry) => `“${entry.label.toLowerCase()}”`))
      : first.label.toLowerCase();
  return leaders.length > 1
    ? `leads equally with ${names} (${first.share}% of its ${countOf(adCount, 'ad')} each)`
    : `leads with ${names} (${first.share}% of its ${countOf(adCount, 'ad')})`;
}

function positioningOf(competitors: AnalysedCompetitor[], readings: AdReading[]) {
  return competitors.flatMap((competitor) => {
    const all = readings.filter((reading) => reading.ad.competitorId === competitor.id);
    if (all.length === 0) return [];
    const own = withWords(all);
    if (own.length === 0) {
      const summary = `${possessiveName(competitor.name)} ${countOf(all.length, 'ad')} carry no words in their ad library, so no message or call to action can be read.`;
      return [
        { competitorId: competitor.id, name: competitor.name, adCount: all.length, patterns: [], ctas: [], summary },
      ];
    }
    const used = patternCounts(own)
      .filter((entry) => entry.adCount > 0)
      .sort((a, b) => b.adCount - a.adCount);
    const patterns = used.slice(0, 3).map((entry) => ({ label: entry.label, share: entry.share }));
    const allCtas = ctaCounts(own);
    const ctas = allCtas.slice(0, 3).map((entry) => ({ cta: entry.cta, adCount: entry.adCount }));
    const lead = leadingPatternsText(used, own.length);
    const topCtas = leadersOf(allCtas, (entry) => entry.adCount).map((entry) => `"${entry.cta}"`);
    const asks = topCtas.length
      ? ` and asks people to ${joinWords(topCtas)} most often${topCtas.length > 1 ? ', equally' : ''}`
      : '';
    const summary = lead
      ? `${competitor.name} ${lead}${asks}.`
      : `No messaging pattern was recognised in ${possessiveName(competitor.name)} ${countOf(own.length, 'ad')}.`;
    const wordless = all.length - own.length;
    const unread = wordless > 0 ? ` ${countOf(wordless, 'other ad')} carry no words to read.` : '';
    return [
      {
        competitorId: competitor.id,
        name: competitor.name,
        adCount: all.length,
        patterns,
        ctas,
        summary: summary + unread,
      },
    ];
  });
}

function adTypeInsightsOf(readings: AdReading[], competitors: AnalysedCompetitor[]) {
  const total = readings.length;
  const types = countBy(
    readings.map((reading) => reading.ad),
    (ad) => ad.adType ?? 'none',
    (key) => typeLabels[key] ?? key,
  );
  // the types' shares are parts of one whole, shown together: they add up to exactly 100
  const shares = wholePercentages(types.map((entry) => entry.count));
  return types.map(({ key, label, count }, index) => {
    const own = readings.filter((reading) => (reading.ad.adType ?? 'none') === key);
    const days = median(own.map((reading) => reading.days).filter((value): value is number => value !== null));
    const users = countBy(
      own.map((reading) => reading.ad),
      (ad) => ad.competitorId,
      (id) => id,
    );
    const nameOf = (id: string) => competitors.find((competitor) => competitor.id === id)?.name ?? 'a competitor';
    const leaders = leadersOf(users, (entry) => entry.count);
    const share = shares[index] ?? 0;
    const parts = [`${label}: ${count} of ${countOf(total, 'ad')} (${share}%)`];
    if (days !== null) parts.push(`a median run of ${countOf(days, 'day')}`);
    if (users.length > 1 && leaders.length > 1)
      parts.push(
        `used most by ${joinWords(leaders.map((entry) => nameOf(entry.key)))}, tied with ${leaders[0]?.count} each`,
      );
    else if (users.length > 1 && leaders[0]) parts.push(`used most by ${nameOf(leaders[0].key)} (${leaders[0].count})`);
    else if (users[0]) parts.push(`all from ${nameOf(users[0].key)}`);
    return { type: key === 'none' ? 'not recorded' : key, count, share, strategy: `${parts.join(', ')}.` };
  });
}

export function intelligenceOf(competitors: AnalysedCompetitor[], readings: AdReading[]): TAdvertisingIntelligence {
  return {
    inferredCallToActions: ctaCounts(withWords(readings)),
    adsWithoutCta: withWords(readings).filter((reading) => reading.ctas.length === 0).length,
    inferredTargetAudiences: audienceCounts(readings),
    messagingPatterns: patternCounts(withWords(readings)),
    competitivePositioning: positioningOf(competitors, readings),
    adTypeInsights: adTypeInsightsOf(readings, competitors),
    longevity: firstInOrder(
      readings.filter((reading) => reading.days !== null),
      5,
      byLongest,
    ).map((reading) => ({ adId: reading.ad.id, runningDays: reading.days as number, isActive: reading.ad.isActive })),
  };
}

export { patternLabel };
