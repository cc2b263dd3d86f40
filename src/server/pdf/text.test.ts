import { describe, expect, it } from 'vitest';
import { auditDetailFixture } from '../../../tests/fixtures/audit-detail.ts';
import { sortRecommendations as webSort } from '../../client/features/audits-shared/labels.ts';
import { sortRecommendations as sharedSort } from '../../shared/recommendation-order.ts';
import { scoreBand } from './score-bands.ts';
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

  it('orders recommendations with the same shared sort as the web report', () => {
    expect(webSort).toBe(sharedSort);
    const sorted = sharedSort(auditDetailFixture.recommendations);
    expect(sorted.map((r) => [r.priority, r.scoreImpact])).toEqual([
      ['High', 5],
      ['High', 4],
      ['High', 4],
      ['Medium', 2],
      ['Medium', 2],
      ['Low', 1],
    ]);
    expect(sorted[0]?.title).toMatch(/caramel/);
    // equal High 4s: the quicker fix (2.5 h) before the 4 h one
    expect(sorted[1]?.title).toBe('Add alt text to 23 images');
  });
});
