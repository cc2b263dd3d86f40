/**
 * The social media area: handle consistency, profile links, posting frequency, tone match and
 * visual consistency. What cannot be measured without access keys is reported as not measured.
 */
import type { CheckResult, SiteSnapshot } from '../types.ts';
import { htmlPagesOf } from '../website/pages.ts';
import { checkPlatformPosting, checkPostingFrequency, checkToneMatch, checkVisualConsistency } from './activity.ts';
import type { BrandHandles } from './handles.ts';
import {
  checkHandleConsistency,
  checkHandlesValid,
  checkProfileLinks,
  checkProfileLinksMatch,
  declaredHandles,
} from './profiles.ts';

export type { BrandHandles } from './handles.ts';

export function runSocialChecks(handles: BrandHandles, snapshot: SiteSnapshot): CheckResult[] {
  const declared = declaredHandles(handles);
  const pages = htmlPagesOf(snapshot);
  return [
    checkHandleConsistency(declared),
    checkHandlesValid(declared),
    checkProfileLinks(declared, pages),
    checkProfileLinksMatch(declared, pages),
    ...checkPostingFrequency(snapshot),
    ...checkPlatformPosting(declared.map((item) => item.platform)),
    checkToneMatch(snapshot, pages),
    checkVisualConsistency(),
  ];
}
