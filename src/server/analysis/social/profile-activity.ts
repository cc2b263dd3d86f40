/**
 * Posting frequency, gaps and tone from a profile's own posts, engagement as the API states it
 * (reported, never scored against a benchmark), and the record of each read kept with the audit.
 */
import {
  isProfile,
  PROFILE_NETWORK_LABELS,
  type ProfileNetwork,
  type ProfilePost,
  type SocialProfile,
} from '../../integrations/social-profiles/profile-source.ts';
import { countOf, makeCheck, round } from '../scoring/check-result.ts';
import type { CheckResult, Evidence } from '../types.ts';
import { compareTone, POSTING_MAX_GAP_DAYS, POSTING_MIN_PER_MONTH, POSTING_WINDOW_DAYS } from './activity.ts';
import { hammingDistance } from './image-hash.ts';
import {
  checkAvatar,
  checkNameAndBio,
  checkProfileExists,
  checkWebsiteLink,
  type ProfileCheckContext,
  profileMeta,
  type ReferenceImage,
} from './profile-checks.ts';
import type { ProfileReadResult } from './read-profiles.ts';

const DAY_MS = 86_400_000;
const day = (iso: string) => iso.slice(0, 10);

function postEvidence(post: ProfilePost): Evidence {
  return {
    url: post.url ?? undefined,
    value: day(post.publishedAt),
    note: post.text.slice(0, 80) || 'post without text',
  };
}

export function checkProfilePosting(profile: SocialProfile, network: ProfileNetwork, now: Date): CheckResult[] {
  const frequency = profileMeta(
    network,
    'postingFrequency',
    'posting',
    `posts at least ${POSTING_MIN_PER_MONTH} times a month`,
  );
  const gaps = profileMeta(network, 'postingFrequency', 'gaps', `no gap longer than ${POSTING_MAX_GAP_DAYS} days`);
  const windowStart = now.getTime() - POSTING_WINDOW_DAYS * DAY_MS;
  const posts = profile.posts
    .filter((post) => Date.parse(post.publishedAt) >= windowStart && Date.parse(post.publishedAt) <= now.getTime())
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const perMonth = posts.length / (POSTING_WINDOW_DAYS / 30);
  const frequencyCheck = makeCheck(
    frequency,
    perMonth >= POSTING_MIN_PER_MONTH ? 'pass' : 'fail',
    `${countOf(posts.length, 'post')} in the last ${POSTING_WINDOW_DAYS} days (${round(perMonth, 1)} a month) on the profile itself`,
    [{ url: profile.url, value: round(perMonth, 1), note: 'posts per month' }, ...posts.map(postEvidence)],
  );
  if (posts.length === 0) {
    return [
      frequencyCheck,
      makeCheck(gaps, 'fail', `No post in the last ${POSTING_WINDOW_DAYS} days`, [
        { url: profile.url, value: POSTING_WINDOW_DAYS, note: 'days' },
      ]),
    ];
  }
  // the longest silence in the window: between consecutive posts, and since the latest one
  let longest = (now.getTime() - Date.parse(posts[0]!.publishedAt)) / DAY_MS;
  let from = posts[0]!;
  let to: ProfilePost | null = null;
  for (let index = 0; index + 1 < posts.length; index += 1) {
    const gap = (Date.parse(posts[index]!.publishedAt) - Date.parse(posts[index + 1]!.publishedAt)) / DAY_MS;
    if (gap > longest) {
      longest = gap;
      from = posts[index + 1]!;
      to = posts[index]!;
    }
  }
  const days = Math.round(longest);
  const text = to
    ? `${countOf(days, 'day')} between ${day(from.publishedAt)} and ${day(to.publishedAt)}`
    : `${countOf(days, 'day')} since the latest post (${day(from.publishedAt)})`;
  return [
    frequencyCheck,
    makeCheck(gaps, longest <= POSTING_MAX_GAP_DAYS ? 'pass' : 'fail', `The longest gap is ${text}`, [
      { url: profile.url, value: days, note: 'days' },
      ...(to ? [postEvidence(to)] : []),
      postEvidence(from),
    ]),
  ];
}

export function checkProfileTone(
  profile: SocialProfile,
  network: ProfileNetwork,
  context: ProfileCheckContext,
): CheckResult {
  const check = profileMeta(network, 'toneMatch', 'tone', "posts' tone matches the website's");
  const text = profile.posts
    .slice(0, 30)
    .map((post) => post.text)
    .filter(Boolean)
    .join('\n');
  const result = compareTone(`${PROFILE_NETWORK_LABELS[network]} profile`, profile.url, text, context.pages);
  return makeCheck(check, result.status, result.summary, result.evidence);
}

export type EngagementSummary = { posts: number; likes?: number; replies?: number; reposts?: number; views?: number };

/** The mean of each count the API states, over the posts that state it; a count no post states is absent. */
export function engagementOf(posts: ProfilePost[]): EngagementSummary {
  const summary: EngagementSummary = { posts: posts.length };
  for (const key of ['likes', 'replies', 'reposts', 'views'] as const) {
    const values = posts.map((post) => post.engagement[key]).filter((value): value is number => value !== undefined);
    if (values.length > 0) summary[key] = round(values.reduce((sum, value) => sum + value, 0) / values.length, 1);
  }
  return summary;
}

/** Every check of every profile read, in network order. */
export function runProfileChecks(results: ProfileReadResult[], context: ProfileCheckContext): CheckResult[] {
  const checks: CheckResult[] = [];
  for (const result of results) {
    checks.push(checkProfileExists(result));
    const { read, network } = result;
    if (!isProfile(read)) {
      const reason = 'notMeasured' in read ? read.notMeasured : `Not measured: ${read.reason}`;
      for (const [group, id, title] of [
        ['profiles', 'name-bio', 'name and bio agree with the website'],
        ['visualConsistency', 'avatar', 'the profile picture is the logo'],
        ['postingFrequency', 'posting', 'posting frequency'],
      ] as const) {
        checks.push(makeCheck(profileMeta(network, group, id, title), 'not_measured', reason));
      }
      continue;
    }
    checks.push(
      checkNameAndBio(read, network, context),
      checkWebsiteLink(read, network, context),
      checkAvatar(result, read, context),
      ...checkProfilePosting(read, network, context.now),
      checkProfileTone(read, network, context),
    );
  }
  return checks;
}

/** What an audit keeps of each read, so the report shows what was read and when (no token, no raw answer). */
export type StoredProfileRead = {
  network: ProfileNetwork;
  label: string;
  declared: string;
  status: 'read' | 'missing' | 'not_measured';
  reason: string | null;
  fetchedAt: string;
  durationMs: number;
  handle: string;
  url: string | null;
  name: string | null;
  bio: string | null;
  website: string | null;
  followers: number | null;
  postsRead: number;
  engagement: EngagementSummary | null;
  avatar: { url: string; hash: string | null; thumbnail: string | null; error: string | null } | null;
  compared: { source: string; url: string | null; hash: string; thumbnail: string; distance: number | null }[];
};

export function storedReads(results: ProfileReadResult[], references: ReferenceImage[]): StoredProfileRead[] {
  return results.map((result) => {
    const { read } = result;
    const profile = isProfile(read) ? read : null;
    const avatarHash = result.avatar && 'hash' in result.avatar ? result.avatar : null;
    return {
      network: result.network,
      label: PROFILE_NETWORK_LABELS[result.network],
      declared: result.declared,
      status: profile ? 'read' : 'notMeasured' in read ? 'not_measured' : 'missing',
      reason: profile ? null : 'notMeasured' in read ? read.notMeasured : (read as { reason: string }).reason,
      fetchedAt: read.fetchedAt,
      durationMs: result.durationMs,
      handle: read.handle,
      url: profile?.url ?? null,
      name: profile?.name ?? null,
      bio: profile?.bio ?? null,
      website: profile?.website ?? null,
      followers: profile?.followers ?? null,
      postsRead: profile?.posts.length ?? 0,
      engagement: profile ? engagementOf(profile.posts) : null,
      avatar: profile?.avatarUrl
        ? {
            url: profile.avatarUrl,
            hash: avatarHash?.hash ?? null,
            thumbnail: avatarHash?.thumbnail ?? null,
            error: result.avatar && 'error' in result.avatar ? result.avatar.error : null,
          }
        : null,
      compared: profile
        ? references.map((reference) => ({
            source: reference.source,
            url: reference.url,
            hash: reference.hash,
            thumbnail: reference.thumbnail,
            distance: avatarHash ? hammingDistance(avatarHash.hash, reference.hash) : null,
          }))
        : [],
    };
  });
}
