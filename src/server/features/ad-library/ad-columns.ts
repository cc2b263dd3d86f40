import type { z } from 'zod';
import type { ZAdRequest } from '../../../shared/schemas/competitors.ts';
import { AppError } from '../../http/errors.ts';

export type AdInput = z.output<typeof ZAdRequest>;

/** A date without a time is stored at 12:00 UTC, so it is the same day wherever it is shown (as CSV dates are). */
export function seenDate(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
}

/** The stored columns of the Add Ad dialog's fields. Dates the person left out are decided by the caller. */
export function adColumns(input: AdInput) {
  return {
    competitorId: input.competitorId,
    platform: input.platform,
    adId: input.adId ?? null,
    adTitle: input.adTitle ?? null,
    adText: input.adText ?? null,
    imageUrl: input.imageUrl ?? null,
    videoUrl: input.videoUrl ?? null,
    landingPageUrl: input.landingPageUrl ?? null,
    adType: input.adType ?? null,
    campaignObjective: input.campaignObjective ?? null,
    impressions: input.impressions ?? null,
    spend: input.spend ?? null,
    isActive: input.isActive,
  };
}

/** Seen dates in the future are typing mistakes: the ad has not been seen yet. */
export function assertSeenDatesPast(first: Date | null, last: Date | null, now = new Date()): void {
  // A day's grace: a date typed in another time zone may be "tomorrow" here.
  const limit = now.getTime() + 24 * 60 * 60 * 1000;
  if (first && first.getTime() > limit) throw new AppError('validation', 'First seen cannot be in the future');
  if (last && last.getTime() > limit) throw new AppError('validation', 'Last seen cannot be in the future');
}
