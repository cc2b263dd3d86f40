import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRepeats } from './repeats.ts';

describe('repeated sends', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T09:00:03.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('sends on the multiples of the period plus a quarter second, until stopped', async () => {
    const sentAt: string[] = [];
    const repeats = createRepeats({ isStarted: () => true, onError: () => {} });
    repeats.start(5, async () => {
      sentAt.push(new Date().toISOString());
    });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(sentAt).toEqual(['2026-11-27T09:00:05.250Z', '2026-11-27T09:00:10.250Z']);
    repeats.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sentAt).toHaveLength(2);
  });

  it('reports a failed send and sends again on time', async () => {
    const errors: unknown[] = [];
    let sends = 0;
    const repeats = createRepeats({ isStarted: () => true, onError: (error) => errors.push(error) });
    repeats.start(5, async () => {
      sends += 1;
      if (sends === 1) throw new Error('database unavailable');
    });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sends).toBe(2);
    expect(errors).toHaveLength(1);
    repeats.stop();
  });

  it('sends nothing while the queue is not started', async () => {
    let sends = 0;
    const repeats = createRepeats({ isStarted: () => false, onError: () => {} });
    repeats.start(5, async () => {
      sends += 1;
    });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sends).toBe(0);
    repeats.stop();
  });
});
