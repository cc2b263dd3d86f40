import { z } from 'zod';

/**
 * The competitor page watch (issue 10, item 7): weekly text snapshots of each competitor's home
 * and pricing pages, and what changed between them.
 */
export const watchedPageKinds = ['home', 'pricing'] as const;
export type TWatchedPageKind = (typeof watchedPageKinds)[number];
export const watchedPageLabels: Record<TWatchedPageKind, string> = { home: 'Home page', pricing: 'Pricing page' };

/**
 * What one check did with one page: stored a first or changed snapshot, found it unchanged (only
 * the check is recorded), could not read it (the failure is stored, once while it lasts), or, for
 * the pricing page, found no link to one.
 */
export const pageCheckOutcomes = ['new', 'changed', 'unchanged', 'failed', 'not_found'] as const;

export const ZPageCheckResult = z.object({
  pageKind: z.enum(watchedPageKinds),
  url: z.string().nullable(),
  outcome: z.enum(pageCheckOutcomes),
  /** why it failed or was not found, in words the user can act on */
  message: z.string().nullable(),
});
export type TPageCheckResult = z.infer<typeof ZPageCheckResult>;

/** POST /api/competitors/{id}/page-snapshots answers with the check it made. */
export const ZPageCheck = z.object({
  competitorId: z.uuid(),
  checkedAt: z.string(),
  pages: z.array(ZPageCheckResult),
});
export type TPageCheck = z.infer<typeof ZPageCheck>;

export const ZDiffLine = z.object({ kind: z.enum(['added', 'removed', 'context', 'gap']), text: z.string() });
export type TDiffLine = z.infer<typeof ZDiffLine>;

export const ZPageSnapshot = z.object({
  id: z.uuid(),
  url: z.string(),
  status: z.enum(['ok', 'failed']),
  error: z.string().nullable(),
  capturedAt: z.string(),
  /** lines of readable text; null when the page could not be read */
  lineCount: z.number().int().nullable(),
});

/** Between two readable snapshots of the same page, in date order. */
export const ZPageChange = z.object({
  fromSnapshotId: z.uuid(),
  toSnapshotId: z.uuid(),
  fromDate: z.string(),
  toDate: z.string(),
  added: z.number().int(),
  removed: z.number().int(),
  lines: z.array(ZDiffLine),
});
export type TPageChange = z.infer<typeof ZPageChange>;

export const ZWatchedPage = z.object({
  pageKind: z.enum(watchedPageKinds),
  /** newest first */
  snapshots: z.array(ZPageSnapshot),
  /** newest first */
  changes: z.array(ZPageChange),
});
export type TWatchedPage = z.infer<typeof ZWatchedPage>;

/** GET /api/competitors/{id}/page-changes */
export const ZPageChanges = z.object({
  competitorId: z.uuid(),
  website: z.string().nullable(),
  lastCheck: ZPageCheck.nullable(),
  pages: z.array(ZWatchedPage),
});
export type TPageChanges = z.infer<typeof ZPageChanges>;

export function noWebsiteToWatchMessage(competitorName: string): string {
  return `${competitorName} has no website address. Add it to the competitor to watch its home and pricing pages.`;
}
