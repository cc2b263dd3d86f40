/**
 * What went wrong, said plainly: a complaint about an order, a delivery or a service often has no
 * opinion word at all ("the box arrived crushed", "still waiting for my refund", "nobody answered").
 * These events and outcomes count as negative evidence beside the opinion lexicon; the few plain
 * good outcomes ("arrived early", "resolved") count as positive evidence. They are merged into the
 * lexicon (lexicon.ts), so negation, clause weight and degree apply to them as to any opinion word.
 */
import type { LexiconEntry } from './lexicon.ts';

/** Single words for damage, loss, lateness and mistakes, by valence. */
const OUTCOME_WORDS: Record<string, string> = {
  '-2':
    'crushed damaged smashed shattered snapped mouldy moldy rotten expired leaky unrepaired ' +
    'undelivered unanswered misdelivered mislabelled mislabeled overcharging',
  '-1.5':
    'dented torn ripped chipped scratched scuffed stained spilled spilt squashed bent warped faded ' +
    'peeling frayed delayed overdue lost chasing chased refused declined unreturned wobbles wobbly jams ' +
    'disconnects disconnected unplugged mould mold infested unpaid shrunk shrinkflation pricier',
  '-1': 'melted soaked soggy battered cancelled canceled postponed rescheduled',
};

/** Multi-word events and outcomes; fixed ones are not flipped by a negator before them. */
const OUTCOME_PHRASES: Record<string, LexiconEntry> = {
  'never arrived': { valence: -3, fixed: true },
  'never came': { valence: -3, fixed: true },
  'never turned up': { valence: -3, fixed: true },
  'never showed up': { valence: -3, fixed: true },
  'never received': { valence: -3, fixed: true },
  'never got': { valence: -2.5, fixed: true },
  'never heard back': { valence: -3, fixed: true },
  'still waiting': { valence: -2.5, fixed: true },
  'still not': { valence: -1.5, fixed: true },
  'still no': { valence: -1.5, fixed: true },
  'still have not': { valence: -2, fixed: true },
  'still has not': { valence: -2, fixed: true },
  'still had not': { valence: -2, fixed: true },
  'still do not': { valence: -1.5, fixed: true },
  'still does not': { valence: -1.5, fixed: true },
  'still did not': { valence: -1.5, fixed: true },
  'no reply': { valence: -2, fixed: true },
  'no response': { valence: -2, fixed: true },
  'no answer': { valence: -2, fixed: true },
  'no one': { valence: -0.8, fixed: true },
  'no sign of': { valence: -2, fixed: true },
  'no refund': { valence: -2.5, fixed: true },
  'no record': { valence: -2, fixed: true },
  'no explanation': { valence: -2, fixed: true },
  'nobody answered': { valence: -2.5, fixed: true },
  'nobody replied': { valence: -2.5, fixed: true },
  'nobody picked up': { valence: -2.5, fixed: true },
  'nobody came': { valence: -2.5, fixed: true },
  'nobody called': { valence: -2.5, fixed: true },
  'nobody told': { valence: -2, fixed: true },
  'charged twice': { valence: -3, fixed: true },
  'double charged': { valence: -3, fixed: true },
  'double booked': { valence: -2.5, fixed: true },
  'on hold': { valence: -1.5, fixed: true },
  'instead of': { valence: -1, fixed: true },
  'out of date': { valence: -2, fixed: true },
  'past its': { valence: -1.5, fixed: true },
  'in pieces': { valence: -2.5, fixed: true },
  'fell off': { valence: -2, fixed: true },
  'came off': { valence: -2, fixed: true },
  'came loose': { valence: -2, fixed: true },
  'came apart': { valence: -2.5, fixed: true },
  'came back with': { valence: -1, fixed: true },
  'wrong size': { valence: -2, fixed: true },
  'wrong colour': { valence: -2, fixed: true },
  'wrong color': { valence: -2, fixed: true },
  'wrong item': { valence: -2.5, fixed: true },
  'wrong order': { valence: -2.5, fixed: true },
  'wrong address': { valence: -2.5, fixed: true },
  'wrong amount': { valence: -2.5, fixed: true },
  'wrong time': { valence: -2, fixed: true },
  'someone else': { valence: -1, fixed: true },
  'days late': { valence: -2.5, fixed: true },
  'weeks late': { valence: -2.5, fixed: true },
  'hours late': { valence: -2.5, fixed: true },
  'minutes late': { valence: -2, fixed: true },
  'day late': { valence: -2.5, fixed: true },
  'week late': { valence: -2.5, fixed: true },
  'hour late': { valence: -2.5, fixed: true },
  'stopped charging': { valence: -3, fixed: true },
  'locked out': { valence: -2, fixed: true },
  'left without': { valence: -1.5, fixed: true },
  'without any explanation': { valence: -2, fixed: true },
  // Changes for the worse: prices up, portions down, things not as they were, waits.
  'gone up': { valence: -1.5, fixed: true },
  'went up': { valence: -1.5, fixed: true },
  'going up': { valence: -1.2, fixed: true },
  'put up': { valence: -1, fixed: true },
  'price rise': { valence: -1.5, fixed: true },
  'price hike': { valence: -2, fixed: true },
  'price increase': { valence: -1.5, fixed: true },
  'more expensive': { valence: -1.5, fixed: true },
  'smaller than': { valence: -1.5, fixed: true },
  'got smaller': { valence: -2, fixed: true },
  'less than before': { valence: -1.5, fixed: true },
  'used to be': { valence: -1.5, fixed: true },
  'not what it was': { valence: -2, fixed: true },
  'no longer': { valence: -1.2, fixed: true },
  'been waiting': { valence: -1.5, fixed: true },
  'kept waiting': { valence: -2, fixed: true },
  'left waiting': { valence: -2, fixed: true },
  'no charge': { valence: 1.5, fixed: true },
  'no extra charge': { valence: 1.5, fixed: true },
  'free of charge': { valence: 1.5, fixed: true },
  'without any fuss': { valence: 1.5, fixed: true },
  'without fuss': { valence: 1.5, fixed: true },
  'no fuss': { valence: 1.5, fixed: true },
  'no questions asked': { valence: 1.5, fixed: true },
  'recommend them enough': { valence: 3, fixed: true },
  'recommend it enough': { valence: 3, fixed: true },
  'recommend enough': { valence: 3, fixed: true },
  'recommend them more': { valence: 3, fixed: true },
  'recommend it more': { valence: 3, fixed: true },
  'recommend them highly enough': { valence: 3, fixed: true },
  'recommend it highly enough': { valence: 3, fixed: true },
  'be happier': { valence: 3, fixed: true },
  'been happier': { valence: 3, fixed: true },
  'arrived early': { valence: 2, fixed: true },
  'on time': { valence: 1.5 },
  'ahead of schedule': { valence: 2, fixed: true },
  'same day': { valence: 1 },
  intact: { valence: 1.5 },
  resolved: { valence: 1.5 },
  'sorted out': { valence: 1.5 },
  answered: { valence: 0.5, negated: -2.5 },
  replied: { valence: 0.5, negated: -2.5 },
  responded: { valence: 0.5, negated: -2.5 },
  received: { valence: 0, negated: -2 },
  came: { valence: 0, negated: -1.5 },
  turned: { valence: 0, negated: -2 },
};

export function outcomeEntries(): [string, LexiconEntry][] {
  const entries: [string, LexiconEntry][] = [];
  for (const [value, words] of Object.entries(OUTCOME_WORDS)) {
    for (const word of words.split(/\s+/).filter(Boolean)) entries.push([word, { valence: Number(value) }]);
  }
  return [...entries, ...Object.entries(OUTCOME_PHRASES)];
}

/** The keys of the outcome entries, so features can tell an outcome from an opinion word. */
export const OUTCOME_KEYS: ReadonlySet<string> = new Set(outcomeEntries().map(([key]) => key));
