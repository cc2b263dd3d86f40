import { describe, expect, it } from 'vitest';
import type { TCheckResult } from '../../../shared/schemas/audits.ts';
import { scoreBand } from '../../../shared/scoring-bands.ts';
import { groupLabel, sortChecks } from './labels.ts';
import { scoreTextClass } from './score-colours.ts';
import { readableTextOn } from './white-label-frame.tsx';

describe('score bands', () => {
  it('puts 80 and above in good, 60 to 79 in middling, below 60 in poor', () => {
    expect([100, 80, 79, 60, 59, 0].map(scoreBand)).toEqual(['good', 'good', 'middling', 'middling', 'poor', 'poor']);
    expect(scoreTextClass(80)).toBe('text-success');
    expect(scoreTextClass(59)).toBe('text-destructive');
  });
});

describe('groupLabel', () => {
  it('names the known groups and turns unknown keys into sentences', () => {
    expect(groupLabel('seoBasics')).toBe('SEO basics');
    expect(groupLabel('colourContrast')).toBe('Colour contrast');
    expect(groupLabel('brandVoiceMatch')).toBe('Brand voice match');
  });
});

function check(id: string, status: TCheckResult['status']): TCheckResult {
  return { id, area: 'website', group: 'seoBasics', title: id, status, summary: '', evidence: [] };
}

describe('ordering', () => {
  it('lists failed checks first and keeps the rest in their order', () => {
    const sorted = sortChecks([
      check('a', 'pass'),
      check('b', 'not_applicable'),
      check('c', 'fail'),
      check('d', 'pass'),
    ]);
    expect(sorted.map((c) => c.id)).toEqual(['c', 'a', 'd', 'b']);
  });
});

describe('readableTextOn', () => {
  it('picks white on dark colours and near-black on light ones', () => {
    expect(readableTextOn('#0F766E')).toBe('#ffffff');
    expect(readableTextOn('#fde68a')).toBe('#111827');
    expect(readableTextOn('#fff')).toBe('#111827');
  });
});
