/**
 * Key findings: each rule below looks at the computed figures and, when its condition holds,
 * writes one sentence from them and names the ads behind it. Nothing is estimated: a rule whose
 * condition does not hold writes nothing.
 */
import { tiktokAdName } from '../../../shared/cited-ad-name.ts';
import type { TFinding, TKeyFindings, TTopCompetitor } from '../../../shared/schemas/competitor-reports.ts';
import { countOf, joinWords, partOf, timesAs, wholeNumber } from '../../../shared/words.ts';
import { messagingPatterns } from './cues.ts';
import { laggardsOf, leadersOf, median, shareOf, typeLabels } from './figures.ts';
import { type AdReading, byLongest, patternCounts, withWords } from './intelligence.ts';
import { firstInOrder } from './kept-values.ts';
import { MEDIA_MIX_RULE, mediaMixFindings } from './media-mix.ts';
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
  'unused-pattern':
    'A messaging pattern whose phrase groups match none of 5 or more ads is an opportunity: the finding says which phrases were checked, since an ad can say the same thing in words the lists lack.',
  'rare-pattern': 'A messaging pattern used by fewer than 10% of 10 or more ads is an opportunity.',
  'crowded-message':
    'A pattern used by 40% or more of the ads is crowded: the least used pattern is recommended instead.',
  'study-longest': 'The longest-running ad, when it ran 30 days or more, is recommended for study.',
  'cta-gap': 'When 30% or more of the ads have no recognisable call to action, an explicit one is recommended.',
  'format-gap': 'When one recorded ad type makes up half the ads or more, the least used type is recommended.',
  'media-mix': MEDIA_MIX_RULE,
};

const finding = (rule: string, text: string, readings: AdReading[]): TFinding => ({
  rule,
  text,
  adIds: firstInOrder(readings, ADS_PER_FINDING, byLongest).map((reading) => reading.ad.id),
});

/** The ad's title, else the start of its text, in quotes; or 'an untitled ad'. */
export function adName(reading: AdReading): string {
  if (!reading.name) return reading.ad.platform === 'tiktok' ? tiktokAdName(reading.ad.adId) : 'an untitled ad';
  return `“${reading.name}”`;
}

/** 'Acme Bakes’', 'Beta Bread’s' */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}’` : `${name}’s`);

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
        ? `${first.name} runs ${countOf(first.activeAds, 'active ad')} while no other competitor has one running.`
        : `${first.name} runs ${countOf(first.activeAds, 'active ad')}, ${timesAs(first.activeAds / second.activeAds)} as many as ${second.name} (${second.activeAds}), the next most active competitor.`;
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
          `${competitor.name} has no ad running at the end of the period: its ${countOf(competitor.adsInPeriod, 'ad')} in the period ${competitor.adsInPeriod === 1 ? 'has' : 'all'} stopped.`,
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
    const own = withWords(readings).filter((reading) => reading.ad.competitorId === competitor.competitorId);
    const without = own.filter((reading) => reading.ctas.length === 0);
    if (own.length >= 4 && without.length * 2 >= own.length)
      found.push(
        finding(
          'no-cta',
          `${wholeNumber(without.length)} of ${possessive(competitor.name)} ${wholeNumber(own.length)} ads (${shareOf(without.length, own.length)}%) carry no recognisable call to action.`,
          without,
        ),
      );
  }
  return found;
}

/**
 * What was looked for, not a claim about the world: 'None of the 12 competitor ads we read uses
 * quality and craft phrases such as “handmade”, “crafted” or “artisan” (11 phrase groups checked):
 * the message looks open.'
 */
export function unusedPatternText(pattern: { label: string; cues: string[] }, total: number): string {
  const examples = joinWords(
    pattern.cues.slice(0, 3).map((label) => `“${label}”`),
    'or',
  );
  return `None of the ${countOf(total, 'competitor ad')} we read uses ${pattern.label.toLowerCase()} phrases such as ${examples} (${countOf(pattern.cues.length, 'phrase group')} checked): the message looks open.`;
}

function opportunities(context: Context): TFinding[] {
  const readings = withWords(context.readings);
  const found: TFinding[] = [];
  const total = readings.length;
  const patterns = patternCounts(readings);
  if (total >= 5) {
    for (const pattern of patterns.filter((entry) => entry.adCount === 0).slice(0, 3)) {
      found.push({ rule: 'unused-pattern', text: unusedPatternText(pattern, total), adIds: [] });
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

/** Capitalises the first letter, inside an opening quote too. */
const sentenceCase = (text: string) =>
  text.replace(/^(“?)(.)/, (_, quote: string, letter: string) => quote + letter.toUpperCase());

/** '“price and discounts” and “quality and craft”' */
export const quotedLabels = (entries: { label: string }[], conjunction: 'and' | 'or' = 'and') =>
  joinWords(
    entries.map((entry) => `“${entry.label.toLowerCase()}”`),
    conjunction,
  );

/** The most used message (every one tied for most) against the least used (every one tied for least). */
function crowdedMessage(readings: AdReading[]): TFinding | null {
  const total = readings.length;
  const patterns = patternCounts(readings);
  const crowded = leadersOf(patterns, (entry) => entry.adCount);
  const quietest = laggardsOf(patterns, (entry) => entry.adCount);
  const top = crowded[0];
  const low = quietest[0];
  if (!top || !low || top.adCount === low.adCount || top.adCount * 10 < total * 4) return null;
  const using = readings.filter((reading) => crowded.some((entry) => reading.patterns.includes(entry.pattern)));
  // labels such as 'price and discounts' hold an 'and' of their own: a list of several is quoted
  const names = sentenceCase(crowded.length > 1 ? quotedLabels(crowded) : top.label.toLowerCase());
  const lead =
    crowded.length > 1
      ? `${names} are tied as the most crowded messages (${top.adCount} of ${total} ads each, ${top.share}%)`
      : `${names} is the most crowded message (${top.adCount} of ${total} ads, ${top.share}%)`;
  const alternatives = quietest.length > 1 ? quotedLabels(quietest, 'or') : low.label.toLowerCase();
  const usedBy =
    low.adCount === 0 ? 'used by none of them' : `used by ${low.share}% of them${quietest.length > 1 ? ' each' : ''}`;
  return finding('crowded-message', `${lead}: lead with ${alternatives} instead, ${usedBy}.`, using);
}

function studyLongest(readings: AdReading[], competitors: AnalysedCompetitor[]): TFinding | null {
  const [longest] = firstInOrder(
    readings.filter((reading) => reading.days !== null),
    1,
    byLongest,
  );
  if (!longest || (longest.days ?? 0) < 30) return null;
  const name = competitors.find((competitor) => competitor.id === longest.ad.competitorId)?.name ?? 'A competitor';
  const offer = [
    longest.patterns.length
      ? `its message (${longest.patterns.map((p) => messagingPatterns.find((m) => m.pattern === p)?.label.toLowerCase()).join(', ')})`
      : null,
    longest.ctas[0] ? `its call to action ("${longest.ctas[0]}")` : null,
  ]
    .filter(Boolean)
    .join(' and ');
  return finding(
    'study-longest',
    `Study ${possessive(name)} longest-running ad, ${adName(longest)} (${countOf(longest.days ?? 0, 'day')}${longest.ad.isActive ? ', still running' : ''})${offer ? `: ${offer} held up longest` : ''}.`,
    [longest],
  );
}

function ctaGap(readings: AdReading[]): TFinding | null {
  const total = readings.length;
  const without = readings.filter((reading) => reading.ctas.length === 0);
  if (total === 0 || without.length * 10 < total * 3) return null;
  return finding(
    'cta-gap',
    `${partOf(without.length, total, 'competitor ad')} (${shareOf(without.length, total)}%) ${without.length === 1 ? 'has' : 'have'} no recognisable call to action: give every ad of yours one explicit ask.`,
    without,
  );
}

/** The recorded ad type (or types, when tied) making up half the ads or more, against the least used. */
function formatGap(readings: AdReading[]): TFinding | null {
  const total = readings.length;
  const ranked = ['image', 'video', 'carousel', 'collection'].map((type) => ({
    type,
    ads: readings.filter((reading) => reading.ad.adType === type),
  }));
  const main = leadersOf(ranked, (entry) => entry.ads.length);
  const least = laggardsOf(ranked, (entry) => entry.ads.length);
  const top = main[0];
  const low = least[0];
  if (!top || !low || total === 0 || top.ads.length * 2 < total || top.ads.length === low.ads.length) return null;
  const label = (type: string) => (typeLabels[type] ?? type).toLowerCase();
  const names = sentenceCase(joinWords(main.map((entry) => label(entry.type))));
  const each = main.length > 1 ? ' each' : '';
  const others = least.map((entry) => label(entry.type));
  const rest =
    low.ads.length === 0
      ? `none is ${joinWords(others, 'or')}`
      : least.length > 1
        ? `${joinWords(others)} have only ${low.ads.length} each`
        : `only ${low.ads.length} ${low.ads.length === 1 ? 'is' : 'are'} ${others[0]}`;
  return finding(
    'format-gap',
    `${names} ${main.length > 1 ? 'make' : 'makes'} up ${shareOf(top.ads.length, total)}% of competitor ads${each} (${top.ads.length} of ${total}${each}), while ${rest}: a format with less competition to test.`,
    main.flatMap((entry) => entry.ads),
  );
}

function recommendations({ readings, competitors }: Context): TFinding[] {
  return [
    crowdedMessage(withWords(readings)),
    studyLongest(readings, competitors),
    ctaGap(withWords(readings)),
    formatGap(readings),
  ].filter((entry): entry is TFinding => entry !== null);
}

export function keyFindingsOf(context: Context): TKeyFindings {
  return {
    advantages: advantages(context),
    threats: [...threats(context), ...mediaMixFindings(context.competitors, context.readings, context.window)],
    opportunities: opportunities(context),
    recommendations: recommendations(context),
  };
}
