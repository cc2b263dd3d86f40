import { inArray } from 'drizzle-orm';
import type { TAdChange, TChangedAd } from '../../../shared/schemas/ad-changes.ts';
import { adPlatformLabels } from '../../../shared/schemas/competitors.ts';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries } from '../../db/schema/index.ts';
import type { AdChangeRow } from './record-ad-changes.ts';

type AdRow = typeof adLibraryEntries.$inferSelect;

const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
const httpLink = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

function changedAd(ad: AdRow): TChangedAd {
  const words = ad.adTitle?.trim() || ad.adText?.trim().split('\n')[0];
  const label = words ? clip(words, 90) : `${adPlatformLabels[ad.platform]} ad ${ad.adId ?? ''}`.trim();
  return {
    id: ad.id,
    platform: ad.platform,
    label,
    link: httpLink(ad.adLibraryUrl),
    firstSeenAt: ad.firstSeenAt?.toISOString() ?? null,
    lastSeenAt: ad.lastSeenAt?.toISOString() ?? null,
  };
}

/** The records as the API gives them: ad ids resolved to the ads still stored (a deleted ad drops out). */
export async function toAdChanges(db: Database, rows: AdChangeRow[], names: Map<string, string>): Promise<TAdChange[]> {
  const ids = [
    ...new Set(
      rows.flatMap((row) => [
        ...row.startedAdIds,
        ...row.stoppedAdIds,
        ...row.newMessages.flatMap((entry) => entry.adIds),
      ]),
    ),
  ];
  const ads = ids.length ? await db.select().from(adLibraryEntries).where(inArray(adLibraryEntries.id, ids)) : [];
  const byId = new Map(ads.map((ad) => [ad.id, changedAd(ad)]));
  const resolve = (list: string[]) => list.flatMap((id) => byId.get(id) ?? []);
  return rows.map((row) => ({
    id: row.id,
    competitorId: row.competitorId,
    competitorName: names.get(row.competitorId) ?? '',
    trigger: row.trigger,
    week: row.week,
    since: row.since.toISOString(),
    comparedAt: row.comparedAt.toISOString(),
    started: resolve(row.startedAdIds),
    stopped: resolve(row.stoppedAdIds),
    newMessages: row.newMessages
      .map((entry) => ({ pattern: entry.pattern, label: entry.label, offer: entry.offer, ads: resolve(entry.adIds) }))
      .filter((entry) => entry.ads.length > 0),
  }));
}
