import { describe, expect, it } from 'vitest';
import { isRetried, requestedDelayMs, retryDelayMs } from './retry-policy.ts';

const policy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 30_000 };
const none = new Headers();

describe('which failures are retried', () => {
  it('retries rate-limit codes 4, 17, 32, 613 and HTTP 5xx', () => {
    for (const code of [4, 17, 32, 613]) expect(isRetried({ status: 400, errorCode: code })).toBe(true);
    expect(isRetried({ status: 503, errorCode: null })).toBe(true);
    expect(isRetried({ status: 500, errorCode: 2 })).toBe(true);
  });

  it('never retries an invalid token (190) or other refusals', () => {
    expect(isRetried({ status: 400, errorCode: 190 })).toBe(false);
    expect(isRetried({ status: 500, errorCode: 190 })).toBe(false);
    expect(isRetried({ status: 400, errorCode: 100 })).toBe(false);
    expect(isRetried({ status: 404, errorCode: null })).toBe(false);
  });
});

describe('how long to wait', () => {
  it('backs off exponentially and stops after the last attempt', () => {
    const failure = { status: 400, errorCode: 613, headers: none };
    expect([1, 2, 3].map((attempt) => retryDelayMs(failure, attempt, policy))).toEqual([1000, 2000, 4000]);
    expect(retryDelayMs(failure, 4, policy)).toBeNull();
  });

  it('honours Retry-After and Meta usage headers, within the cap', () => {
    expect(requestedDelayMs(new Headers({ 'retry-after': '3' }))).toBe(3000);
    const usage = JSON.stringify({ '123': [{ type: 'ads_archive', estimated_time_to_regain_access: 2 }] });
    expect(requestedDelayMs(new Headers({ 'x-business-use-case-usage': usage }))).toBe(120_000);
    expect(
      retryDelayMs(
        { status: 403, errorCode: 17, headers: new Headers({ 'x-business-use-case-usage': usage }) },
        1,
        policy,
      ),
    ).toBe(30_000);
    expect(requestedDelayMs(new Headers({ 'retry-after': 'soon' }))).toBeNull();
    expect(requestedDelayMs(none)).toBeNull();
  });

  it('gives no pause for a final failure', () => {
    expect(
      retryDelayMs({ status: 400, errorCode: 190, headers: new Headers({ 'retry-after': '1' }) }, 1, policy),
    ).toBeNull();
  });
});
