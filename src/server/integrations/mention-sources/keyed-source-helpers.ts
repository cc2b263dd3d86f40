/**
 * What the sources that need an operator's key or credentials (Reddit, Bluesky, YouTube,
 * Trustpilot, Google Places) share: how they say they are off, and small text and date rules.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ServiceError } from '../http/fetch-service.ts';
import {
  type Mention,
  type MentionSearchResult,
  NOT_AVAILABLE_ON_THIS_SERVER,
  type SourceAvailability,
} from './mention-source.ts';

/** Off on this server: users read the reason, administrators what to set. */
export function unavailable(adminHint: string): SourceAvailability {
  return { available: false, reason: NOT_AVAILABLE_ON_THIS_SERVER, adminHint };
}

/** Waits (tests pass their own so nothing sleeps for real). */
export type Wait = (ms: number, signal?: AbortSignal) => Promise<unknown>;
export const realWait: Wait = (ms, signal) => sleep(ms, undefined, { signal });

/** Text as a person reads it: tags removed, entities decoded, whitespace collapsed. */
export function plainText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A date the service wrote (ISO 8601 or Unix seconds): the one reading every mention source shares. */
export { dateOf as dateFrom } from './mention-text.ts';

/** True when the item is older than the query's since (an item without a date is kept). */
export function olderThan(date: Date | null, since: Date | null): boolean {
  return Boolean(date && since && date.getTime() < since.getTime());
}

/** The counts that are numbers as the service states them; missing or unreadable ones left out. */
export function engagementOf(counts: Record<string, unknown>): Record<string, number> {
  const engagement: Record<string, number> = {};
  for (const [key, value] of Object.entries(counts)) {
    const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number)) engagement[key] = number;
  }
  return engagement;
}

/** The brand's name as a quoted phrase (inner quotes dropped: no service documents escaping them). */
export function quotedPhrase(name: string): string {
  return `"${name.replace(/"/g, ' ').replace(/\s+/g, ' ').trim()}"`;
}

/**
 * A rate limit that outlasts fetchService's retries, after some items were read: the run keeps them
 * and says it stopped (the rest comes next run) instead of failing. Anything else is thrown on.
 */
export function keptOnRateLimit(service: string, read: Mention[], error: unknown): MentionSearchResult {
  if (error instanceof ServiceError && error.kind === 'rate_limited' && read.length > 0) {
    return { mentions: read, stoppedEarly: `${service} is limiting requests; the rest is read on the next run.` };
  }
  throw error;
}

/**
 * A service's rate-limit window as its headers state it: when none is left, the next call waits
 * for the reset if that is short, and the run stops early (the rest comes next run) if it is not.
 */
export class RateLimitWindow {
  private resetsAt: number | null = null;

  constructor(
    private readonly wait: Wait,
    private readonly now: () => number,
    private readonly maxWaitMs: number,
  ) {}

  /** Called after each answer: `resetsAt` (epoch ms) when the window is spent, else null. */
  note(resetsAt: number | null): void {
    this.resetsAt = resetsAt;
  }

  /** Waits out a spent window; false when the wait would be too long to hold a worker. */
  async ready(signal?: AbortSignal): Promise<boolean> {
    if (this.resetsAt === null) return true;
    const waitMs = this.resetsAt - this.now();
    if (waitMs > this.maxWaitMs) return false;
    if (waitMs > 0) await this.wait(waitMs, signal);
    this.resetsAt = null;
    return true;
  }
}
