import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSplit, loadThreeClassSplit, SENTIMENT_FIXTURES } from '../../../../tests/helpers/sentiment-data.ts';
import { ZSentimentResult } from '../../../shared/schemas/insights.ts';
import { evaluate, evaluateThreeClass, rulesOnlyLabel } from './evaluate.ts';
import { acceptRefinement, analyseSentiment, analyseSentimentBatch, sentimentEngineReady } from './index.ts';
import { analyseRules } from './rules.ts';
import { tokenise } from './tokenise.ts';

// the engine's weights load at first need
await sentimentEngineReady();

/**
 * Stated floors; the measured figures are in docs/decisions/0010 and 0032. Binary accuracy on the
 * review sentences' test split, read as reviews, counts a neutral answer as wrong: 86.8 % (263 of
 * 303) before neutral was a class, 86.1 % (261) since: the same 40 sentences get the wrong side,
 * and 2 are called neutral.
 */
const REVIEW_ACCURACY_FLOOR = 0.86;
/**
 * Three-class figures on the held-back 30 % of the three-class texts, read as posts (typed-in
 * feedback is): 72.8 % and 0.665 (the reviews' reading, before posts had their own, 71.0 % and
 * 0.682). The posts' reading calls more texts neutral: neutral recall 84.7 % (was 70.6 %),
 * precision 79.3 % (was 88.5 %).
 */
const THREE_CLASS_ACCURACY_FLOOR = 0.71;
const THREE_CLASS_MACRO_F1_FLOOR = 0.66;
const NEUTRAL_RECALL_FLOOR = 0.8;
const NEUTRAL_PRECISION_FLOOR = 0.75;

function behaviourCases() {
  return fs
    .readFileSync(path.join(SENTIMENT_FIXTURES, 'behaviour.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [kind, label, text] = line.split('\t');
      return { kind: kind ?? '', label: label ?? '', text: text ?? '' };
    });
}

describe('tokenise', () => {
  it('splits every spelling of a negated contraction into the word and "not"', () => {
    for (const text of ["don't", 'dont', "do n't", "do n 't"]) {
      expect(tokenise(text).map((token) => token.norm)).toEqual(['do', 'not']);
    }
    expect(tokenise("won't").map((token) => token.norm)).toEqual(['will', 'not']);
    expect(tokenise("can 't").map((token) => token.norm)).toEqual(['can', 'not']);
  });

  it('keeps emoji, emoticons and shouted words', () => {
    const tokens = tokenise('It was AWFUL :( 👎');
    expect(tokens.map((token) => [token.norm, token.kind])).toEqual([
      ['it', 'word'],
      ['was', 'word'],
      ['awful', 'word'],
      [':(', 'emoticon'],
      ['👎', 'emoji'],
    ]);
    expect(tokens[2]?.shouted).toBe(true);
  });
});

describe('rules', () => {
  const compound = (text: string) => analyseRules(tokenise(text)).compound;

  it('flips or replaces an opinion under negation', () => {
    expect(compound('The staff were friendly.')).toBeGreaterThan(0);
    expect(compound('The staff were not friendly.')).toBeLessThan(0);
    expect(compound('Not bad.')).toBeGreaterThan(0);
    expect(compound("We won't be back.")).toBeLessThan(compound('We will be back.'));
    expect(compound("Don't waste your money.")).toBeLessThan(0);
  });

  it('weights the clause after "but" and the main clause after "although"', () => {
    expect(compound('The decor is lovely but the food was bad.')).toBeLessThan(0);
    expect(compound('The food was bad but the decor is lovely.')).toBeGreaterThan(0);
    expect(compound('Although the staff were nice, the food was bad.')).toBeLessThan(0);
  });

  it('counts degree words, emphasis and emoji', () => {
    expect(compound('The food was very good.')).toBeGreaterThan(compound('The food was good.'));
    expect(compound('The food was slightly good.')).toBeLessThan(compound('The food was good.'));
    expect(compound('The food was GOOD!')).toBeGreaterThan(compound('The food was good.'));
    expect(compound('Dinner tonight 😍')).toBeGreaterThan(0);
    expect(compound('Dinner tonight 😡')).toBeLessThan(0);
  });
});

describe('analyseSentiment', () => {
  it('reaches the stated accuracy on the held-back test split and beats the lexicon with rules', () => {
    const test = loadSplit('test');
    expect(test.length).toBeGreaterThan(150);
    const engine = evaluate(test, (text) => analyseSentiment(text, { genre: 'review' }).label);
    expect(engine.accuracy).toBeGreaterThanOrEqual(REVIEW_ACCURACY_FLOOR);
    expect(engine.accuracy).toBeGreaterThan(evaluate(test, rulesOnlyLabel).accuracy);
  });

  it('reaches the stated three-class accuracy and macro-F1 on the held-back three-class split', () => {
    const heldBack = loadThreeClassSplit('test');
    expect(heldBack.filter((row) => row.label === 'neutral').length).toBeGreaterThan(100);
    const result = evaluateThreeClass(heldBack, (text) => analyseSentiment(text).label);
    expect(result.accuracy).toBeGreaterThanOrEqual(THREE_CLASS_ACCURACY_FLOOR);
    expect(result.macroF1).toBeGreaterThanOrEqual(THREE_CLASS_MACRO_F1_FLOOR);
    // neutral is a class that is answered, and answered mostly when right
    expect(result.perClass.neutral.recall).toBeGreaterThanOrEqual(NEUTRAL_RECALL_FLOOR);
    expect(result.perClass.neutral.precision).toBeGreaterThanOrEqual(NEUTRAL_PRECISION_FLOOR);
  });

  it('calls facts and questions neutral and a plain complaint about damage negative', () => {
    for (const text of [
      'The order number is 48213.',
      'Is the chai blend caffeine free?',
      'I received the parcel this morning.',
    ]) {
      expect({ text, result: analyseSentiment(text) }).toMatchObject({
        text,
        result: { label: 'neutral', sentimentScore: 3 },
      });
    }
    const complaint = analyseSentiment('The box arrived crushed and two mugs were broken.');
    expect(complaint.label).toBe('negative');
    expect(complaint.sentimentScore).toBeLessThanOrEqual(2);
  });

  it('gives every label its score out of 5: 1-2 negative, 3 neutral, 4-5 positive', () => {
    const range = { negative: [1, 2], neutral: [3, 3], positive: [4, 5] } as const;
    const texts = [...loadThreeClassSplit('test'), ...loadSplit('test')].map((row) => row.text);
    const seen = new Set<string>();
    for (const text of texts) {
      const { label, sentimentScore, confidence } = analyseSentiment(text);
      seen.add(label);
      expect(sentimentScore).toBeGreaterThanOrEqual(range[label][0]);
      expect(sentimentScore).toBeLessThanOrEqual(range[label][1]);
      expect(confidence).toBeGreaterThanOrEqual(0.5);
      expect(confidence).toBeLessThanOrEqual(1);
    }
    expect([...seen].sort()).toEqual(['negative', 'neutral', 'positive']);
  });

  it('labels every clear complaint of the behaviour set negative', () => {
    const complaints = behaviourCases().filter((entry) => entry.kind === 'complaint');
    expect(complaints.length).toBeGreaterThanOrEqual(20);
    for (const { text } of complaints)
      expect({ text, label: analyseSentiment(text).label }).toEqual({ text, label: 'negative' });
  });

  it('handles the negation, contrast, emoji and praise cases of the behaviour set', () => {
    for (const { text, label } of behaviourCases().filter((entry) => entry.kind !== 'complaint')) {
      expect({ text, label: analyseSentiment(text).label }).toEqual({ text, label });
    }
  });

  it('returns a valid result whose score agrees with its label', () => {
    const result = analyseSentiment('The battery life is awful and the screen scratches easily.');
    expect(ZSentimentResult.parse(result)).toEqual(result);
    expect(result.label).toBe('negative');
    expect(result.sentimentScore).toBeLessThanOrEqual(2);
    expect(result.confidence).toBeGreaterThan(0.5);
    const praise = analyseSentiment('Absolutely delicious food and wonderful, friendly staff!');
    expect(praise).toMatchObject({ label: 'positive' });
    expect(praise.sentimentScore).toBeGreaterThanOrEqual(4);
  });

  it('takes topics and keywords from the text and names only emotions it expresses', () => {
    const text = 'The battery life is awful and customer support was rude. So disappointed.';
    const result = analyseSentiment(text);
    expect(result.topics).toContain('battery life');
    for (const keyword of [...result.keywords, ...result.topics]) {
      for (const word of keyword.split(' ')) expect(text.toLowerCase()).toContain(word);
    }
    expect(result.emotions).toEqual(expect.arrayContaining(['anger', 'sadness']));
    expect(analyseSentiment('The parcel arrived on Tuesday.').emotions).toEqual([]);
    expect(analyseSentiment('I was not disappointed.').emotions).not.toContain('sadness');
  });

  it('calls a text with nothing to weigh neutral', () => {
    expect(analyseSentiment('')).toMatchObject({ label: 'neutral', sentimentScore: 3, topics: [], keywords: [] });
    expect(analyseSentiment('12345 !!!').label).toBe('neutral');
  });

  it('analyses a batch of 2,000 texts quickly on one core', () => {
    const texts = loadSplit('dev').map((row) => row.text);
    const batch = Array.from({ length: 2000 }, (_, i) => texts[i % texts.length] ?? '');
    analyseSentimentBatch(batch.slice(0, 100));
    const started = performance.now();
    expect(analyseSentimentBatch(batch)).toHaveLength(2000);
    // Loose on a shared machine (the bench measures the rate): 2,000 texts in under 3 s.
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('acceptRefinement', () => {
  const text = 'The soup was cold and the waiter was rude.';
  const local = analyseSentiment(text);

  it('keeps the local result when the answer is not a valid result', () => {
    expect(acceptRefinement(text, local, { label: 'great' })).toBe(local);
    expect(acceptRefinement(text, local, { ...local, sentimentScore: 9 })).toBe(local);
    expect(acceptRefinement(text, local, { ...local, label: 'negative', sentimentScore: 5 })).toBe(local);
  });

  it('never lets a refinement call a clear complaint positive', () => {
    expect(acceptRefinement(text, local, { ...local, label: 'positive', sentimentScore: 4 })).toBe(local);
  });

  it('takes a valid refinement', () => {
    const refined = { ...local, confidence: 0.9, topics: ['soup', 'waiter'] };
    expect(acceptRefinement(text, local, refined)).toEqual(refined);
  });
});
