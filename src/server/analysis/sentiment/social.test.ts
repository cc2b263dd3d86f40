import { describe, expect, it } from 'vitest';
import { analyseRules } from './rules.ts';
import { hashtagWords, unstretched } from './social.ts';
import { tokenise } from './tokenise.ts';

const words = (text: string) => tokenise(text).map((token) => token.norm);
const compound = (text: string) => analyseRules(tokenise(text)).compound;

describe('social writing', () => {
  it('reads a hashtag as its words', () => {
    expect(hashtagWords('NeverAgain')).toBe('never again');
    expect(hashtagWords('worst_service_ever')).toBe('worst service ever');
    expect(hashtagWords('BBCNews')).toBe('bbc news');
    expect(hashtagWords('Top10')).toBe('top 10');
    expect(words('Queued an hour #NeverAgain')).toEqual(['queued', 'an', 'hour', 'never', 'again']);
    expect(compound('Lost my parcel #fail')).toBeLessThan(0);
  });

  it('leaves handles out and keeps e-mail addresses and figures', () => {
    expect(words('@BakeryCo @user thanks')).toEqual(['thanks']);
    expect(words('write to help@bakery.co.uk')).toEqual(['write', 'to', 'help', 'bakery', '.', 'co', '.', 'uk']);
    expect(words('We are #1 in town')).toEqual(['we', 'are', '1', 'in', 'town']);
  });

  it('reads a stretched word as the word, with emphasis', () => {
    const known = (word: string) => ['good', 'so', 'no'].includes(word);
    expect(unstretched('goooood', known)).toBe('good');
    expect(unstretched('sooo', known)).toBe('so');
    expect(unstretched('nooooo', known)).toBe('no');
    expect(unstretched('yesss', known)).toBe('yess');
    expect(unstretched('good', known)).toBeNull();
    const [stretched] = tokenise('goooood');
    expect(stretched).toMatchObject({ norm: 'good', stretched: true });
    expect(compound('sooo goooood')).toBeGreaterThan(compound('so good'));
  });

  it('rates emoji and emoticons beyond the hand-set ones', () => {
    expect(compound('the new menu 😂')).toBeGreaterThan(0);
    expect(compound('the new menu 😤')).toBeLessThan(0);
    expect(compound('the new menu >:(')).toBeLessThan(0);
    expect(tokenise('>:(').map((token) => token.kind)).toEqual(['emoticon']);
    // a letter or figure before a bracket is ordinary writing, not a face
    expect(tokenise('see plan B) or page 8)').some((token) => token.kind === 'emoticon')).toBe(false);
  });
});
