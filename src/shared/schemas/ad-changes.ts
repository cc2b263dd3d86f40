import { z } from 'zod';
import { adPlatforms } from './competitors.ts';

/** One ad named in a "What changed" record, with where to see it. */
export const ZChangedAd = z.object({
  id: z.uuid(),
  platform: z.enum(adPlatforms),
  /** the ad's title, the start of its text, or its platform and id when it has neither */
  label: z.string(),
  /** its public page at the source (Meta's Ad Library, TikTok's library); null for ads added by hand without one */
  link: z.string().nullable(),
  firstSeenAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type TChangedAd = z.infer<typeof ZChangedAd>;

export const ZAdChange = z.object({
  id: z.uuid(),
  competitorId: z.uuid(),
  competitorName: z.string(),
  trigger: z.enum(['weekly', 'on_demand']),
  week: z.string().nullable(),
  /** the comparison covers what changed after this instant */
  since: z.string(),
  comparedAt: z.string(),
  started: z.array(ZChangedAd),
  stopped: z.array(ZChangedAd),
  /** messages and offers first used in this period, each with the ads using it */
  newMessages: z.array(
    z.object({ pattern: z.string(), label: z.string(), offer: z.boolean(), ads: z.array(ZChangedAd) }),
  ),
});
export type TAdChange = z.infer<typeof ZAdChange>;

/** The brand's competitors, each with its latest comparison (null before the first). */
export const ZBrandAdChanges = z.object({
  competitors: z.array(z.object({ competitorId: z.uuid(), competitorName: z.string(), latest: ZAdChange.nullable() })),
});
export type TBrandAdChanges = z.infer<typeof ZBrandAdChanges>;

type Counted = { started: readonly unknown[]; stopped: readonly unknown[]; newMessages: readonly unknown[] };

/** A change worth telling: something started or stopped, or a new message. */
export const hasChanges = (change: Counted) =>
  change.started.length + change.stopped.length + change.newMessages.length > 0;

export function changeSummary(change: Counted): string {
  const parts = [
    `${change.started.length} ${change.started.length === 1 ? 'ad' : 'ads'} started`,
    `${change.stopped.length} stopped`,
    `${change.newMessages.length} new ${change.newMessages.length === 1 ? 'message or offer' : 'messages or offers'}`,
  ];
  return parts.join(', ');
}
