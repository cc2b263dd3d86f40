/**
 * Sending a job every few seconds, on the clock's multiples of the period plus a quarter second
 * (a 5-second repeat sends at :00.25, :05.25, ...), so work due at a whole minute is found at
 * once. Used by JobQueue.repeat(); a send that fails is reported and the next one comes on time.
 */

/** Past the whole second, not on it: a report due at 09:00 is due when the 09:00:00.25 send runs. */
const REPEAT_OFFSET_MS = 250;

export function createRepeats(options: { isStarted: () => boolean; onError: (error: unknown) => void }) {
  const timers = new Set<NodeJS.Timeout>();
  let repeating = true;
  const running = () => repeating && options.isStarted();

  function start(everySeconds: number, send: () => Promise<void>): void {
    const periodMs = everySeconds * 1000;
    const schedule = () => {
      const now = Date.now();
      const timer = setTimeout(
        async () => {
          timers.delete(timer);
          if (!running()) return;
          await send().catch(options.onError);
          if (running()) schedule();
        },
        Math.ceil((now + 1 - REPEAT_OFFSET_MS) / periodMs) * periodMs + REPEAT_OFFSET_MS - now,
      );
      // A repeat alone does not keep a process alive.
      timer.unref();
      timers.add(timer);
    };
    schedule();
  }

  /** No more sends, from now on (a send under way finishes). */
  function stop(): void {
    repeating = false;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  }

  return { start, stop };
}
