/**
 * Checks on each profile read from its network (Bluesky, Mastodon, YouTube, Facebook, Instagram):
 * it exists, its name and bio agree with the website, it links back to the brand's domain, and its
 * picture is the logo. Posting and tone are in profile-activity.ts. A profile that could not be read
 * gives not-measured checks with the network's reason, never a failure or a zero.
 */
import {
  PROFILE_NETWORK_LABELS,
  type ProfileNetwork,
  type SocialProfile,
} from '../../integrations/social-profiles/profile-source.ts';
import { type CheckMeta, clip, makeCheck, round } from '../scoring/check-result.ts';
import type { CheckResult, Evidence } from '../types.ts';
import type { HtmlPage } from '../website/pages.ts';
import { contentWordCounts } from '../website/text.ts';
import { AVATAR_MATCH_MAX_DISTANCE, HASH_BITS, hammingDistance } from './image-hash.ts';
import type { HashedImage, ProfileReadResult } from './read-profiles.ts';

/** A bio passes when its content words and the website's description share at least this Dice similarity. */
export const BIO_SIMILARITY_MIN = 0.2;

export type ReferenceImage = HashedImage & { source: 'logo' | 'website icon'; url: string | null };

export type ProfileCheckContext = {
  brandName: string;
  /** the crawled site's host name, without www. */
  siteHost: string | null;
  pages: HtmlPage[];
  references: ReferenceImage[];
  now: Date;
};

export const profileMeta = (network: ProfileNetwork, group: string, id: string, title: string): CheckMeta => ({
  id: `social.${network}.${id}`,
  area: 'socialMedia',
  group,
  title: `${PROFILE_NETWORK_LABELS[network]}: ${title}`,
});

const TITLES = {
  exists: 'the declared profile exists',
  nameBio: 'name and bio agree with the website',
  website: "the profile links to the brand's website",
  avatar: 'the profile picture is the logo',
} as const;

export function checkProfileExists(result: ProfileReadResult): CheckResult {
  const check = profileMeta(result.network, 'profiles', 'exists', TITLES.exists);
  const { read } = result;
  const label = PROFILE_NETWORK_LABELS[result.network];
  if ('notMeasured' in read) {
    return makeCheck(check, 'not_measured', read.notMeasured, [
      { value: result.declared, note: `read at ${read.fetchedAt}` },
    ]);
  }
  if (!read.exists) {
    return makeCheck(check, 'fail', `${read.reason}: the declared handle leads nowhere`, [
      { selector: label, value: result.declared, note: `${label} answered at ${read.fetchedAt}` },
    ]);
  }
  const followers = read.followers === null ? 'followers not stated' : `${read.followers} followers`;
  return makeCheck(check, 'pass', `${label} has the profile ${read.handle} (${followers})`, [
    { url: read.url, selector: label, value: read.handle, note: `read at ${read.fetchedAt}` },
  ]);
}

/** Content words, singular: 'roasters' and 'roaster' are one word. */
function wordSet(text: string): Set<string> {
  return new Set([...contentWordCounts(text).keys()].map((word) => word.replace(/(?<=[^s])s$/, '')));
}

/** Dice similarity of two texts' content words: 2|A∩B| / (|A|+|B|). */
export function textSimilarity(a: string, b: string): number {
  const left = wordSet(a);
  const right = wordSet(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return (2 * shared) / (left.size + right.size);
}

/** What the website says about itself: the home page's meta and Open Graph descriptions, and an about page's. */
export function siteDescriptions(pages: HtmlPage[]): { url: string; text: string }[] {
  const found: { url: string; text: string }[] = [];
  const about = pages.find((page) => /\/(about|our-story|who-we-are)/i.test(new URL(page.url).pathname));
  for (const page of [pages[0], about]) {
    if (!page) continue;
    for (const selector of ['meta[name="description" i]', 'meta[property="og:description" i]']) {
      const text = page.$(selector).first().attr('content')?.trim();
      if (text) found.push({ url: page.url, text });
    }
  }
  return found;
}

export function checkNameAndBio(
  profile: SocialProfile,
  network: ProfileNetwork,
  context: ProfileCheckContext,
): CheckResult {
  const check = profileMeta(network, 'profiles', 'name-bio', TITLES.nameBio);
  const evidence: Evidence[] = [
    { url: profile.url, selector: 'name', value: profile.name, note: nameNote(profile.name, context.brandName) },
  ];
  if (!profile.name) return makeCheck(check, 'fail', 'The profile has no display name', evidence);
  const descriptions = siteDescriptions(context.pages);
  if (!profile.bio) {
    evidence.push({ url: profile.url, selector: 'bio', value: null, note: 'empty' });
    return makeCheck(check, 'fail', `The profile is named "${profile.name}" but has no bio`, evidence);
  }
  if (descriptions.length === 0) {
    return makeCheck(check, 'not_applicable', 'The website has no meta description to compare the bio with', evidence);
  }
  const scored = descriptions
    .map((description) => ({ ...description, similarity: textSimilarity(profile.bio!, description.text) }))
    .sort((a, b) => b.similarity - a.similarity);
  const best = scored[0]!;
  evidence.push(
    { url: profile.url, selector: 'bio', value: clip(profile.bio, 200) },
    {
      url: best.url,
      selector: 'website description',
      value: round(best.similarity, 2),
      note: `"${clip(best.text, 120)}": Dice similarity of content words, at least ${BIO_SIMILARITY_MIN} passes`,
    },
  );
  return best.similarity >= BIO_SIMILARITY_MIN
    ? makeCheck(
        check,
        'pass',
        `Named "${profile.name}"; the bio is close to the website's description (similarity ${round(best.similarity, 2)})`,
        evidence,
      )
    : makeCheck(
        check,
        'fail',
        `The bio says something different from the website's description (similarity ${round(best.similarity, 2)}, below ${BIO_SIMILARITY_MIN})`,
        evidence,
      );
}

function nameNote(name: string | null, brandName: string): string {
  if (!name) return 'no display name';
  const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  return squash(name).includes(squash(brandName))
    ? `contains the brand name "${brandName}"`
    : `differs from the brand name "${brandName}"`;
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
};

export function checkWebsiteLink(
  profile: SocialProfile,
  network: ProfileNetwork,
  context: ProfileCheckContext,
): CheckResult {
  const check = profileMeta(network, 'profiles', 'website', TITLES.website);
  if (profile.websiteUnavailable)
    return makeCheck(check, 'not_measured', `Not measured: ${profile.websiteUnavailable}`);
  if (!context.siteHost) return makeCheck(check, 'not_applicable', 'The brand has no website to link to');
  if (!profile.website) {
    return makeCheck(check, 'fail', 'The profile names no website', [
      { url: profile.url, selector: 'website', value: null, note: `expected a link to ${context.siteHost}` },
    ]);
  }
  const host = hostOf(profile.website);
  const ours = host !== null && (host === context.siteHost || host.endsWith(`.${context.siteHost}`));
  const evidence: Evidence[] = [
    { url: profile.url, selector: 'website', value: profile.website, note: `brand domain ${context.siteHost}` },
  ];
  return ours
    ? makeCheck(check, 'pass', `The profile links to ${profile.website}`, evidence)
    : makeCheck(check, 'fail', `The profile links to ${host ?? profile.website}, not to ${context.siteHost}`, evidence);
}

export function checkAvatar(
  result: ProfileReadResult,
  profile: SocialProfile,
  context: ProfileCheckContext,
): CheckResult {
  const check = profileMeta(result.network, 'visualConsistency', 'avatar', TITLES.avatar);
  if (!profile.avatarUrl) return makeCheck(check, 'fail', 'The profile has no picture');
  if (!result.avatar || 'error' in result.avatar) {
    return makeCheck(
      check,
      'not_measured',
      `Not measured: ${result.avatar?.error ?? 'the picture could not be read'}`,
      [{ url: profile.avatarUrl }],
    );
  }
  if (context.references.length === 0) {
    return makeCheck(
      check,
      'not_measured',
      'Not measured: no logo uploaded and no website icon to compare the picture with',
    );
  }
  const avatar = result.avatar;
  const compared = context.references
    .map((reference) => ({ reference, distance: hammingDistance(avatar.hash, reference.hash) }))
    .sort((a, b) => a.distance - b.distance);
  const evidence: Evidence[] = [
    { url: profile.avatarUrl, selector: 'profile picture hash', value: avatar.hash, note: 'difference hash, 64 bits' },
    ...compared.map(({ reference, distance }) => ({
      url: reference.url ?? undefined,
      selector: `${reference.source} hash`,
      value: reference.hash,
      note: `${distance} of ${HASH_BITS} bits differ (at most ${AVATAR_MATCH_MAX_DISTANCE} match)`,
    })),
  ];
  const best = compared[0]!;
  return best.distance <= AVATAR_MATCH_MAX_DISTANCE
    ? makeCheck(
        check,
        'pass',
        `The picture matches the ${best.reference.source}: ${best.distance} of ${HASH_BITS} bits differ`,
        evidence,
      )
    : makeCheck(
        check,
        'fail',
        `The picture is not the ${context.references.map((reference) => reference.source).join(' or the ')}: ${best.distance} of ${HASH_BITS} bits differ, more than ${AVATAR_MATCH_MAX_DISTANCE}`,
        evidence,
      );
}
