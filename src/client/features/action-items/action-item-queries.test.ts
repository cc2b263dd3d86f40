import { describe, expect, it } from 'vitest';
import type { TActionItem } from '../../../shared/schemas/recommendations.ts';
import { actionItemsPath, actionPriorityColour, completedActions, pendingActions } from './action-item-queries.ts';

function item(overrides: Partial<TActionItem>): TActionItem {
  return {
    id: crypto.randomUUID(),
    brandId: 'b1',
    brandName: 'Acme',
    auditId: 'a1',
    title: 'Fix it',
    description: null,
    category: 'SEO',
    priority: 'High',
    status: 'pending',
    aiGenerated: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

describe('actionPriorityColour', () => {
  it('is chart-1 for High, chart-4 for Medium and chart-2 for anything else', () => {
    expect(actionPriorityColour('High')).toBe('var(--chart-1)');
    expect(actionPriorityColour('Medium')).toBe('var(--chart-4)');
    expect(actionPriorityColour('Low')).toBe('var(--chart-2)');
    expect(actionPriorityColour('Urgent')).toBe('var(--chart-2)');
  });
});

describe('pendingActions', () => {
  const items = [
    item({ title: 'one', brandId: 'b1' }),
    item({ title: 'two', brandId: 'b2' }),
    item({ title: 'done', brandId: 'b1', status: 'completed', completedAt: '2026-03-02T10:00:00.000Z' }),
  ];

  it('keeps only pending items, in the order given', () => {
    expect(pendingActions(items).map((row) => row.title)).toEqual(['one', 'two']);
  });

  it('filters by brand', () => {
    expect(pendingActions(items, 'b2').map((row) => row.title)).toEqual(['two']);
    expect(pendingActions(items, 'b3')).toEqual([]);
  });
});

describe('completedActions', () => {
  it('lists completed items, most recently completed first', () => {
    const items = [
      item({ title: 'old', status: 'completed', completedAt: '2026-03-01T10:00:00.000Z' }),
      item({ title: 'open' }),
      item({ title: 'new', status: 'completed', completedAt: '2026-03-05T10:00:00.000Z' }),
      item({ title: 'undated', status: 'completed', completedAt: null }),
    ];
    expect(completedActions(items).map((row) => row.title)).toEqual(['new', 'old', 'undated']);
  });
});

describe('actionItemsPath', () => {
  it('addresses the action items screen by status, and by brand when one is chosen', () => {
    expect(actionItemsPath({ status: 'pending' })).toBe('/action-items?status=pending');
    expect(actionItemsPath({ status: 'completed', brandId: 'b1' })).toBe('/action-items?status=completed&brand=b1');
    expect(actionItemsPath({ status: 'pending', brandId: null })).toBe('/action-items?status=pending');
  });
});

describe('completedActions of one brand', () => {
  it('keeps only that brand, most recently completed first', () => {
    const items = [
      item({ brandId: 'b1', status: 'completed', completedAt: '2026-03-01T10:00:00.000Z', title: 'old' }),
      item({ brandId: 'b2', status: 'completed', completedAt: '2026-03-03T10:00:00.000Z', title: 'other brand' }),
      item({ brandId: 'b1', status: 'completed', completedAt: '2026-03-02T10:00:00.000Z', title: 'new' }),
    ];
    expect(completedActions(items, 'b1').map((entry) => entry.title)).toEqual(['new', 'old']);
    expect(completedActions(items)).toHaveLength(3);
  });
});
