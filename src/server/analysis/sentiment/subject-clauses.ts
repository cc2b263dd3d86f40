/**
 * A text that compares subjects ("Hearth's mugs chipped in the post, Kiln packed theirs far
 * better") takes a side about each, clause by clause. When a mention is stored for one subject and
 * names another too, its sentiment is read from the clauses about that subject: those naming it,
 * and those naming nobody that follow them ("..., and the handle broke" is still about the mugs'
 * maker). A text that names no other subject, or does not name this one, is read whole.
 */

export type SubjectNames = {
  /** the names of the subject the mention is stored for */
  own: readonly string[];
  /** the other subjects' names (the brand and its competitors) */
  others: readonly string[];
};

/** Sentence ends and semicolons, commas, and the connectives that turn from one subject to another. */
const CLAUSE_BREAK = /(?<=[.!?;])\s+|[,;:–—]\s*|\s+(?:but|whereas|while|whilst|unlike|meanwhile|however)\s+/iu;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a clause names any of the names as words (case apart; "Kiln's" names Kiln). */
function namePattern(names: readonly string[]): RegExp | null {
  const usable = names.map((name) => name.trim()).filter((name) => name.length >= 2);
  if (usable.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${usable.map(escaped).join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

export function clausesAbout(text: string, names: SubjectNames): string | null {
  const own = namePattern(names.own);
  const others = namePattern(names.others.filter((name) => !names.own.some((mine) => sameName(mine, name))));
  if (!own || !others || !own.test(text) || !others.test(text)) return null;
  const kept: string[] = [];
  let current: 'own' | 'other' | null = null;
  for (const clause of text.split(CLAUSE_BREAK)) {
    if (!clause?.trim()) continue;
    const namesOwn = own.test(clause);
    const namesOther = others.test(clause);
    if (namesOwn) current = 'own';
    else if (namesOther) current = 'other';
    if (current === 'own') kept.push(clause.trim());
  }
  return kept.length > 0 ? kept.join(', ') : null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
