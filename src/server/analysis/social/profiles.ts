/**
 * Handle consistency (the declared handles agree across platforms and are valid usernames) and
 * profile links (the website links to each declared profile, and to no conflicting one).
 */
import { type CheckMeta, countOf, makeCheck, partOf, verbForPart } from '../scoring/check-result.ts';
import type { CheckResult, Evidence } from '../types.ts';
import type { HtmlPage } from '../website/pages.ts';
import {
  type BrandHandles,
  comparableHandles,
  DECLARABLE_PLATFORMS,
  type DeclarablePlatform,
  declaredProfile,
  HANDLE_FIELDS,
  HANDLE_RULES,
  nameOfHandle,
  nearIdentical,
  PLATFORM_LABELS,
  type Platform,
  type Profile,
  profileFromUrl,
  sameHandle,
} from './handles.ts';

const meta = (group: string, id: string, title: string): CheckMeta => ({
  id: `social.${id}`,
  area: 'socialMedia',
  group,
  title,
});

export type Declared = { platform: DeclarablePlatform; raw: string; profile: Profile | null; wrongPlatform?: Platform };

export function declaredHandles(handles: BrandHandles): Declared[] {
  const declared: Declared[] = [];
  for (const platform of DECLARABLE_PLATFORMS) {
    const parsed = declaredProfile(platform, handles[HANDLE_FIELDS[platform]]);
    if (parsed) declared.push({ platform, ...parsed });
  }
  return declared;
}

export function checkHandleConsistency(declared: Declared[]): CheckResult {
  const check = meta('handleConsistency', 'handle-consistency', 'Handles are the same on every platform');
  const usable = declared.filter((item) => item.profile && item.profile.platform === item.platform);
  if (usable.length < 2) {
    return makeCheck(
      check,
      'not_applicable',
      `${usable.length === 1 ? 'Only 1 handle is' : 'No handles are'} declared; consistency needs at least 2`,
    );
  }
  // The reference is the declared handle that most others are the same as (ties: the first declared).
  const profiles = usable.map((item) => item.profile!);
  const sameCount = (candidate: Profile) => profiles.filter((other) => sameHandle(candidate, other)).length;
  const referenceProfile = profiles.reduce((best, candidate) =>
    sameCount(candidate) > sameCount(best) ? candidate : best,
  );
  // named by the part that is compared: 'northwind' for northwind.bsky.social or northwind@mastodon.social
  const reference = nameOfHandle(referenceProfile);
  const evidence: Evidence[] = usable.map((item) => {
    const own = item.profile!;
    const relation = sameHandle(own, referenceProfile)
      ? 'same'
      : nearIdentical(...comparableHandles(own, referenceProfile))
        ? 'near-identical'
        : 'different';
    return { url: own.url, selector: PLATFORM_LABELS[item.platform], value: own.handle, note: relation };
  });
  const different = evidence.filter((item) => item.note === 'different');
  const near = evidence.filter((item) => item.note === 'near-identical');
  if (different.length > 0) {
    return makeCheck(
      check,
      'fail',
      `${partOf(different.length, usable.length, 'handle')} ${verbForPart(different.length, usable.length, 'differs', 'differ')} from "${reference}": ${different.map((item) => `${item.selector} ${item.value}`).join(', ')}`,
      different,
    );
  }
  if (near.length > 0) {
    return makeCheck(
      check,
      'pass',
      `All ${countOf(usable.length, 'handle')} are the same or near-identical ("${reference}")`,
      evidence,
    );
  }
  return makeCheck(check, 'pass', `All ${countOf(usable.length, 'handle')} are the same ("${reference}")`, evidence);
}

export function checkHandlesValid(declared: Declared[]): CheckResult {
  const check = meta('handleConsistency', 'handle-valid', 'Handles are valid usernames on their platforms');
  if (declared.length === 0) return makeCheck(check, 'not_applicable', 'No social handles are declared');
  const evidence: Evidence[] = [];
  for (const item of declared) {
    const label = PLATFORM_LABELS[item.platform];
    if (item.wrongPlatform) {
      evidence.push({
        selector: label,
        value: item.raw,
        note: `This is a ${PLATFORM_LABELS[item.wrongPlatform]} link`,
      });
    } else if (!item.profile) {
      evidence.push({ selector: label, value: item.raw, note: 'Not a profile address' });
    } else if (!HANDLE_RULES[item.platform].pattern.test(item.profile.handle)) {
      evidence.push({
        selector: label,
        value: item.raw,
        note: `${label} usernames use ${HANDLE_RULES[item.platform].rule}`,
      });
    }
  }
  if (evidence.length > 0) {
    return makeCheck(
      check,
      'fail',
      `${partOf(evidence.length, declared.length, 'declared handle')} ${verbForPart(evidence.length, declared.length, 'is', 'are')} not a valid username`,
      evidence,
    );
  }
  return makeCheck(
    check,
    'pass',
    declared.length === 1
      ? 'The declared handle is a valid username'
      : `All ${declared.length} declared handles are valid usernames`,
    declared.map((item) => ({
      url: item.profile!.url,
      selector: PLATFORM_LABELS[item.platform],
      value: item.profile!.handle,
    })),
  );
}

type FoundLink = { profile: Profile; pageUrl: string };

/**
 * Every social profile the pages link to, once per platform and account, in page order: anchors,
 * and rel="me" links in the head. A Mastodon link counts on a known instance, on the instance the
 * brand declared, or when it says rel="me" (see open-network-links.ts).
 */
export function profileLinksOf(pages: HtmlPage[], declared: Declared[] = []): FoundLink[] {
  const mastodonInstances = declared
    .filter((item) => item.platform === 'mastodon' && item.profile)
    .map((item) => item.profile!.handle.split('@')[1]!);
  const found = new Map<string, FoundLink>();
  for (const { url, $ } of pages) {
    $('a[href], link[rel][href]').each((_, element) => {
      const rel = (element.attribs.rel ?? '').toLowerCase().split(/\s+/);
      if (element.tagName === 'link' && !rel.includes('me')) return;
      const profile = profileFromUrl(element.attribs.href ?? '', { relMe: rel.includes('me'), mastodonInstances });
      if (!profile) return;
      const id = `${profile.platform}:${profile.key}`;
      if (!found.has(id)) found.set(id, { profile, pageUrl: url });
    });
  }
  return [...found.values()];
}

/** Why a link in a form no handle compares with (a channel ID, a DID) leaves the declared profile unconfirmed. */
const unconfirmedNote = (link: FoundLink, declaredHandle: string) =>
  `Linked from ${link.pageUrl} as ${link.profile.url}, ${link.profile.opaque}; whether that is ${declaredHandle} cannot be told from the link`;

export function checkProfileLinks(declared: Declared[], pages: HtmlPage[]): CheckResult {
  const check = meta('profileLinks', 'profile-links', 'The website links to every declared profile');
  const usable = declared.filter((item) => item.profile && !item.wrongPlatform);
  if (usable.length === 0) return makeCheck(check, 'not_applicable', 'No social profiles are declared');
  if (pages.length === 0) return makeCheck(check, 'not_applicable', 'No HTML page was crawled to look for links');
  const links = profileLinksOf(pages, declared);
  const evidence: Evidence[] = [];
  const unconfirmed: Evidence[] = [];
  let linked = 0;
  for (const item of usable) {
    const { platform, key, url, handle } = item.profile!;
    const label = PLATFORM_LABELS[platform];
    const match = links.find((link) => link.profile.platform === platform && link.profile.key === key);
    const opaque = links.find((link) => link.profile.platform === platform && link.profile.opaque);
    if (match) {
      linked += 1;
      evidence.push({ url, selector: label, value: true, note: `Linked from ${match.pageUrl}` });
    } else if (opaque) {
      unconfirmed.push({ url, selector: label, value: null, note: unconfirmedNote(opaque, handle) });
    } else {
      evidence.unshift({
        url,
        selector: label,
        value: false,
        note: `No link found on ${countOf(pages.length, 'analysed page')}`,
      });
    }
  }
  // A profile linked only in a form that cannot be compared is neither linked nor missing: it is left
  // out of the count and named, and when no declared profile is left the check is not measured.
  const compared = usable.length - unconfirmed.length;
  const unconfirmedPart =
    unconfirmed.length > 0
      ? `; ${countOf(unconfirmed.length, 'more', 'more')} linked in a form that cannot be compared with the declared handle`
      : '';
  if (compared === 0) {
    return makeCheck(
      check,
      'not_measured',
      `Not measured: the website links to the declared ${usable.length === 1 ? 'profile' : 'profiles'} only in a form that cannot be compared with the declared handle`,
      unconfirmed,
    );
  }
  const status = linked === compared ? 'pass' : 'fail';
  const summary =
    status === 'pass'
      ? compared === 1
        ? `The declared profile is linked from the website${unconfirmedPart}`
        : `All ${countOf(compared, 'declared profile')} are linked from the website${unconfirmedPart}`
      : `${partOf(linked, compared, 'declared profile')} ${verbForPart(linked, compared, 'is', 'are')} linked from the website${unconfirmedPart}`;
  return makeCheck(check, status, summary, [
    ...(status === 'pass' ? evidence : evidence.filter((item) => item.value === false)),
    ...unconfirmed,
  ]);
}

export function checkProfileLinksMatch(declared: Declared[], pages: HtmlPage[]): CheckResult {
  const check = meta('profileLinks', 'profile-links-match', 'Social links on the website match the declared handles');
  const links = profileLinksOf(pages, declared);
  if (links.length === 0) return makeCheck(check, 'not_applicable', 'The website links to no social profiles');
  const byPlatform = new Map(
    declared.filter((item) => item.profile).map((item) => [item.platform as Platform, item.profile!]),
  );
  const conflicts: Evidence[] = [];
  const undeclared: Evidence[] = [];
  const matching: Evidence[] = [];
  for (const link of links) {
    const { profile, pageUrl } = link;
    const declaredProfile = byPlatform.get(profile.platform);
    const label = PLATFORM_LABELS[profile.platform];
    const evidence = { url: profile.url, selector: label, value: profile.handle };
    if (!declaredProfile) {
      undeclared.push({ ...evidence, note: `Linked from ${pageUrl}; not declared in the brand` });
    } else if (profile.opaque) {
      matching.push({ ...evidence, note: unconfirmedNote(link, declaredProfile.handle) });
    } else if (declaredProfile.key !== profile.key) {
      conflicts.push({ ...evidence, note: `Linked from ${pageUrl}; the brand declares "${declaredProfile.handle}"` });
    } else {
      matching.push({ ...evidence, note: `Linked from ${pageUrl}` });
    }
  }
  const extra =
    undeclared.length > 0
      ? `; ${countOf(undeclared.length, 'profile')} linked from the site ${undeclared.length === 1 ? 'is' : 'are'} not declared in the brand`
      : '';
  if (conflicts.length > 0) {
    return makeCheck(
      check,
      'fail',
      `The website links to ${countOf(conflicts.length, 'profile')} that ${conflicts.length === 1 ? 'differs' : 'differ'} from the declared handle${extra}`,
      [...conflicts, ...undeclared],
    );
  }
  return makeCheck(
    check,
    'pass',
    `The website links to ${countOf(links.length, 'social profile')}, none conflicting with the declared handles${extra}`,
    [...undeclared, ...matching],
  );
}
