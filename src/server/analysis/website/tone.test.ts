import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goodPage, snapshotOf } from '../../../../tests/fixtures/analysis/snapshot.ts';
import { htmlPagesOf, parsePage } from './pages.ts';
import { mainText, sentencesOf, syllables, textStats, wordsOf } from './text.ts';
import { runToneChecks } from './tone.ts';

const text = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/analysis/texts/${name}.txt`, import.meta.url), 'utf8').trim();

function tonesOf(...names: string[]) {
  const pages = names.map((name) => ({
    url: `https://example.com/${name}`,
    html: goodPage({ body: `<p>${text(name)}</p>` }),
  }));
  const checks = runToneChecks(htmlPagesOf(snapshotOf(pages)));
  return Object.fromEntries(checks.map((check) => [check.id, check]));
}

const consistent = ['bakery-home', 'bakery-bread', 'bakery-visit'];

describe('tone consistency', () => {
  it('passes all four checks on pages written in one voice', () => {
    const checks = tonesOf(...consistent);
    expect(Object.values(checks).map((check) => [check.id, check.status])).toEqual([
      ['tone.readability', 'pass'],
      ['tone.formality', 'pass'],
      ['tone.sentiment-spread', 'pass'],
      ['tone.vocabulary-overlap', 'pass'],
    ]);
    expect(checks['tone.readability']?.summary).toMatch(
      /^Reading ease ranges from \d+(\.\d)? to \d+(\.\d)? across 3 pages$/,
    );
    expect(checks['tone.readability']?.evidence).toHaveLength(3);
    expect(checks['tone.readability']?.evidence[0]?.note).toMatch(/^Flesch reading ease; \d+ words, \d+ sentences$/);
  });

  it('fails readability when a page is very hard to read', () => {
    const check = tonesOf(...consistent, 'legal-terms')['tone.readability']!;
    expect(check.status).toBe('fail');
    expect(check.summary).toMatch(/^1 of 4 pages scores below 30 for reading ease/);
    expect(check.evidence[0]).toMatchObject({ url: 'https://example.com/legal-terms' });
    expect(check.evidence[0]?.value).toBeLessThan(0);
  });

  it('fails formality when one page is far more casual than the rest', () => {
    const check = tonesOf(...consistent, 'bakery-shouty')['tone.formality']!;
    expect(check.status).toBe('fail');
    expect(check.summary).toMatch(/^1 of 4 pages differs from the site's usual formality/);
    expect(check.evidence[0]).toMatchObject({ url: 'https://example.com/bakery-shouty' });
    expect(check.evidence[0]?.note).toMatch(/\d+ contractions, 10 exclamations, \d+ "you" words/);
  });

  it('fails sentiment spread when one page is negative', () => {
    const check = tonesOf(...consistent, 'bakery-apology')['tone.sentiment-spread']!;
    expect(check.status).toBe('fail');
    expect(check.evidence[0]).toMatchObject({ url: 'https://example.com/bakery-apology' });
    expect(check.evidence[0]?.note).toMatch(/0 positive, 16 negative/);
  });

  it('fails vocabulary overlap when a page is about something else', () => {
    const check = tonesOf(...consistent, 'football')['tone.vocabulary-overlap']!;
    expect(check.status).toBe('fail');
    expect(check.summary).toMatch(/^1 of 4 pages shares less than half the site's average vocabulary overlap/);
    expect(check.evidence[0]).toMatchObject({ url: 'https://example.com/football' });
  });

  it('is not applicable with fewer than two pages of 50 words', () => {
    const checks = tonesOf('bakery-home');
    expect(Object.values(checks).every((check) => check.status === 'not_applicable')).toBe(true);
    expect(checks['tone.readability']?.summary).toBe(
      'Only 1 page has 50 or more words of text; tone is compared across at least 2 pages',
    );
  });
});

describe('text measures', () => {
  it('reads the main text without navigation, header, footer or scripts', () => {
    const page = snapshotOf([
      {
        url: 'https://example.com/',
        html: goodPage({
          body: '<h1>Bread</h1><p>Fresh today.</p><script>var x = "hidden";</script><ul><li>Rye</li><li>Spelt</li></ul>',
        }),
      },
    ]).pages[0]!;
    expect(mainText(parsePage(page))).toBe('Bread\nFresh today.\nRye\nSpelt');
  });

  it('counts words, sentences and syllables', () => {
    expect(wordsOf("We've baked bread for twenty-five years.")).toEqual([
      "We've",
      'baked',
      'bread',
      'for',
      'twenty-five',
      'years',
    ]);
    expect(sentencesOf('One. Two! Three?\nFour')).toEqual(['One.', 'Two!', 'Three?', 'Four']);
    expect([syllables('bread'), syllables('bakery'), syllables('organic'), syllables('the')]).toEqual([1, 3, 3, 1]);
  });

  it('computes Flesch reading ease from those counts', () => {
    const stats = textStats('The cat sat on the mat. The dog ran.');
    // 9 words, 2 sentences, 9 syllables: 206.835 − 1.015 × 4.5 − 84.6 × 1
    expect(stats.readingEase).toBeCloseTo(206.835 - 1.015 * 4.5 - 84.6, 5);
  });
});
