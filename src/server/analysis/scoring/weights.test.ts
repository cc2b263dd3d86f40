import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from './score.ts';
import { check } from './test-checks.ts';
import { AXE_IMPACT_WEIGHTS, CHECK_WEIGHTS, IS_CRAWLABLE_WEIGHT, weightOf } from './weights.ts';

describe('weights', () => {
  it("uses Lighthouse's SEO weights", () => {
    expect(IS_CRAWLABLE_WEIGHT).toBeCloseTo(4.043, 3);
    expect(CHECK_WEIGHTS['seo.is-crawlable']?.gatesGroup).toBe(true);
    for (const id of [
      'document-title',
      'meta-description',
      'http-status-code',
      'link-text',
      'crawlable-anchors',
      'robots-txt',
      'image-alt',
      'hreflang',
      'canonical',
    ]) {
      expect(CHECK_WEIGHTS[`seo.${id}`]?.weight).toBe(1);
    }
  });

  it("weighs axe rules by axe's impact and builds their recommendation from axe's help", () => {
    expect(AXE_IMPACT_WEIGHTS).toEqual({ critical: 3, serious: 2, moderate: 1, minor: 0.5 });
    expect(weightOf({ id: 'a11y.image-alt', area: 'website' })).toMatchObject({
      weight: 3,
      category: 'Accessibility',
      estimatedHours: 2,
    });
    expect(weightOf({ id: 'a11y.heading-order', area: 'website' }).weight).toBe(1);
    expect(weightOf({ id: 'a11y.button-name', area: 'website' }).weight).toBe(3);
    const failing = {
      ...check('a11y.image-alt', 'website', 'accessibility', 'fail', '2 elements on 1 of 3 tested pages fail'),
      evidence: [{ url: 'https://example.com/a', selector: 'img' }],
    };
    expect(fillTemplate(weightOf(failing).recommendation.title, failing)).toBe(
      'Accessibility: Images must have alternative text',
    );
    expect(fillTemplate(weightOf(failing).recommendation.description, failing)).toBe(
      'Images must have alternative text. Fix the elements listed so that people using screen readers, keyboards or zoom can use the page. Measured: 2 elements on 1 of 3 tested pages fail. Elements: https://example.com/a. Guidance: https://dequeuniversity.com/rules/axe/4.14/image-alt',
    );
  });

  it('match the table in docs/scoring.md', () => {
    const doc = readFileSync(new URL('../../../../docs/scoring.md', import.meta.url), 'utf8');
    const rows = [
      ...doc.matchAll(
        /^\|\s*`([\w.-]+)`\s*\|\s*([\d.]+)(?:\s*\(gate\))?\s*\|\s*([^|]+?)\s*\|\s*([\d.]+)\s*\|\s*([^|]+?)\s*\|$/gm,
      ),
    ];
    const documented = Object.fromEntries(
      rows.map((row) => [
        row[1],
        { weight: Number(row[2]), category: row[3]!.trim(), hours: Number(row[4]), title: row[5]!.trim() },
      ]),
    );
    const expected = Object.fromEntries(
      Object.entries(CHECK_WEIGHTS).map(([id, entry]) => [
        id,
        {
          weight: Math.round(entry.weight * 100) / 100,
          category: entry.category,
          hours: entry.estimatedHours,
          title: entry.recommendation.title,
        },
      ]),
    );
    expect(documented).toEqual(expected);
  });
});
