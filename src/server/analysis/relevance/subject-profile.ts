/**
 * What a brand or competitor is called and how it is reached, prepared once for scoring many
 * items: its name as words (and the spellings people use for it), its website's domain, its
 * handles, and the terms its owner added.
 */
import { COMMON_WORDS, NAME_FILLERS } from './common-words.ts';
import { hostOf, wordsOf } from './normalise.ts';

/** The brand or competitor that mentions are scored against. */
export type RelevanceSubject = {
  name: string;
  websiteUrl?: string | null;
  /** social handles or profile addresses ("@pedalandco", "instagram.com/pedalandco") */
  handles?: readonly (string | null | undefined)[];
  /** "required" terms: a mention by name alone must also contain one of these, when there are any */
  includeTerms?: readonly string[];
  /** a mention containing one of these is not about the subject */
  excludeTerms?: readonly string[];
};

export type Term = { text: string; words: string[]; compact: string };

export type SubjectProfile = {
  name: string;
  /** the name's spellings as word runs: "pedal and co", "pedal co", "pedal n co" */
  namePhrases: string[][];
  /** the name written as one word, as in hashtags and handles ("pedalandco") */
  compactNames: Set<string>;
  /**
   * How much the bare name says: 'distinctive' (a coined or unusual name), 'proper-noun' (several
   * everyday words, which count only written with capitals as a name), 'common' (one everyday
   * word: "Apple", "Bloom"), which never counts alone.
   */
  nameStrength: 'distinctive' | 'proper-noun' | 'common';
  /** the website's domain, without www; null when it has none or it is not the brand's own */
  domain: string | null;
  handles: Set<string>;
  include: Term[];
  exclude: Term[];
};

/** Sites where an address names the platform, not the brand: their domain says nothing. */
const SHARED_HOSTS = new Set([
  'facebook.com',
  'instagram.com',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'tiktok.com',
  'youtube.com',
  'etsy.com',
  'linktr.ee',
  'google.com',
  'sites.google.com',
  'wix.com',
  'squarespace.com',
  'shopify.com',
]);

const CONNECTORS = new Set(['and', 'n', 'of', 'the']);
const HANDLE = /^[a-z0-9_.]{2,60}$/;

export function termOf(text: string): Term | null {
  const words = wordsOf(text);
  return words.length > 0 ? { text: text.trim(), words, compact: words.join('') } : null;
}

/** The brand's name without a leading "The" or a trailing company form ("Ltd", "Inc"). */
function nameWords(name: string): string[] {
  const words = wordsOf(name);
  while (words.length > 1 && NAME_FILLERS.has(words[0]!)) words.shift();
  while (words.length > 1 && NAME_FILLERS.has(words[words.length - 1]!)) words.pop();
  return words;
}

/** "pedal and co" is also written "pedal co" and "pedal n co". */
function spellingsOf(words: string[]): string[][] {
  const spellings = [words];
  const and = words.indexOf('and');
  if (and > 0 && and < words.length - 1) {
    spellings.push(words.filter((_, index) => index !== and));
    spellings.push(words.map((word, index) => (index === and ? 'n' : word)));
  }
  return spellings;
}

function strengthOf(words: string[]): SubjectProfile['nameStrength'] {
  const significant = words.filter((word) => !CONNECTORS.has(word));
  const everyday = (word: string) => COMMON_WORDS.has(word) || /^\d+$/.test(word);
  if (significant.length <= 1 && significant.every(everyday)) return 'common';
  if (words.every((word) => CONNECTORS.has(word) || everyday(word))) return 'proper-noun';
  return 'distinctive';
}

/** A handle from "@pedalandco", "pedalandco" or a profile address; null when it is none. */
export function handleOf(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let handle = text;
  if (/[/.]/.test(text) && /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}\//i.test(text)) {
    const path = text
      .replace(/^https?:\/\//i, '')
      .split(/[?#]/)[0]!
      .split('/')
      .filter(Boolean);
    handle = path[path.length - 1] ?? '';
  }
  handle = handle.replace(/^@/, '').toLowerCase();
  return HANDLE.test(handle) ? handle : null;
}

function ownDomain(websiteUrl: string | null | undefined): string | null {
  const host = hostOf(websiteUrl);
  if (!host || SHARED_HOSTS.has(host)) return null;
  // An address like 127.0.0.1 is not a name anyone writes about a brand.
  if (/^[\d.]+$/.test(host) || host.includes(':') || !host.includes('.')) return null;
  return host;
}

export function profileOf(subject: RelevanceSubject): SubjectProfile {
  const words = nameWords(subject.name);
  const namePhrases = words.length > 0 ? spellingsOf(words) : [];
  const compactNames = new Set(namePhrases.map((phrase) => phrase.join('')).filter((compact) => compact.length >= 4));
  const handles = new Set((subject.handles ?? []).map(handleOf).filter((handle): handle is string => handle !== null));
  const terms = (list: readonly string[] | undefined) =>
    (list ?? []).map(termOf).filter((term): term is Term => term !== null);
  return {
    name: subject.name,
    namePhrases,
    compactNames,
    nameStrength: strengthOf(words),
    domain: ownDomain(subject.websiteUrl),
    handles,
    include: terms(subject.includeTerms),
    exclude: terms(subject.excludeTerms),
  };
}
