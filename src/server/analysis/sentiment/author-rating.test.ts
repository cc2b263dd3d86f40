import { describe, expect, it } from 'vitest';
import { respectAuthorRating } from './author-rating.ts';
import { MOST_CONFIDENT } from './decide.ts';
import { analyseSentiment, sentimentEngineReady } from './index.ts';

// the engine's weights load at first need
await sentimentEngineReady();

const withRating = (text: string, rating: number | null) => respectAuthorRating(text, analyseSentiment(text), rating);

describe('the author’s own star rating', () => {
  it('decides the side and the score where the words are no plain match for it', () => {
    const smaller = withRating('Prices have gone up a lot and the loaf was smaller than last month', 2);
    expect(smaller).toMatchObject({ label: 'negative', sentimentScore: 2 });
    expect(smaller.confidence).toBeGreaterThanOrEqual(0.75);
    expect(withRating("It's ok. Nothing special", 3)).toMatchObject({ label: 'neutral', sentimentScore: 3 });
    expect(withRating('Came in for a coffee after work', 5)).toMatchObject({ label: 'positive', sentimentScore: 5 });
    expect(withRating('Came in for a coffee after work', 1)).toMatchObject({ label: 'negative', sentimentScore: 1 });
  });

  it('reads half stars as the nearer whole star', () => {
    expect(withRating('Came in for a coffee after work', 3.5)).toMatchObject({ label: 'positive', sentimentScore: 4 });
    expect(withRating('Came in for a coffee after work', 2.5)).toMatchObject({ label: 'neutral', sentimentScore: 3 });
    expect(withRating('Came in for a coffee after work', 1.5)).toMatchObject({ label: 'negative', sentimentScore: 2 });
  });

  it('gives way to a text that is plainly the other way, keeping the text’s own confidence', () => {
    const text = 'Rude staff, cold food, filthy tables. Never again.';
    const fromText = analyseSentiment(text);
    expect(fromText.label).toBe('negative');
    expect(withRating(text, 5)).toEqual(fromText);
    const praise = 'Wonderful staff, delicious food, lovely place, highly recommend';
    expect(withRating(praise, 1)).toEqual(analyseSentiment(praise));
  });

  it('is more sure when the words agree with the rating than when they lean the other way', () => {
    const agreeing = withRating('The loaf was stale and the staff were rude', 1);
    expect(agreeing.label).toBe('negative');
    expect(agreeing.confidence).toBeGreaterThanOrEqual(0.9);
    expect(agreeing.confidence).toBeLessThanOrEqual(MOST_CONFIDENT);
    const leaning = withRating('Nice enough place I suppose', 1);
    expect(leaning).toMatchObject({ label: 'negative', confidence: 0.75 });
  });

  it('leaves the engine’s answer alone where the source gave no rating', () => {
    const text = 'The loaf was lovely';
    expect(withRating(text, null)).toEqual(analyseSentiment(text));
  });
});

describe('the engine’s confidence', () => {
  it('never reads as certain, whatever the text', () => {
    for (const text of [
      'Absolutely amazing, the best coffee I have ever had!!! 😍😍😍',
      'Worst service ever. Disgusting, rude, never again 😡',
      '!!!',
      '12345',
      'Open 9 to 5 on weekdays',
    ]) {
      expect(analyseSentiment(text).confidence).toBeLessThanOrEqual(MOST_CONFIDENT);
    }
  });
});

describe('complaints about change, with no negative adjective', () => {
  it.each([
    'Prices have gone up a lot and the loaf was smaller than last month',
    'The portions used to be bigger',
    'The sandwiches got smaller and went up by a pound',
    'Been waiting 40 minutes for a table',
    'They no longer do the oat flat white',
  ])('reads "%s" as negative', (text) => {
    expect(analyseSentiment(text).label).toBe('negative');
  });
});
