import { z } from 'zod';

/**
 * Lists that grow with time answer one page at a time, as GitHub's API does: the body stays the
 * JSON array of the page, `limit` and an opaque `cursor` choose the page, the `Link` header names
 * the next page (rel="next") while more remain, and `X-Total-Count` is the total matching the
 * same filters. Asking for no page gives the first.
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const BAD_CURSOR_MESSAGE = 'The cursor is not valid: load the list again from its first page';

export const ZPageQuery = z.object({
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  cursor: z
    .string()
    .max(512, BAD_CURSOR_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, BAD_CURSOR_MESSAGE)
    .optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** The address of the next page in a `Link` header, or null on the last page. */
export function nextPageLink(linkHeader: string | null | undefined): string | null {
  if (!linkHeader) return null;
  for (const part of linkHeader.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /\brel="?next"?/.test(match[2] ?? '')) return match[1] ?? null;
  }
  return null;
}

/** The cursor of the next page, read from its address, or null on the last page. */
export function nextPageCursor(linkHeader: string | null | undefined): string | null {
  const link = nextPageLink(linkHeader);
  if (!link) return null;
  return new URL(link, 'http://localhost').searchParams.get('cursor');
}
