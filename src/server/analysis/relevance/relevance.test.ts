import { describe, expect, it } from 'vitest';
import { LABELLED_MENTIONS, SUBJECTS } from '../../../../tests/fixtures/relevance/labelled-mentions.ts';
import { profileOf, RELEVANCE_THRESHOLD, scoreRelevance } from './index.ts';
import { compactOf, wordsOf } from './normalise.ts';

const pedal = profileOf(SUBJECTS.pedal);
const bloom = profileOf(SUBJECTS.bloom);

describe('folding names', () => {
  it('reads case, accents, possessives, apostrophes and ampersands as one spelling', () => {
    expect(wordsOf("Pedal & Co's")).toEqual(['pedal', 'and', 'co']);
    expect(wordsOf('PEDAL+CO.')).toEqual(['pedal', 'and', 'co']);
    expect(wordsOf('Café Zoë’s')).toEqual(['cafe', 'zoe']);
    expect(wordsOf("the Brothers' shop")).toEqual(['the', 'brothers', 'shop']);
    expect(compactOf('Pedal & Co')).toBe('pedalandco');
  });
});

describe('scoreRelevance', () => {
  it('finds the name in its spellings, the domain with or without www, handles and hashtags', () => {
    for (const body of [
      "Pedal & Co's mechanics",
      'pedal and co',
      'Pedal Co',
      'PEDAL&CO',
      'see pedalandco.co.uk',
      'see https://www.pedalandco.co.uk/x',
      'thanks @PedalAndCo',
      '#pedalandco',
    ]) {
      expect(scoreRelevance(pedal, { body }).isRelevant, body).toBe(true);
    }
  });

  it('says where each term matched', () => {
    const result = scoreRelevance(pedal, { title: 'Pedal & Co news', body: 'ride with @pedalandco', url: null });
    expect(result.matches).toEqual([
      { signal: 'name', term: 'Pedal & Co', where: 'title' },
      { signal: 'handle', term: '@pedalandco', where: 'body' },
    ]);
    expect(result.score).toBe(1);
  });

  it('counts an item on the brand’s own domain, or by its own account, as about it', () => {
    expect(scoreRelevance(pedal, { body: 'Closed Monday', url: 'https://shop.pedalandco.co.uk/a' }).isRelevant).toBe(
      true,
    );
    expect(scoreRelevance(pedal, { body: 'Closed Monday', author: '@pedalandco' }).isRelevant).toBe(true);
    expect(
      scoreRelevance(pedal, { body: 'Closed Monday', url: 'https://example.com/pedalandco-review' }).isRelevant,
    ).toBe(false);
  });

  it('needs more than the bare word for a name that is an everyday word', () => {
    expect(scoreRelevance(bloom, { body: 'Cherry trees in full bloom' })).toMatchObject({
      isRelevant: false,
      score: 0.25,
    });
    expect(scoreRelevance(bloom, { body: 'Bloom made our bouquet' })).toMatchObject({ isRelevant: true, score: 0.7 });
    expect(scoreRelevance(bloom, { body: 'see bloomflorists.co.uk' }).isRelevant).toBe(true);
  });

  it('lets an exclusion term win over everything else', () => {
    const result = scoreRelevance(bloom, { body: 'Bloom Energy supplies the bloomflorists.co.uk florist' });
    expect(result).toMatchObject({ isRelevant: false, score: 0.05 });
    expect(result.matches).toContainEqual({ signal: 'exclude', term: 'Bloom Energy', where: 'body' });
  });

  it('asks a mention by name for one of the required terms when there are any', () => {
    const leeds = profileOf({ ...SUBJECTS.pedal, includeTerms: ['Leeds'] });
    expect(scoreRelevance(leeds, { body: 'Pedal & Co opens in Austin' })).toMatchObject({
      isRelevant: false,
      score: 0.4,
    });
    expect(scoreRelevance(leeds, { body: 'Pedal & Co opens in Leeds' })).toMatchObject({
      isRelevant: true,
      score: 0.9,
    });
    expect(scoreRelevance(leeds, { body: 'Austin shop, see pedalandco.co.uk' }).isRelevant).toBe(true);
    expect(scoreRelevance(leeds, { body: 'Cycling in Leeds' }).isRelevant).toBe(false);
  });

  it('takes a name of several everyday words as the name only when written as one', () => {
    const greenGarden = profileOf({ name: 'The Green Garden' });
    expect(greenGarden.nameStrength).toBe('proper-noun');
    expect(scoreRelevance(greenGarden, { body: 'Lunch at Green Garden was great' }).isRelevant).toBe(true);
    expect(scoreRelevance(greenGarden, { body: 'a green garden wall' }).isRelevant).toBe(false);
  });

  it('takes items of a source dedicated to the brand as about it, but not the results of a search for it', () => {
    const ownPage = { title: 'Pedal & Co reviews', url: 'https://reviews.example/pedal-and-co', isSearch: false };
    expect(scoreRelevance(pedal, { body: 'Quick and friendly', source: ownPage })).toMatchObject({
      isRelevant: true,
      score: 0.75,
    });
    const alert = {
      title: 'Google Alert - "Pedal & Co"',
      url: 'https://www.google.com/alerts/feeds/1/2',
      isSearch: true,
    };
    expect(scoreRelevance(pedal, { body: 'Quick and friendly', source: alert }).isRelevant).toBe(false);
  });

  it('does not use an IP address or a social network as the brand’s domain', () => {
    expect(profileOf({ name: 'Acme', websiteUrl: 'http://127.0.0.1:5173' }).domain).toBeNull();
    expect(profileOf({ name: 'Acme', websiteUrl: 'https://facebook.com/acme' }).domain).toBeNull();
  });
});

describe('the labelled set', () => {
  it(`sorts ${LABELLED_MENTIONS.length} hand-labelled mentions with precision and recall of at least 0.9`, () => {
    expect(LABELLED_MENTIONS.length).toBeGreaterThanOrEqual(60);
    const profiles = Object.fromEntries(Object.entries(SUBJECTS).map(([key, subject]) => [key, profileOf(subject)]));
    let truePositive = 0;
    let falsePositive = 0;
    let falseNegative = 0;
    const wrong: string[] = [];
    for (const { subject, about, item } of LABELLED_MENTIONS) {
      const { isRelevant, score } = scoreRelevance(profiles[subject]!, item);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
      expect(isRelevant).toBe(score >= RELEVANCE_THRESHOLD);
      if (isRelevant && about) truePositive++;
      if (isRelevant && !about) falsePositive++;
      if (!isRelevant && about) falseNegative++;
      if (isRelevant !== about) wrong.push(`${subject}: ${item.title ?? ''} ${item.body} (${score})`);
    }
    const precision = truePositive / (truePositive + falsePositive);
    const recall = truePositive / (truePositive + falseNegative);
    console.info(
      `relevance on ${LABELLED_MENTIONS.length} labelled mentions: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}; misjudged:\n  ${wrong.join('\n  ')}`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });
});
