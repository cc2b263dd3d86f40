/**
 * Mentions as candidate insights: scored for relevance, labelled with their platform and channel,
 * keyed by their source's own id, and left out when an item with the same canonical address is
 * already stored or read from another source in this run (one article syndicated by two sources).
 */
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { profileOf, type RelevanceSubject, scoreRelevance } from '../../analysis/relevance/index.ts';
import type { Database } from '../../db/client.ts';
import { consumerInsights } from '../../db/schema/index.ts';
import type { Mention, MentionSourceKind } from '../../integrations/mention-sources/mention-source.ts';
import type { Candidate } from '../insight-sources/keep-new-insights.ts';
import { dedupeKeyOf, type InsightRelevance, relevantByDefinition } from '../insights/store-insights.ts';

/**
 * Sources that read a place the user chose (their app, their review page): what they hold is
 * about the subject by definition, as reviews on the subject's own site are.
 */
const CHOSEN_TARGET_KINDS: ReadonlySet<MentionSourceKind> = new Set(['apple_app_store', 'trustpilot', 'google_places']);

const TRACKING_PARAMETER = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ref_src|oc)$/i;

/** One spelling per address: lower-case scheme and host, no fragment, no tracking parameters, no trailing slash. */
export function canonicalUrlOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    parsed.hash = '';
    for (const name of [...parsed.searchParams.keys()])
      if (TRACKING_PARAMETER.test(name)) parsed.searchParams.delete(name);
    if (parsed.pathname.length > 1) parsed.pathname = parsed.pathname.replace(/\/+$/, '');
    return parsed.href;
  } catch {
    return null;
  }
}

function relevanceOf(
  kind: MentionSourceKind,
  profile: ReturnType<typeof profileOf>,
  mention: Mention,
): InsightRelevance {
  if (CHOSEN_TARGET_KINDS.has(kind)) return relevantByDefinition('first_party');
  const { score, isRelevant, matches } = scoreRelevance(profile, {
    title: mention.title,
    body: mention.content,
    author: mention.authorName,
    url: mention.url,
    source: null,
  });
  return { basis: 'scored', matches, score, isRelevant };
}

/** Mentions of one source as candidates (origin: its place in this run). */
export function candidatesOf(
  kind: MentionSourceKind,
  mentions: readonly Mention[],
  subject: RelevanceSubject & { competitorId: string | null },
  origin: number,
): Candidate[] {
  const profile = profileOf(subject);
  // An address several of the source's items share (an app's reviews page) names none of them.
  const seen = new Map<string, number>();
  for (const mention of mentions) {
    const url = canonicalUrlOf(mention.url);
    if (url) seen.set(url, (seen.get(url) ?? 0) + 1);
  }
  return mentions.map((mention) => {
    const url = canonicalUrlOf(mention.url);
    return {
      origin,
      content: mention.content,
      headline: mention.title,
      channel: mention.channel,
      source: mention.channel === 'reviews' ? 'reviews' : 'social_media',
      platform: mention.platform,
      authorName: mention.authorName,
      authorHandle: mention.authorHandle,
      sourceUrl: url ?? mention.url,
      sourceId: null,
      competitorId: subject.competitorId,
      externalId: mention.externalId,
      // A mention found for the brand and for a competitor is kept for each.
      dedupeScope: `mention:${subject.competitorId ?? 'brand'}`,
      ...(mention.publishedAt ? { collectedAt: mention.publishedAt } : {}),
      rating: mention.rating,
      engagementMetrics: Object.keys(mention.engagement).length > 0 ? mention.engagement : null,
      relevance: relevanceOf(kind, profile, mention),
      // Reviews of a chosen app or page share its address: they are known by their own ids only.
      ...(url && seen.get(url) === 1 && !CHOSEN_TARGET_KINDS.has(kind) ? { canonicalUrl: url } : {}),
    } as Candidate & { canonicalUrl?: string };
  });
}

type WithUrl = Candidate & { canonicalUrl?: string };

/**
 * Leaves out candidates whose canonical address another candidate of this run has (the first
 * source read keeps it) or a stored row of the same subject has under another key. Returns the
 * rest and how many were left out per origin.
 */
export async function withoutSyndicatedCopies(
  db: Database,
  subject: { brandId: string; competitorId: string | null },
  candidates: readonly WithUrl[],
): Promise<{ kept: Candidate[]; duplicatesByOrigin: Map<number, number> }> {
  const duplicatesByOrigin = new Map<number, number>();
  const countDuplicate = (origin: number) => duplicatesByOrigin.set(origin, (duplicatesByOrigin.get(origin) ?? 0) + 1);
  const firstByUrl = new Map<string, WithUrl>();
  const inRun: WithUrl[] = [];
  for (const candidate of candidates) {
    const url = candidate.canonicalUrl;
    const first = url ? firstByUrl.get(url) : undefined;
    if (url && first && first.externalId !== candidate.externalId) {
      countDuplicate(candidate.origin);
      continue;
    }
    if (url && !first) firstByUrl.set(url, candidate);
    inRun.push(candidate);
  }
  const urls = [...firstByUrl.keys()];
  const storedUrls = new Set<string>();
  for (let start = 0; start < urls.length; start += 500) {
    const chunk = urls.slice(start, start + 500);
    const keys = chunk.map((url) => dedupeKeyOf({ ...firstByUrl.get(url)!, deduplicate: true }) as string);
    const rows = await db
      .select({ url: consumerInsights.sourceUrl })
      .from(consumerInsights)
      .where(
        and(
          eq(consumerInsights.brandId, subject.brandId),
          subject.competitorId
            ? eq(consumerInsights.competitorId, subject.competitorId)
            : isNull(consumerInsights.competitorId),
          inArray(consumerInsights.sourceUrl, chunk),
          notInArray(consumerInsights.dedupeKey, keys),
        ),
      );
    for (const row of rows) if (row.url) storedUrls.add(row.url);
  }
  const kept: Candidate[] = [];
  for (const { canonicalUrl, ...candidate } of inRun) {
    if (canonicalUrl && storedUrls.has(canonicalUrl)) countDuplicate(candidate.origin);
    else kept.push(candidate);
  }
  return { kept, duplicatesByOrigin };
}
