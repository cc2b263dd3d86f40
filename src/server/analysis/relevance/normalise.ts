/**
 * Text folded to one spelling for matching names and terms: case, accents, possessives,
 * apostrophes, ampersands and punctuation do not make "Pedal & Co's" a different name from
 * "pedal and co".
 */

/** Accents removed, curly apostrophes straightened; case kept. */
function unaccented(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2018\u2019\u02bc\u00b4`]/g, "'");
}

/**
 * The words of a text as written (case kept): "&" and "+" read as "and", possessives ("Co's",
 * "Brothers'") lose their ending, and every other mark separates words. Dots inside a word
 * ("pedalandco.com") separate too, so a domain is also a run of words.
 */
export function casedWordsOf(text: string): string[] {
  return unaccented(text)
    .replace(/[&+]/g, ' and ')
    .replace(/(\p{L}|\p{N})'s\b/giu, '$1')
    .replace(/(\p{L})(s)'(?!\p{L})/giu, '$1$2')
    .replace(/'/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** casedWordsOf in lower case: the form names and terms are compared in. */
export function wordsOf(text: string): string[] {
  return casedWordsOf(text).map((word) => word.toLowerCase());
}

/** A name or term as one run of letters and digits ("Pedal & Co" → "pedalandco"). */
export function compactOf(text: string): string {
  return wordsOf(text).join('');
}

/** Where `phrase` occurs in `words` as whole consecutive words; -1 when it does not. */
export function indexOfPhrase(words: readonly string[], phrase: readonly string[]): number {
  if (phrase.length === 0 || phrase.length > words.length) return -1;
  outer: for (let start = 0; start + phrase.length <= words.length; start++) {
    for (let offset = 0; offset < phrase.length; offset++) {
      if (words[start + offset] !== phrase[offset]) continue outer;
    }
    return start;
  }
  return -1;
}

/** The host of an address without "www.", lower case; null when it is not an address. */
export function hostOf(address: string | null | undefined): string | null {
  if (!address?.trim()) return null;
  try {
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(address.trim()) ? address.trim() : `https://${address.trim()}`;
    return new URL(withScheme).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** Whether `host` is `domain` or one of its subdomains. */
export function isOnDomain(host: string | null, domain: string): boolean {
  return host !== null && (host === domain || host.endsWith(`.${domain}`));
}
