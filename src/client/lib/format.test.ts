import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime, formatPercent, formatRelative } from './format.ts';

describe('format', () => {
  it('formats dates in British English', () => {
    expect(formatDate('2025-03-03T10:00:00Z')).toBe('3 Mar 2025');
    expect(formatDate('not a date', '—')).toBe('—');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(new Date(2025, 2, 3, 14, 5))).toBe('3 Mar 2025, 14:05');
  });

  it('formats pounds', () => {
    expect(formatCurrency(19)).toBe('£19');
    expect(formatCurrency(19.5)).toBe('£19.50');
    expect(formatCurrency(22900, 'gbp', { minorUnits: true })).toBe('£229');
  });

  it('formats percentages and relative times', () => {
    expect(formatPercent(0.873)).toBe('87%');
    const now = new Date('2025-03-03T12:00:00Z');
    expect(formatRelative('2025-03-03T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2025-03-02T12:00:00Z', now)).toBe('yesterday');
  });
});
