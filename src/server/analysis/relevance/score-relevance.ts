/**
 * How sure we are that a collected mention is about a brand (or a competitor), from what it says:
 *
 * - an exclusion term anywhere in it: not about the subject (0.05), whatever else it says;
 * - the website's domain (with or without www, in the text or as the item's own address) or one
 *   of its handles (@handle, a #hashtag of the name or a handle, the author being the brand):
 *   about it (0.95, 1 with the name too);
 * - the name, when the name is distinctive (or several everyday words written as a name, "Blue
 *   Bottle"): about it (0.8, 0.9 with a required term, 1 with two), unless the subject has
 *   required terms and the item has none of them (0.4);
 * - a name that is one everyday word ("Apple", "Bloom"): about it only with a required term
 *   (0.7, 0.8 with two); the bare word is 0.25;
 * - the source is dedicated to the subject (its title or address names it, as a brand's page on a
 *   review site or a forum thread about it does) and is not a search (Google Alerts, a news
 *   search), whose results must each name the subject: about it (0.75, more with the name);
 * - required terms without the name: 0.2 / 0.3; nothing: 0.
 *
 * An item is relevant at RELEVANCE_THRESHOLD (0.5) or above.
 */
import { casedWordsOf, hostOf, indexOfPhrase, isOnDomain, wordsOf } from './normalise.ts';
import type { SubjectProfile, Term } from './subject-profile.ts';
import { handleOf } from './subject-profile.ts';

export const RELEVANCE_THRESHOLD = 0.5;

/** One collected item: a feed entry, a post, a review. */
export type RelevanceItem = {
  title?: string | null;
  body: string;
  author?: string | null;
  url?: string | null;
  /** the feed or page the item was read from */
  source?: { title: string | null; url: string | null; isSearch: boolean } | null;
};

export type RelevancePlace = 'title' | 'body' | 'author' | 'url' | 'source';
export type RelevanceSignal =
  | 'name'
  | 'common-name'
  | 'domain'
  | 'handle'
  | 'hashtag'
  | 'include'
  | 'exclude'
  | 'source';

export type RelevanceMatch = { signal: RelevanceSignal; term: string; where: RelevancePlace };

export type Relevance = { score: number; isRelevant: boolean; matches: RelevanceMatch[] };

type Field = { where: RelevancePlace; raw: string; cased: string[]; words: string[]; hashtags: Set<string> };

const HASHTAG = /#([\p{L}\p{N}_]{2,})/gu;

function fieldOf(where: RelevancePlace, raw: string): Field {
  const cased = casedWordsOf(raw);
  const hashtags = new Set([...raw.matchAll(HASHTAG)].map((match) => wordsOf(match[1]!).join('')));
  return { where, raw, cased, words: cased.map((word) => word.toLowerCase()), hashtags };
}

const CONNECTORS = new Set(['and', 'n', 'of', 'the']);

/** The phrase occurs with each of its words capitalised, as a name is written. */
function writtenAsName(field: Field, phrase: string[]): boolean {
  for (let start = 0; start + phrase.length <= field.words.length; start++) {
    const here = phrase.every((word, offset) => field.words[start + offset] === word);
    if (!here) continue;
    const capitalised = phrase.every((word, offset) => {
      if (CONNECTORS.has(word)) return true;
      const first = field.cased[start + offset]![0]!;
      return first !== first.toLowerCase();
    });
    if (capitalised) return true;
  }
  return false;
}

/** The term as a phrase (its last word also in the plural: "bouquet" finds "bouquets") or a hashtag. */
function hasTerm(field: Field, term: Term): boolean {
  const last = term.words[term.words.length - 1]!;
  const plurals = [`${last}s`, `${last}es`].map((plural) => [...term.words.slice(0, -1), plural]);
  return (
    [term.words, ...plurals].some((words) => indexOfPhrase(field.words, words) >= 0) || field.hashtags.has(term.compact)
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function findName(profile: SubjectProfile, field: Field): RelevanceSignal | null {
  for (const phrase of profile.namePhrases) {
    if (indexOfPhrase(field.words, phrase) < 0) continue;
    if (profile.nameStrength === 'distinctive') return 'name';
    if (profile.nameStrength === 'proper-noun' && writtenAsName(field, phrase)) return 'name';
    return 'common-name';
  }
  // "PedalAndCo" written as one word, outside a hashtag
  if (profile.nameStrength !== 'common' && field.words.some((word) => profile.compactNames.has(word))) return 'name';
  return null;
}

function identifiersIn(profile: SubjectProfile, field: Field): RelevanceMatch[] {
  const found: RelevanceMatch[] = [];
  const lower = field.raw.toLowerCase();
  if (profile.domain) {
    const domain = new RegExp(`(?<![a-z0-9.-])(www\\.)?${escapeRegExp(profile.domain)}(?![a-z0-9-])`);
    if (domain.test(lower)) found.push({ signal: 'domain', term: profile.domain, where: field.where });
  }
  for (const handle of profile.handles) {
    if (new RegExp(`(^|[^\\w@])@${escapeRegExp(handle)}(?![\\w])`, 'i').test(field.raw)) {
      found.push({ signal: 'handle', term: `@${handle}`, where: field.where });
    }
  }
  for (const tag of field.hashtags) {
    const ofName = profile.compactNames.has(tag) && profile.nameStrength !== 'common';
    if (ofName || profile.handles.has(tag)) found.push({ signal: 'hashtag', term: `#${tag}`, where: field.where });
  }
  return found;
}

/** The item's own address: on the subject's domain, or a profile page of one of its handles. */
function urlMatches(profile: SubjectProfile, url: string): RelevanceMatch[] {
  const host = hostOf(url);
  if (profile.domain && isOnDomain(host, profile.domain))
    return [{ signal: 'domain', term: profile.domain, where: 'url' }];
  const handle = handleOf(url);
  if (handle && profile.handles.has(handle)) return [{ signal: 'handle', term: `@${handle}`, where: 'url' }];
  return [];
}

/** The author is the subject itself: one of its handles, or its name. */
function authorMatches(profile: SubjectProfile, author: string): RelevanceMatch[] {
  const handle = handleOf(author);
  if (handle && profile.handles.has(handle)) return [{ signal: 'handle', term: `@${handle}`, where: 'author' }];
  const words = wordsOf(author).join(' ');
  if (profile.namePhrases.some((phrase) => phrase.join(' ') === words) && profile.nameStrength !== 'common') {
    return [{ signal: 'name', term: profile.name, where: 'author' }];
  }
  return [];
}

/** The source's own title or address names the subject, and it is not a search. */
function sourceMatches(profile: SubjectProfile, source: NonNullable<RelevanceItem['source']>): RelevanceMatch[] {
  if (source.isSearch) return [];
  const title = fieldOf('source', source.title ?? '');
  const named = findName(profile, title) === 'name' || identifiersIn(profile, title).length > 0;
  const onSite = source.url ? urlMatches(profile, source.url).length > 0 : false;
  return named || onSite ? [{ signal: 'source', term: source.title || source.url || '', where: 'source' }] : [];
}

function collect(profile: SubjectProfile, item: RelevanceItem): RelevanceMatch[] {
  const fields = [fieldOf('title', item.title ?? ''), fieldOf('body', item.body)];
  const matches: RelevanceMatch[] = [];
  const add = (match: RelevanceMatch) => {
    if (!matches.some((known) => known.signal === match.signal && known.term === match.term)) matches.push(match);
  };
  for (const field of fields) {
    const name = findName(profile, field);
    if (name) add({ signal: name, term: profile.name, where: field.where });
    identifiersIn(profile, field).forEach(add);
    for (const term of profile.include)
      if (hasTerm(field, term)) add({ signal: 'include', term: term.text, where: field.where });
    for (const term of profile.exclude)
      if (hasTerm(field, term)) add({ signal: 'exclude', term: term.text, where: field.where });
  }
  if (item.url) urlMatches(profile, item.url).forEach(add);
  if (item.author) authorMatches(profile, item.author).forEach(add);
  if (item.source) sourceMatches(profile, item.source).forEach(add);
  return matches;
}

function scoreOf(profile: SubjectProfile, matches: readonly RelevanceMatch[]): number {
  const has = (signal: RelevanceSignal) => matches.some((match) => match.signal === signal);
  const required = Math.min(2, matches.filter((match) => match.signal === 'include').length);
  if (has('exclude')) return 0.05;
  if (has('domain') || has('handle') || has('hashtag')) return has('name') ? 1 : 0.95;
  if (has('source')) return has('name') ? 0.9 : 0.75;
  if (has('name')) {
    if (profile.include.length > 0 && required === 0) return 0.4;
    return 0.8 + 0.1 * required;
  }
  if (has('common-name')) return required > 0 ? 0.6 + 0.1 * required : 0.25;
  return 0.1 * required + (required > 0 ? 0.1 : 0);
}

/** Scores one item against a subject's profile (see the rule above). */
export function scoreRelevance(profile: SubjectProfile, item: RelevanceItem): Relevance {
  const matches = collect(profile, item);
  const score = Math.round(scoreOf(profile, matches) * 100) / 100;
  return { score, isRelevant: score >= RELEVANCE_THRESHOLD, matches };
}
