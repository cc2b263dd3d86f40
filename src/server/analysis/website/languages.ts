/**
 * Language-code validity, from axe-core's list of ISO 639 codes (the list Lighthouse's hreflang
 * audit uses too).
 */
import axe from 'axe-core';

const utils = axe.utils as unknown as { isValidLang?: (code: string) => boolean };

/** Whether `code` (a primary language subtag, e.g. 'en') is a known language. */
export function isValidLanguageCode(code: string): boolean {
  const primary = code.trim().toLowerCase();
  if (!/^[a-z]{2,3}$/.test(primary)) return false;
  return utils.isValidLang ? utils.isValidLang(primary) : true;
}
