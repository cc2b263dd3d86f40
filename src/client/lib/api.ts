import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { nextPageCursor, TOTAL_COUNT_HEADER } from '../../shared/schemas/paging.ts';
import { commonHeaders } from './common-headers.ts';

/**
 * The browser's HTTP client. Every call sends cookies; a JSON content type is sent only with a body;
 * any non-OK response becomes an Error whose message is `${status}: ${server message}`.
 */

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The status text, or the standard reason phrase when the transport gives none (HTTP/2). */
function statusTextOf(res: Response): string {
  return res.statusText || reasonPhrases[res.status] || '';
}

function pickMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { error?: unknown; message?: unknown };
  if (typeof record.error === 'object' && record.error !== null) {
    const nested = (record.error as { message?: unknown }).message;
    if (typeof nested === 'string' && nested) return nested;
  }
  if (typeof record.message === 'string' && record.message) return record.message;
  return undefined;
}

/**
 * The message part of an error reply: body.error.message, else body.message, else the status text.
 * A body that is not JSON gives its raw text, or the status text when it is empty.
 */
export async function errorMessageFrom(res: Response): Promise<string> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    return statusTextOf(res);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.trim() || statusTextOf(res);
  }
  if (typeof parsed !== 'object' || parsed === null) return text.trim() || statusTextOf(res);
  return pickMessage(parsed) ?? statusTextOf(res);
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const message = await errorMessageFrom(res);
  throw new Error(`${res.status}: ${message}`);
}

export function isUnauthorizedError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.startsWith('401: ') && message.includes('Unauthorized');
}

/** Strips the `${status}: ` prefix for display, e.g. in a toast description. */
export function errorDisplayMessage(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : '';
  const match = /^\d{3}: ([\s\S]*)$/.exec(message);
  const text = match ? match[1]?.trim() : message.trim();
  return text || fallback;
}

export { commonHeaders };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function buildInit(method: string, body: unknown): RequestInit {
  const headers = commonHeaders();
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body === undefined) return init;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    init.body = body;
    return init;
  }
  headers['Content-Type'] = 'application/json';
  init.body = JSON.stringify(body);
  return init;
}

/** Sends a request and returns the response; throws `${status}: ${message}` on a non-OK reply. */
export async function apiRequest(method: HttpMethod | string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, buildInit(method, body));
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest, then the JSON body (undefined for an empty reply such as 204). */
export async function apiJson<T>(method: HttpMethod | string, url: string, body?: unknown): Promise<T> {
  return (await apiJsonWithHeaders<T>(method, url, body)).body;
}

/** One page of a list: its body, the next page's cursor (null on the last page) and the total. */
export type ApiPage<T> = { body: T; nextCursor: string | null; total: number | null };

/**
 * GET of a list that answers one page at a time: the body with what its headers say, the `Link`
 * header's next cursor and `X-Total-Count` (src/shared/schemas/paging.ts).
 */
export async function apiPage<T>(url: string, signal?: AbortSignal): Promise<ApiPage<T>> {
  const res = await fetch(url, { credentials: 'include', headers: commonHeaders(), ...(signal ? { signal } : {}) });
  await throwIfResNotOk(res);
  const total = res.headers.get(TOTAL_COUNT_HEADER);
  return {
    body: (await res.json()) as T,
    nextCursor: nextPageCursor(res.headers.get('link')),
    total: total !== null && /^\d+$/.test(total) ? Number(total) : null,
  };
}

/** One page of a list that answers page by page (shared/schemas/paging.ts). */
export type ApiItemsPage<T> = {
  items: T[];
  /** X-Total-Count: every item matching the same filters; the page's own length when it is not sent */
  total: number;
  /** the cursor of the next page, from the Link header; null on the last page */
  nextCursor: string | null;
};

/** GETs one page of a list whose body is the array of the page's items, with its total and next cursor. */
export async function apiItemsPage<T>(
  url: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiItemsPage<T>> {
  const page = await apiPage<T[]>(url, signal);
  return { items: page.body, total: page.total ?? page.body.length, nextCursor: page.nextCursor };
}

/**
 * apiRequest, then the JSON body with the response headers: for a paged list, whose total
 * (X-Total-Count) and next page (Link rel="next") travel in headers beside the page.
 */
export async function apiJsonWithHeaders<T>(
  method: HttpMethod | string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<{ body: T; headers: Headers }> {
  const res = await fetch(url, { ...buildInit(method, body), signal });
  await throwIfResNotOk(res);
  const text = await res.text();
  return { body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

/**
 * Turns a query key into a URL. The first element is the path; further string or number elements are
 * appended as path segments (URL-encoded); a plain object element becomes the query string (entries
 * that are undefined or null are left out).
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const [first, ...rest] = queryKey;
  let path = String(first);
  const params = new URLSearchParams();
  for (const part of rest) {
    if (part === undefined || part === null) continue;
    if (typeof part === 'object') {
      for (const [key, value] of Object.entries(part as Record<string, unknown>)) {
        if (value === undefined || value === null) continue;
        params.append(key, String(value));
      }
    } else {
      path += `/${encodeURIComponent(String(part))}`;
    }
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(urlFromQueryKey(queryKey), {
      credentials: 'include',
      headers: commonHeaders(),
      signal,
    });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** Offers a Blob to the user as a download with the given file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

function prefersNativeShare(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false;
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;
}

/**
 * The file name a download response gives in its Content-Disposition (`filename*=UTF-8''…` first,
 * then `filename="…"`), without any path; null when it gives none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header)?.slice(1).find(Boolean);
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || null;
}

/**
 * Fetches a file and hands it to the user: on touch devices that can share files, the native share or
 * save sheet; otherwise a normal download. The server names the file (the same name its e-mails give
 * the attachment); `fallbackName` is used only when the response names none. Resolves to 'shared' or
 * 'downloaded'.
 */
export async function downloadBlob(
  method: HttpMethod | string,
  url: string,
  fallbackName: string,
  body?: unknown,
): Promise<'shared' | 'downloaded'> {
  const res = await apiRequest(method, url, body);
  const fileName = fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? fallbackName;
  const blob = await res.blob();
  if (prefersNativeShare()) {
    const file = new File([blob], fileName, { type: blob.type || 'application/pdf' });
    if (navigator.canShare({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: fileName });
        return 'shared';
      } catch (error) {
        // The user closed the share sheet: that is not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
      }
    }
  }
  saveBlob(blob, fileName);
  return 'downloaded';
}

/** A safe file-name part from free text, e.g. a brand name. */
export function fileNamePart(text: string): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return cleaned || 'report';
}
