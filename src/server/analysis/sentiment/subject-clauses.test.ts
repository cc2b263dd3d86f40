import { describe, expect, it } from 'vitest';
import { analyseSentiment, sentimentEngineReady } from './index.ts';
import { clausesAbout } from './subject-clauses.ts';

// the engine's weights load at first need
await sentimentEngineReady();

const hearth = { own: ['Hearth'], others: ['Kiln', 'Crumb & Co'] };
const kiln = { own: ['Kiln'], others: ['Hearth', 'Crumb & Co'] };
const compared = "Hearth's mugs chipped in the post, Kiln packed theirs far better";

describe('a mention judged for each subject it names', () => {
  it('reads each subject from its own clauses', () => {
    expect(clausesAbout(compared, hearth)).toBe("Hearth's mugs chipped in the post");
    expect(clausesAbout(compared, kiln)).toBe('Kiln packed theirs far better');
    expect(analyseSentiment(clausesAbout(compared, hearth) ?? '').label).toBe('negative');
    expect(analyseSentiment(clausesAbout(compared, kiln) ?? '').label).toBe('positive');
  });

  it('keeps the unnamed clauses that follow a subject with it', () => {
    const text = 'Loved the sourdough at Kiln. Crumb & Co was shut again, and nobody answered the phone.';
    expect(clausesAbout(text, { own: ['Crumb & Co'], others: ['Kiln'] })).toBe(
      'Crumb & Co was shut again, and nobody answered the phone.',
    );
    expect(clausesAbout(text, { own: ['Kiln'], others: ['Crumb & Co'] })).toBe('Loved the sourdough at Kiln.');
  });

  it('splits at a turn between subjects', () => {
    expect(clausesAbout('Kiln is lovely but Hearth is overpriced', hearth)).toBe('Hearth is overpriced');
    expect(clausesAbout('Kiln is lovely whereas Hearth is overpriced', kiln)).toBe('Kiln is lovely');
  });

  it('reads the whole text when it names no other subject, or not this one', () => {
    expect(clausesAbout('Hearth mugs are lovely, the post was slow', hearth)).toBeNull();
    expect(clausesAbout('The mugs were lovely, Kiln was slow', hearth)).toBeNull();
    expect(clausesAbout(compared, { own: ['Hearth'], others: [] })).toBeNull();
  });

  it('matches names as words, whatever their case', () => {
    expect(clausesAbout('hearthstone is a game, Kiln is great', hearth)).toBeNull();
    expect(clausesAbout('HEARTH was rude, kiln was kind', hearth)).toBe('HEARTH was rude');
  });
});
