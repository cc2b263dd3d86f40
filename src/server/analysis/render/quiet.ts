/**
 * When a rendering page has built its content: it has loaded, and no request has been under way for
 * QUIET_MS (time already quiet before the load counts, but at least AFTER_LOAD_MS passes after it,
 * for the requests its scripts start as it loads). Every request passes through interception, so
 * the count of requests under way is exact.
 */
const QUIET_MS = 500;
const AFTER_LOAD_MS = 250;

export type Quiet = {
  /** resolves once the page has loaded and been quiet; rejects when `signal` aborts first */
  settled: Promise<void>;
  requestStarted(): void;
  requestEnded(): void;
  loaded(): void;
};

export function whenQuiet(signal: AbortSignal): Quiet {
  let timer: NodeJS.Timeout | undefined;
  let pending = 0;
  let hasLoaded = false;
  let lastEnded = performance.now();
  let resolve!: () => void;
  const settled = new Promise<void>((done, fail) => {
    resolve = done;
    signal.addEventListener('abort', () => fail(signal.reason), { once: true });
  });
  // Awaited only once the page has loaded; a budget that ends before then must not go unhandled.
  settled.catch(() => {});
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  const armIfQuiet = (waitMs: number) => {
    clearTimeout(timer);
    if (hasLoaded && pending === 0) timer = setTimeout(resolve, waitMs);
  };
  return {
    settled,
    requestStarted: () => {
      pending += 1;
      clearTimeout(timer);
    },
    requestEnded: () => {
      pending -= 1;
      lastEnded = performance.now();
      armIfQuiet(QUIET_MS);
    },
    loaded: () => {
      hasLoaded = true;
      armIfQuiet(Math.max(AFTER_LOAD_MS, QUIET_MS - (performance.now() - lastEnded)));
    },
  };
}
