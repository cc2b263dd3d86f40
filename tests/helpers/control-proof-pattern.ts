/**
 * Whether a regular expression can only match text without control characters: what lets a
 * format-checked string (an id, a date, an e-mail address, a choice spelled as a pattern) stand
 * without ZText. Read conservatively: a pattern this cannot vouch for counts as free text.
 */

const controlCharacters = Array.from({ length: 0xa0 }, (_, code) => String.fromCharCode(code)).filter(
  (_, code) => code <= 0x1f || code >= 0x7f,
);

type Token = { kind: 'atom'; text: string } | { kind: 'start' | 'end' | 'other' };
type ReadPattern = { branches: Token[][]; atoms: string[] };

/** A quantifier such as {2} or {1,30}: anything else opening with { is a literal brace. */
const bracedQuantifier = /^\{\d+(?:,\d*)?\}/;

/** The length of the escape at `index` (a backslash): 0 for a zero-width assertion, -1 when unread. */
function escapeLength(source: string, index: number): number {
  const next = source[index + 1];
  if (next === 'b' || next === 'B') return 0;
  const closedBy = (closing: string) => {
    const end = source.indexOf(closing, index);
    return end < 0 ? -1 : end - index + 1;
  };
  if ((next === 'u' || next === 'p' || next === 'P') && source[index + 2] === '{') return closedBy('}');
  if (next === 'u') return 6;
  if (next === 'x') return 4;
  if (next === 'c') return 3;
  if (next === 'k' && source[index + 2] === '<') return closedBy('>');
  // \1 is a back reference, or an octal escape such as \12 (a line feed): both are kept as atoms
  // and probed as octal escapes, which refuses them when in doubt.
  if (next && /\d/.test(next)) return (/^\d+/.exec(source.slice(index + 1))?.[0].length ?? 0) + 1;
  return 2;
}

/** The prefix of a group: ( (?: (?= (?! (?<= (?<! (?<name> — null for one not read here (flag modifiers). */
function groupPrefixLength(source: string, index: number): number | null {
  if (source[index + 1] !== '?') return 1;
  const prefix = /^\(\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(index))?.[0];
  return prefix ? prefix.length : null;
}

/** The index just past the character class opening at `index`. */
function classEnd(source: string, index: number): number {
  let at = index + 1;
  while (at < source.length && source[at] !== ']') at += source[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** The pattern's top-level branches as tokens, and the text of every atom that consumes a character. */
function readPattern(source: string): ReadPattern | null {
  const branches: Token[][] = [[]];
  const atoms: string[] = [];
  let depth = 0;
  let index = 0;
  const add = (token: Token) => branches.at(-1)?.push(token);
  const atom = (text: string) => {
    atoms.push(text);
    add({ kind: 'atom', text });
  };
  while (index < source.length) {
    const character = source[index] as string;
    if (character === '\\') {
      const length = escapeLength(source, index);
      if (length < 0) return null;
      if (length === 0) add({ kind: 'other' });
      else atom(source.slice(index, index + length));
      index += Math.max(length, 2);
    } else if (character === '[') {
      const end = classEnd(source, index);
      atom(source.slice(index, end));
      index = end;
    } else if (character === '(') {
      const length = groupPrefixLength(source, index);
      if (length === null) return null;
      depth += 1;
      add({ kind: 'other' });
      index += length;
    } else if (character === ')') {
      depth -= 1;
      add({ kind: 'other' });
      index += 1;
    } else if (character === '|' && depth === 0) {
      branches.push([]);
      index += 1;
    } else if (character === '{' && bracedQuantifier.test(source.slice(index))) {
      add({ kind: 'other' });
      index += bracedQuantifier.exec(source.slice(index))?.[0].length ?? 1;
    } else if ('*+?|'.includes(character)) {
      add({ kind: 'other' });
      index += 1;
    } else if (character === '^' || character === '$') {
      add({ kind: character === '^' ? 'start' : 'end' });
      index += 1;
    } else {
      const length = (source.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
      atom(source.slice(index, index + length));
      index += length;
    }
  }
  return { branches, atoms };
}

/**
 * True when every match of the pattern is free of control characters: each top-level branch is
 * anchored at both ends (so the atoms consume the whole text) and no atom — a character, escape,
 * class or dot — matches a control character under the pattern's own flags.
 */
export function patternRefusesControlCharacters(pattern: RegExp): boolean {
  // m lets ^ and $ match at line breaks; v's nested classes are not read here.
  if (/[mv]/.test(pattern.flags)) return false;
  const read = readPattern(pattern.source);
  if (!read) return false;
  const anchored = read.branches.every((tokens) => tokens[0]?.kind === 'start' && tokens.at(-1)?.kind === 'end');
  if (!anchored) return false;
  const flags = pattern.flags.replace(/[gyd]/g, '');
  return read.atoms.every((text) => {
    try {
      const probe = new RegExp(`^(?:${text})$`, flags);
      return controlCharacters.every((character) => !probe.test(character));
    } catch {
      // an atom that means nothing on its own (a named back reference): not vouched for
      return false;
    }
  });
}
