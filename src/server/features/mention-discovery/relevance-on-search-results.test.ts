import { describe, expect, it } from 'vitest';
import { labelledItems, scoreLabelledSet } from '../../../../tests/fixtures/mention-sources/relevance-set.ts';

describe('relevance of what the name searches return (labelled set)', () => {
  it('holds at least 200 items in the sources’ shapes, read through their clients', () => {
    const items = labelledItems();
    expect(items.length).toBeGreaterThanOrEqual(200);
    expect(new Set(items.map((item) => item.source))).toEqual(new Set(['news_rss', 'hacker_news', 'mastodon']));
    expect(items.every((item) => item.mention.content.length > 0)).toBe(true);
  });

  it('lets no off-topic result through and keeps at least 95% of the mentions', () => {
    const figures = scoreLabelledSet();
    expect(figures.falsePositives).toBe(0);
    expect(figures.precision).toBe(1);
    expect(figures.recall).toBeGreaterThanOrEqual(0.95);
  });
});
