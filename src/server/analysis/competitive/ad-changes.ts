/**
 * "What changed" for one competitor since a moment (its previous comparison): the ads that started
 * (first seen since then), the ads that stopped (no longer active, last seen since then), and the
 * messages and offers that are new: messaging patterns (the analysis' own phrase lists) used by an
 * ad that started in the period and by none of the competitor's ads seen before it. Pure: the
 * stored ads in, ids out.
 */
import { matchedCues, messagingPatterns } from './cues.ts';
import type { AnalysedAd } from './types.ts';
import { seenFrom } from './window.ts';

/** Patterns that are offers (a price, a discount, a deadline) rather than claims. */
const OFFER_PATTERNS = new Set(['price', 'urgency']);

export type AdChangesFound = {
  startedAdIds: string[];
  stoppedAdIds: string[];
  newMessages: { pattern: string; label: string; offer: boolean; adIds: string[] }[];
};

const wordsOf = (ad: AnalysedAd) =>
  [ad.adTitle, ad.adText, ad.landingPageTitle, ad.landingPageCta].filter(Boolean).join('\n');

function patternsOf(ad: AnalysedAd): string[] {
  const text = wordsOf(ad);
  if (!text) return [];
  return messagingPatterns.filter((entry) => matchedCues(entry.cues, text).length > 0).map((entry) => entry.pattern);
}

const newestFirst = (a: AnalysedAd, b: AnalysedAd) =>
  seenFrom(b).getTime() - seenFrom(a).getTime() || a.id.localeCompare(b.id);

export function adChangesSince(ads: AnalysedAd[], since: Date, now: Date): AdChangesFound {
  const from = since.getTime();
  const started = ads.filter((ad) => seenFrom(ad).getTime() >= from && seenFrom(ad).getTime() <= now.getTime());
  const before = ads.filter((ad) => seenFrom(ad).getTime() < from);
  // An ad that started and stopped within the period is in both lists.
  const stopped = ads.filter((ad) => !ad.isActive && ad.lastSeenAt !== null && ad.lastSeenAt.getTime() >= from);
  const usedBefore = new Set(before.flatMap(patternsOf));
  const newMessages = messagingPatterns.flatMap((entry) => {
    if (usedBefore.has(entry.pattern)) return [];
    const using = started.filter((ad) => patternsOf(ad).includes(entry.pattern)).sort(newestFirst);
    return using.length === 0
      ? []
      : [
          {
            pattern: entry.pattern,
            label: entry.label,
            offer: OFFER_PATTERNS.has(entry.pattern),
            adIds: using.map((ad) => ad.id),
          },
        ];
  });
  return {
    startedAdIds: [...started].sort(newestFirst).map((ad) => ad.id),
    stoppedAdIds: [...stopped].sort(newestFirst).map((ad) => ad.id),
    newMessages,
  };
}
