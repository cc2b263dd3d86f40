import { describe, expect, it } from 'vitest';
import { auditDetailFixture } from '../../../tests/fixtures/audit-detail.ts';
import { scoreBand } from './score-bands.ts';
import { sortRecommendations } from './summary.ts';
import { breakPieces, groupLabel, pdfSafe, proseBreaks } from './text.ts';

describe('pdf text helpers', () => {
  it('maps text into the standard fonts’ character set', () => {
    expect(pdfSafe('Café – “quoted” £5 €3 • ok')).toBe('Café – “quoted” £5 €3 • ok');
    expect(pdfSafe('ratio ≥ 4.5 → pass ✓')).toBe('ratio >= 4.5 -> pass ');
    expect(pdfSafe('Łódź 😀 東')).toBe('Lódz  ?');
  });

  it('breaks only over-long words and splits URLs at their separators', () => {
    expect(proseBreaks('recommendation')).toEqual(['recommendation']);
    expect(proseBreaks('x'.repeat(40)).every((piece) => piece.length <= 12)).toBe(true);
    const url = 'https://www.acmecoffee.co.uk/shop/single-origin?utm_source=newsletter';
    expect(breakPieces(url).join('')).toBe(url);
    expect(breakPieces(url, 20).every((piece) => piece.length <= 20)).toBe(true);
  });

  it('names groups and bands scores', () => {
    expect(groupLabel('seoBasics')).toBe('SEO basics');
    expect(groupLabel('someNewGroup')).toBe('Some new group');
    expect([scoreBand(80), scoreBand(79), scoreBand(60), scoreBand(59), scoreBand(null)]).toEqual([
      'good',
      'middling',
      'middling',
      'poor',
      'none',
    ]);
  });

  it('orders recommendations by score impact, then priority', () => {
    const impacts = sortRecommendations(auditDetailFixture.recommendations).map((r) => r.scoreImpact);
    expect(impacts).toEqual([5, 4, 4, 2, 2, 1]);
    expect(sortRecommendations(auditDetailFixture.recommendations)[0]?.title).toMatch(/caramel/);
  });
});
