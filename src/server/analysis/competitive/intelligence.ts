import type { TAdvertisingIntelligence } from '../../../shared/schemas/competitor-reports.ts';
import { audienceCues, callsToAction, cueLabels, matchedCues, messagingPatterns } from './cues.ts';
import { countBy, median, shareOf, typeLabels } from './figures.ts';
import type { AnalysedAd, AnalysedCompetitor, CompetitiveWindow } from './types.ts';
import { runningDays } from './window.ts';

/** Ids a report keeps per figure: the counts are exact, the ids are examples to open. */
export const IDS_KEPT = 12;

/** What was read in one ad. */
export type AdReading = {
  ad: AnalysedAd;
  days: number | null;
  ctas: string[];
  patterns: string[];
  audiences: { audience: string; basis: 'targeting' | 'text'; evidence: string[] }[];
};

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

export function readAd(ad: AnalysedAd, window: CompetitiveWindow): AdReading {
  const text = wordsOf(ad);
  const ctas = matchedCues(callsToAction, text).map((entry) => entry.label);
  const patterns = messagingPatterns
    .filter((entry) => matchedCues(entry.cues, text).length > 0)
    .map((entry) => entry.pattern);
  const audiences = [
    ...targetingAudiences(ad.targeting),
    ...audienceCues.flatMap((entry) => {
      const matched = matchedCues(entry.cues, text);
      return matched.length ? [{ audience: entry.audience, basis: 'text' as const, evidence: cueLabels(matched) }] : [];
    }),
  ];
  return { ad, days: runningDays(ad, window), ctas, patterns, audiences };
}

/** Longest first, then newest id order for a stable list. */
export const byLongest = (a: AdReading, b: AdReading) =>
  (b.days ?? -1) - (a.days ?? -1) || a.ad.id.localeCompare(b.ad.id);
const idsOf = (readings: AdReading[]) =>
  [...readings]
    .sort(byLongest)
    .slice(0, IDS_KEPT)
    .map((reading) => reading.ad.id);

function ctaCounts(readings: AdReading[]) {
  const labels = [...new Set(readings.flatMap((reading) => reading.ctas))];
  return labels
    .map((cta) => {
      const using = readings.filter((reading) => reading.ctas.includes(cta));
      return { cta, adCount: using.length, share: shareOf(using.length, readings.length), adIds: idsOf(using) };
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
  return messagingPatterns.map((entry) => {
    const using = readings.filter((reading) => reading.patterns.includes(entry.pattern));
    return {
      pattern: entry.pattern,
      label: entry.label,
      cues: cueLabels(entry.cues),
      adCount: using.length,
      share: shareOf(using.length, readings.length),
      adIds: idsOf(using),
    };
  });
}

const patternLabel = (pattern: string) =>
  messagingPatterns.find((entry) => entry.pattern === pattern)?.label ?? pattern;

function positioningOf(competitors: AnalysedCompetitor[], readings: AdReading[]) {
  return competitors.flatMap((competitor) => {
    const own = readings.filter((reading) => reading.ad.competitorId === competitor.id);
    if (own.length === 0) return [];
    const patterns = patternCounts(own)
      .filter((entry) => entry.adCount > 0)
      .sort((a, b) => b.adCount - a.adCount)
      .slice(0, 3)
      .map((entry) => ({ label: entry.label, share: entry.share }));
    const ctas = ctaCounts(own)
      .slice(0, 3)
      .map((entry) => ({ cta: entry.cta, adCount: entry.adCount }));
    const lead = patterns[0];
    const summary = lead
      ? `${competitor.name} leads with ${lead.label.toLowerCase()} (${lead.share}% of its ${own.length} ads)${ctas[0] ? ` and asks people to "${ctas[0].cta}" most often` : ''}.`
      : `No messaging pattern was recognised in ${competitor.name}’s ${own.length} ${own.length === 1 ? 'ad' : 'ads'}.`;
    return [{ competitorId: competitor.id, name: competitor.name, adCount: own.length, patterns, ctas, summary }];
  });
}

function adTypeInsightsOf(readings: AdReading[], competitors: AnalysedCompetitor[]) {
  const total = readings.length;
  return countBy(
    readings.map((reading) => reading.ad),
    (ad) => ad.adType ?? 'none',
    (key) => typeLabels[key] ?? key,
  ).map(({ key, label, count }) => {
    const own = readings.filter((reading) => (reading.ad.adType ?? 'none') === key);
    const days = median(own.map((reading) => reading.days).filter((value): value is number => value !== null));
    const users = countBy(
      own.map((reading) => reading.ad),
      (ad) => ad.competitorId,
      (id) => id,
    );
    const leader = competitors.find((competitor) => competitor.id === users[0]?.key);
    const share = shareOf(count, total);
    const parts = [`${label}: ${count} of ${total} ads (${share}%)`];
    if (days !== null) parts.push(`a median run of ${days} days`);
    if (leader && users.length > 1) parts.push(`used most by ${leader.name} (${users[0]?.count})`);
    else if (leader) parts.push(`all from ${leader.name}`);
    return { type: key === 'none' ? 'not recorded' : key, count, share, strategy: `${parts.join(', ')}.` };
  });
}

export function intelligenceOf(competitors: AnalysedCompetitor[], readings: AdReading[]): TAdvertisingIntelligence {
  return {
    inferredCallToActions: ctaCounts(readings),
    adsWithoutCta: readings.filter((reading) => reading.ctas.length === 0).length,
    inferredTargetAudiences: audienceCounts(readings),
    messagingPatterns: patternCounts(readings),
    competitivePositioning: positioningOf(competitors, readings),
    adTypeInsights: adTypeInsightsOf(readings, competitors),
    longevity: [...readings]
      .filter((reading) => reading.days !== null)
      .sort(byLongest)
      .slice(0, 5)
      .map((reading) => ({ adId: reading.ad.id, runningDays: reading.days as number, isActive: reading.ad.isActive })),
  };
}

export { patternLabel };
