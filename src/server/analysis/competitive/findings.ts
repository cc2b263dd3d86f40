/**
 * Key findings: each rule below looks at the computed figures and, when its condition holds,
 * writes one sentence from them and names the ads behind it. Nothing is estimated: a rule whose
 * condition does not hold writes nothing.
 */
import type { TFinding, TKeyFindings, TTopCompetitor } from '../../../shared/schemas/competitor-reports.ts';
import { messagingPatterns } from './cues.ts';
import { median, shareOf, typeLabels } from './figures.ts';
import { type AdReading, byLongest, patternCounts } from './intelligence.ts';
import type { AnalysedCompetitor, CompetitiveWindow } from './types.ts';
import { seenFrom } from './window.ts';

/** Ads a finding cites at most. */
export const ADS_PER_FINDING = 5;
export const LONG_RUN_DAYS = 60;
export const DOMINANCE_RATIO = 3;
const DAY_MS = 86_400_000;

export const FINDING_RULES: Record<string, string> = {
  'dominant-competitor': `A competitor with at least ${DOMINANCE_RATIO} active ads and ${DOMINANCE_RATIO} times as many as the next is a threat.`,
  'long-runner': `An ad still running after ${LONG_RUN_DAYS} days or more is a threat: an ad kept that long is the honest sign of one that works.`,
  'ramping-up': 'A competitor that started 5 or more new ads in the last 7 days of the period is a threat.',
  'gone-quiet': 'A competitor with ads in the period but none running at its end is an advantage.',
  'short-runs':
    'When half the ads ran 14 days or less (5 ads or more with dates), competitors have not settled on a lasting message: an advantage.',
  'no-cta': 'A competitor with 4 ads or more, half of them with no recognisable call to action, is an advantage.',
  'unused-pattern': 'A messaging pattern none of 5 or more ads uses is an opportunity.',
  'rare-pattern': 'A messaging pattern used by fewer than 10% of 10 or more ads is an opportunity.',
  'crowded-message':
    'A pattern used by 40% or more of the ads is crowded: the least used pattern is recommended instead.',
  'study-longest': 'The longest-running ad, when it ran 30 days or more, is recommended for study.',
  'cta-gap': 'When 30% or more of the ads have no recognisable call to action, an explicit one is recommended.',
  'format-gap': 'When one recorded ad type makes up half the ads or more, the least used type is recommended.',
};

const finding = (rule: string, text: string, readings: AdReading[]): TFinding => ({
  rule,
  text,
  adIds: [...readings]
    .sort(byLongest)
    .slice(0, ADS_PER_FINDING)
    .map((reading) => reading.ad.id),
});

/** The ad's title, else the start of its text, in quotes; or 'an untitled ad'. */
export function adName(reading: AdReading): string {
  const words = (reading.ad.adTitle ?? reading.ad.adText ?? '').replace(/\s+/g, ' ').trim();
  if (!words) return 'an untitled ad';
  return `“${words.length > 60 ? `${words.slice(0, 59).trimEnd()}…` : words}”`;
}

/** 'Acme Bakes’', 'Beta Bread’s' */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}’` : `${name}’s`);

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

type Context = {
  competitors: AnalysedCompetitor[];
  readings: AdReading[];
  top: TTopCompetitor[];
  window: CompetitiveWindow;
};

function threats({ readings, top, window, competitors }: Context): TFinding[] {
  const found: TFinding[] = [];
  const [first, second] = top;
  if (first && second && first.activeAds >= DOMINANCE_RATIO && first.activeAds >= DOMINANCE_RATIO * second.activeAds) {
    const ads = readings.filter((reading) => reading.ad.competitorId === first.competitorId && reading.ad.isActive);
    const text =
      second.activeAds === 0
        ? `${first.name} runs ${plural(first.activeAds, 'active ad')} while no other competitor has one running.`
        : `${first.name} runs ${plural(first.activeAds, 'active ad')}, ${Math.floor(first.activeAds / second.activeAds)} times as many as ${second.name} (${second.activeAds}), the next most active competitor.`;
    found.push(finding('dominant-competitor', text, ads));
  }
  const nameOf = (id: string) => competitors.find((competitor) => competitor.id === id)?.name ?? 'A competitor';
  const longRunners = readings
    .filter((reading) => reading.ad.isActive && (reading.days ?? 0) >= LONG_RUN_DAYS)
    .sort(byLongest);
  const seen = new Set<string>();
  for (const reading of longRunners) {
    if (seen.has(reading.ad.competitorId) || seen.size >= 3) continue;
    seen.add(reading.ad.competitorId);
    found.push(
      finding(
        'long-runner',
        `${possessive(nameOf(reading.ad.competitorId))} ad ${adName(reading)} has run ${reading.days} days and is still running: an ad kept this long is likely one that works.`,
        [reading],
      ),
    );
  }
  const lastWeek = window.end.getTime() - 7 * DAY_MS;
  for (const competitor of top) {
    const fresh = readings.filter(
      (reading) => reading.ad.competitorId === competitor.competitorId && seenFrom(reading.ad).getTime() >= lastWeek,
    );
    if (fresh.length >= 5)
      found.push(
        finding(
          'ramping-up',
          `${competitor.name} started ${fresh.length} new ads in the last 7 days of the period.`,
          fresh,
        ),
      );
  }
  return found;
}

function advantages({ readings, top }: Context): TFinding[] {
  const found: TFinding[] = [];
  for (const competitor of top) {
    if (competitor.adsInPeriod > 0 && competitor.activeAds === 0) {
      const ads = readings.filter((reading) => reading.ad.competitorId === competitor.competitorId);
      found.push(
        finding(
          'gone-quiet',
          `${competitor.name} has no ad running at the end of the period: its ${plural(competitor.adsInPeriod, 'ad')} in the period all stopped.`,
          ads,
        ),
      );
    }
  }
  const dated = readings.filter((reading) => reading.days !== null);
  const typical = median(dated.map((reading) => reading.days as number));
  if (dated.length >= 5 && typical !== null && typical <= 14) {
    const short = dated
      .filter((reading) => (reading.days as number) <= typical)
      .sort((a, b) => (a.days ?? 0) - (b.days ?? 0));
    found.push({
      rule: 'short-runs',
      text: `Half of the competitors’ ${dated.length} dated ads ran ${typical} days or less: few have found a message worth keeping.`,
      adIds: short.slice(0, ADS_PER_FINDING).map((reading) => reading.ad.id),
    });
  }
  for (const competitor of top) {
    const own = readings.filter((reading) => reading.ad.competitorId === competitor.competitorId);
    const without = own.filter((reading) => reading.ctas.length === 0);
    if (own.length >= 4 && without.length * 2 >= own.length)
      found.push(
        finding(
          'no-cta',
          `${without.length} of ${possessive(competitor.name)} ${own.length} ads (${shareOf(without.length, own.length)}%) carry no recognisable call to action.`,
          without,
        ),
      );
  }
  return found;
}

function opportunities({ readings }: Context): TFinding[] {
  const found: TFinding[] = [];
  const total = readings.length;
  const patterns = patternCounts(readings);
  if (total >= 5) {
    for (const pattern of patterns.filter((entry) => entry.adCount === 0).slice(0, 3)) {
      found.push({
        rule: 'unused-pattern',
        text: `None of the ${total} competitor ads uses ${pattern.label.toLowerCase()} messaging (cues such as ${pattern.cues.slice(0, 3).join(', ')}): the message is open.`,
        adIds: [],
      });
    }
  }
  if (total >= 10) {
    for (const pattern of patterns.filter((entry) => entry.adCount > 0 && entry.adCount * 10 < total)) {
      const using = readings.filter((reading) => reading.patterns.includes(pattern.pattern));
      found.push(
        finding(
          'rare-pattern',
          `Only ${pattern.adCount} of ${total} ads (${pattern.share}%) use ${pattern.label.toLowerCase()}: little competition for that message.`,
          using,
        ),
      );
    }
  }
  return found;
}

function recommendations({ readings, competitors }: Context): TFinding[] {
  const found: TFinding[] = [];
  const total = readings.length;
  const patterns = patternCounts(readings).sort((a, b) => b.adCount - a.adCount);
  const crowded = patterns[0];
  const quietest = patterns.at(-1);
  if (crowded && quietest && crowded !== quietest && total > 0 && crowded.adCount * 10 >= total * 4) {
    const using = readings.filter((reading) => reading.patterns.includes(crowded.pattern));
    found.push(
      finding(
        'crowded-message',
        `${crowded.label} is the most crowded message (${crowded.adCount} of ${total} ads, ${crowded.share}%): lead with ${quietest.label.toLowerCase()} instead, used by ${quietest.share}% of them.`,
        using,
      ),
    );
  }
  const longest = [...readings].filter((reading) => reading.days !== null).sort(byLongest)[0];
  if (longest && (longest.days ?? 0) >= 30) {
    const name = competitors.find((competitor) => competitor.id === longest.ad.competitorId)?.name ?? 'A competitor';
    const offer = [
      longest.patterns.length
        ? `its message (${longest.patterns.map((p) => messagingPatterns.find((m) => m.pattern === p)?.label.toLowerCase()).join(', ')})`
        : null,
      longest.ctas[0] ? `its call to action ("${longest.ctas[0]}")` : null,
    ]
      .filter(Boolean)
      .join(' and ');
    found.push(
      finding(
        'study-longest',
        `Study ${possessive(name)} longest-running ad, ${adName(longest)} (${longest.days} days${longest.ad.isActive ? ', still running' : ''})${offer ? `: ${offer} held up longest` : ''}.`,
        [longest],
      ),
    );
  }
  const without = readings.filter((reading) => reading.ctas.length === 0);
  if (total > 0 && without.length * 10 >= total * 3) {
    found.push(
      finding(
        'cta-gap',
        `${without.length} of ${total} competitor ads (${shareOf(without.length, total)}%) have no recognisable call to action: give every ad of yours one explicit ask.`,
        without,
      ),
    );
  }
  const types = new Map<string, AdReading[]>();
  for (const reading of readings)
    if (reading.ad.adType) types.set(reading.ad.adType, [...(types.get(reading.ad.adType) ?? []), reading]);
  const ranked = ['image', 'video', 'carousel', 'collection']
    .map((type) => ({ type, ads: types.get(type) ?? [] }))
    .sort((a, b) => b.ads.length - a.ads.length);
  const main = ranked[0];
  const least = ranked.at(-1);
  if (main && least && total > 0 && main.ads.length * 2 >= total) {
    found.push(
      finding(
        'format-gap',
        `${typeLabels[main.type]} makes up ${shareOf(main.ads.length, total)}% of competitor ads (${main.ads.length} of ${total}), while ${least.ads.length === 0 ? 'none is' : `only ${least.ads.length} ${least.ads.length === 1 ? 'is' : 'are'}`} ${typeLabels[least.type]?.toLowerCase()}: a format with less competition to test.`,
        main.ads,
      ),
    );
  }
  return found;
}

export function keyFindingsOf(context: Context): TKeyFindings {
  return {
    advantages: advantages(context),
    threats: threats(context),
    opportunities: opportunities(context),
    recommendations: recommendations(context),
  };
}
