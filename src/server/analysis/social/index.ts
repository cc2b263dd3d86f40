/**
 * The social media area: handle consistency, profile links, posting frequency, tone match and
 * visual consistency. What cannot be measured without access keys is reported as not measured.
 */
import type { CheckResult, SiteSnapshot } from '../types.ts';
import { type HtmlPage, htmlPagesOf } from '../website/pages.ts';
import { checkPlatformPosting, checkPostingFrequency, checkToneMatch, checkVisualConsistency } from './activity.ts';
import type { BrandHandles } from './handles.ts';
import { runProfileChecks } from './profile-activity.ts';
import type { ProfileCheckContext, ReferenceImage } from './profile-checks.ts';
import {
  checkHandleConsistency,
  checkHandlesValid,
  checkProfileLinks,
  checkProfileLinksMatch,
  declaredHandles,
} from './profiles.ts';
import type { ProfileReadResult } from './read-profiles.ts';

export type { BrandHandles } from './handles.ts';

/** The profiles read from their networks, and what their checks compare them with. */
export type ProfileInput = {
  results: ProfileReadResult[];
  brandName: string;
  references: ReferenceImage[];
  now?: Date;
};

export function runSocialChecks(handles: BrandHandles, snapshot: SiteSnapshot, profiles?: ProfileInput): CheckResult[] {
  const declared = declaredHandles(handles);
  const pages = htmlPagesOf(snapshot);
  const profileChecks = profiles?.results.length
    ? runProfileChecks(profiles.results, profileContext(snapshot, pages, profiles))
    : [];
  return [
    checkHandleConsistency(declared),
    checkHandlesValid(declared),
    checkProfileLinks(declared, pages),
    checkProfileLinksMatch(declared, pages),
    ...checkPostingFrequency(snapshot),
    ...checkPlatformPosting(declared.map((item) => item.platform)),
    checkToneMatch(snapshot, pages),
    ...profileChecks,
    // post images stay unread; the group says so only when no profile picture was compared either
    ...(profileChecks.some((check) => check.group === 'visualConsistency') ? [] : [checkVisualConsistency()]),
  ];
}

export function profileContext(snapshot: SiteSnapshot, pages: HtmlPage[], profiles: ProfileInput): ProfileCheckContext {
  let siteHost: string | null = null;
  try {
    siteHost = new URL(snapshot.origin || snapshot.startUrl).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    siteHost = null;
  }
  return {
    brandName: profiles.brandName,
    siteHost,
    pages,
    references: profiles.references,
    now: profiles.now ?? (Number.isNaN(Date.parse(snapshot.startedAt)) ? new Date() : new Date(snapshot.startedAt)),
  };
}
