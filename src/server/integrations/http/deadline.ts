/**
 * A signal that aborts with a TimeoutError after `ms`, on a timer the caller clears when done.
 *
 * Why not AbortSignal.timeout: one held only inside AbortSignal.any can be garbage-collected before
 * it fires (nodejs/node#57736), and the request it guards then waits for ever.
 */
export function deadline(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
