import { type SQL, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type, for the generated search column. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What mention and ad search reads: lower case, Latin accents folded (é is e, ñ is n, ł is l) by translate(), an
 * immutable built-in that PGlite has too, split into words by the 'simple' configuration (no
 * stemming: a brand name is searched as written). The query side folds its words the same way.
 */
export const ACCENTED = 'áàâäãåāăąçćčďéèêëēėęěğíìîïīįıľłñńňóòôöõøōőŕřśšşťúùûüūůűųýÿžźż';
export const UNACCENTED = 'aaaaaaaaacccdeeeeeeeegiiiiiiillnnnoooooooorrssstuuuuuuuuyyzzz';
export const foldedSearchText = (text: SQL) =>
  sql`translate(lower(${text}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${UNACCENTED}'`)})`;
export const searchVectorOf = (text: SQL) => sql`to_tsvector('simple'::regconfig, ${foldedSearchText(text)})`;

/** The same folding for a search typed by a person, in JavaScript, so both sides meet. */
export function foldSearchWords(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) {
    const at = ACCENTED.indexOf(char);
    folded += at === -1 ? char : UNACCENTED[at];
  }
  return folded;
}
