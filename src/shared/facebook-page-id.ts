/**
 * A competitor's Facebook page as people paste it: the numeric page id, the page's address, or
 * its Ad Library link. Only addresses that carry the id can be resolved here (profile.php?id=N,
 * /people/Name/N, a path ending in the number, or an Ad Library link with view_all_page_id=N); a
 * vanity address (facebook.com/acmecoffee) names the page only through Meta's API, so it is
 * refused with where to find the id instead. An Ad Library link to one ad (?id=N) names an ad,
 * not a page, and is refused the same way.
 */
export type PageIdResolution = { ok: true; pageId: string } | { ok: false; message: string };

const PAGE_ID = /^\d{5,25}$/;
/** A number this long at the end of a path is the page id, not part of a name. */
const TRAILING_ID = /(?:^|[/-])(\d{8,25})\/?$/;
const FACEBOOK_HOST = /^(?:[a-z0-9-]+\.)?(?:facebook\.com|fb\.com)$/i;

export const pageIdNotResolvableMessage =
  "That page address does not carry the page's id. Paste the numeric page id instead (under the page's About > Page transparency), or the page's Ad Library link.";
export const pageIdInvalidMessage =
  "Enter the Facebook page's numeric id, its facebook.com address, or its Ad Library link (the id is under the page's About > Page transparency).";

function urlOf(text: string): URL | null {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

export function resolveFacebookPageId(input: string): PageIdResolution {
  const text = input.trim();
  if (PAGE_ID.test(text)) return { ok: true, pageId: text };
  const url = urlOf(text);
  if (!url || !/^https?:$/.test(url.protocol) || !FACEBOOK_HOST.test(url.hostname)) {
    return { ok: false, message: pageIdInvalidMessage };
  }
  const path = decodeURIComponent(url.pathname).replace(/\/+$/, '');
  if (/^\/ads\/library$/i.test(path)) {
    const id = url.searchParams.get('view_all_page_id') ?? '';
    if (PAGE_ID.test(id)) return { ok: true, pageId: id };
    return { ok: false, message: id ? pageIdInvalidMessage : pageIdNotResolvableMessage };
  }
  if (/^\/profile\.php$/i.test(path)) {
    const id = url.searchParams.get('id') ?? '';
    return PAGE_ID.test(id) ? { ok: true, pageId: id } : { ok: false, message: pageIdInvalidMessage };
  }
  const person = /^\/people\/[^/]+\/(\d{5,25})$/i.exec(path);
  if (person) return { ok: true, pageId: person[1]! };
  const trailing = TRAILING_ID.exec(path);
  if (trailing) return { ok: true, pageId: trailing[1]! };
  return { ok: false, message: pageIdNotResolvableMessage };
}
