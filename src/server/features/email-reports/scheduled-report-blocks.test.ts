import { describe, expect, it } from 'vitest';
import type { AuditContent } from './report-contents.ts';
import { brandBlocks } from './scheduled-report-blocks.ts';

const audit: AuditContent = {
  auditId: 'a1',
  completedAt: new Date('2026-11-20T10:00:00Z'),
  overallScore: 74,
  websiteScore: 81,
  socialMediaScore: null,
  brandAssetsScore: 67,
  topRecommendations: [],
};

function figuresOf(content: AuditContent) {
  const blocks = brandBlocks([{ brand: { id: 'b1', name: 'Northwind' }, audit: content }]);
  const figures = blocks.find((block) => block.type === 'figures');
  if (figures?.type !== 'figures') throw new Error('no figures block');
  return Object.fromEntries(figures.rows.map((row) => [row.label, row.value]));
}

describe('scheduled report: the audit figures', () => {
  it('says not enough measured for social media without a profile read, never a number', () => {
    const rows = figuresOf(audit);
    expect(rows['Social media']).toBe('Not enough measured');
    expect(rows['Overall score']).toBe('74/100');
    expect(rows.Website).toBe('81/100');
  });

  it('gives no overall score when no area had enough measured', () => {
    const rows = figuresOf({ ...audit, overallScore: null, websiteScore: null, brandAssetsScore: null });
    expect(rows['Overall score']).toBe('Not enough measured');
    expect(Object.values(rows).some((value) => /^0\/100$/.test(value))).toBe(false);
  });
});
