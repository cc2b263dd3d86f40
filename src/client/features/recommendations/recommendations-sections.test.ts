import { describe, expect, it } from 'vitest';
import type { TMarketingStrategy } from '../../../shared/schemas/recommendations.ts';
import { sortStrategies } from './recommendations-sections.tsx';

function strategy(name: string, priority: TMarketingStrategy['priority']): TMarketingStrategy {
  return {
    strategy: name,
    category: 'SEO/Performance',
    priority,
    timeline: 'This week',
    implementation: [],
    expectedImpact: '',
    basedOn: [],
  };
}

describe('sortStrategies', () => {
  it('puts the most urgent first and keeps the written order within a priority', () => {
    const sorted = sortStrategies([
      strategy('low', 'Low'),
      strategy('high a', 'High'),
      strategy('critical', 'Critical'),
      strategy('medium', 'Medium'),
      strategy('high b', 'High'),
    ]);
    expect(sorted.map((row) => row.strategy)).toEqual(['critical', 'high a', 'high b', 'medium', 'low']);
  });
});
