import { describe, expect, it } from 'vitest';
import { adMessagingPhrasings } from '../../../../tests/fixtures/ad-messaging-phrasings.ts';
import { matchedCues, normaliseAdText } from './cue.ts';
import { messagingPatterns } from './messaging-cues.ts';

const classesOf = (text: string) =>
  messagingPatterns.filter((entry) => matchedCues(entry.cues, text).length > 0).map((entry) => entry.pattern);

describe('messaging patterns against real-world ad phrasings', () => {
  it('has at least 25 phrasings and some near misses for every class', () => {
    for (const { pattern } of messagingPatterns) {
      expect(adMessagingPhrasings[pattern]?.matches.length ?? 0, pattern).toBeGreaterThanOrEqual(25);
      expect(adMessagingPhrasings[pattern]?.misses.length ?? 0, pattern).toBeGreaterThanOrEqual(5);
    }
  });

  for (const { pattern } of messagingPatterns) {
    const phrasings = adMessagingPhrasings[pattern] ?? { matches: [], misses: [] };
    it(`recognises every ${pattern} phrasing`, () => {
      const missed = phrasings.matches.filter((text) => !classesOf(text).includes(pattern));
      expect(missed).toEqual([]);
    });
    it(`does not claim the ${pattern} near misses`, () => {
      const claimed = phrasings.misses.filter((text) => classesOf(text).includes(pattern));
      expect(claimed).toEqual([]);
    });
  }

  it('claims no class for plain words', () => {
    for (const text of adMessagingPhrasings.none?.misses ?? []) expect(classesOf(text), text).toEqual([]);
  });
});

describe('matching', () => {
  it('is tolerant of case, hyphens, dashes, spacing and curly quotes', () => {
    expect(normaliseAdText('Hand‑Made —  DON’T   miss')).toBe("hand made don't miss");
    for (const text of ['handmade', 'Hand-made', 'hand made', 'HANDMADE', 'hand–made'])
      expect(classesOf(text), text).toContain('quality');
    for (const text of ["don't miss out", 'Don’t miss out', 'DONT MISS OUT'])
      expect(classesOf(text), text).toContain('urgency');
  });

  it('matches whole words only, also next to letters outside ASCII', () => {
    expect(classesOf('wholesale')).not.toContain('price');
    expect(classesOf('salé')).not.toContain('price');
    expect(classesOf('aircraft parts')).not.toContain('quality');
  });

  it('recognises inflections and plurals of the same word family', () => {
    for (const text of ['crafted', 'craftsmanship', 'craftspeople', 'artisans', 'artisanal', 'small batches'])
      expect(classesOf(text), text).toContain('quality');
    for (const text of ['recycled', 'recyclable', 'upcycling', 'refillable', 'refills'])
      expect(classesOf(text), text).toContain('sustainability');
    for (const text of ['guaranteed', 'guarantees', 'warranties', 'refunds'])
      expect(classesOf(text), text).toContain('guarantee');
  });
});
