/**
 * The requests a page makes while it renders. Chromium never touches the network itself: every
 * request is intercepted, and the ones rendering needs (the page's scripts and the data they
 * fetch, GET only) are fetched here through safeFetch, so they follow the same address policy as
 * every other fetch (public addresses only, loopback only where the crawler allows it, every
 * redirect hop checked) and count towards the page's byte budget. Everything else (images, media,
 * fonts, stylesheets, frames, beacons, other methods) is refused without being fetched.
 */
import { FetchRefusedError, type Resolver, safeFetch } from '../fetch/safe-fetch.ts';

/** What a rendering page may load: its scripts and the data they ask for. */
const FETCHED_TYPES = new Set(['script', 'xhr', 'fetch']);
/** The response headers Chromium needs to use an answer (type, CORS, caching is irrelevant). */
const KEPT_HEADERS = /^(content-type|access-control-[a-z-]+|timing-allow-origin)$/;

export type PageRequestBudget = {
  allowLoopback?: boolean;
  resolver?: Resolver;
  signal: AbortSignal;
  /** bytes the page's requests may load together */
  maxBytes: number;
  /** requests the page may make */
  maxRequests: number;
  /** when the page's time budget ends (performance.now()) */
  deadline: number;
};

export type RequestAnswer =
  | { fulfil: { status: number; headers: Record<string, string>; body: Buffer } }
  | { refuse: string };

export type PageRequests = {
  /** fetches or refuses one request the page makes */
  answer(url: string, resourceType: string, method: string, accept: string | undefined): Promise<RequestAnswer>;
  /** requests fetched; requests refused, with why; bytes loaded */
  readonly fetched: number;
  readonly refused: { url: string; reason: string }[];
  readonly bytes: number;
  /** set when the byte or request budget ran out: the page is then not rendered */
  readonly overBudget: string | null;
  /** requests under way */
  readonly inFlight: number;
};

function keptHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => KEPT_HEADERS.test(name)));
}

export function pageRequests(budget: PageRequestBudget): PageRequests {
  const state = { fetched: 0, bytes: 0, inFlight: 0, overBudget: null as string | null };
  const refused: { url: string; reason: string }[] = [];
  const refuse = (url: string, reason: string): RequestAnswer => {
    refused.push({ url, reason });
    return { refuse: reason };
  };

  const fetchOne = async (url: string, accept: string | undefined): Promise<RequestAnswer> => {
    const timeoutMs = Math.max(1, Math.round(budget.deadline - performance.now()));
    const maxBytes = budget.maxBytes - state.bytes;
    try {
      const result = await safeFetch(url, { ...budget, timeoutMs, maxBytes, accept: accept ?? '*/*' });
      state.fetched += 1;
      state.bytes += result.bytes;
      return { fulfil: { status: result.status, headers: keptHeaders(result.headers), body: result.body } };
    } catch (error) {
      if (error instanceof FetchRefusedError && error.reason === 'too large') {
        state.overBudget ??= 'too large';
      }
      return refuse(url, error instanceof Error ? error.message : String(error));
    }
  };

  return {
    async answer(url, resourceType, method, accept) {
      if (state.overBudget) return refuse(url, 'the page is over its budget');
      if (!FETCHED_TYPES.has(resourceType)) return refuse(url, `${resourceType} not needed to read the page`);
      if (method !== 'GET') return refuse(url, `${method} requests are not made`);
      if (state.fetched + state.inFlight >= budget.maxRequests) {
        state.overBudget ??= 'too many requests';
        return refuse(url, 'too many requests');
      }
      state.inFlight += 1;
      try {
        return await fetchOne(url, accept);
      } finally {
        state.inFlight -= 1;
      }
    },
    get fetched() {
      return state.fetched;
    },
    refused,
    get bytes() {
      return state.bytes;
    },
    get overBudget() {
      return state.overBudget;
    },
    get inFlight() {
      return state.inFlight;
    },
  };
}
