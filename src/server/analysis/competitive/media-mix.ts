/**
 * A competitor's media mix on Meta: of its Meta ads first seen in the period whose media type is
 * known (the `media_type` search filter that found them), the share of the leading type. Counted
 * from those ads only, and citing them; a competitor with too few such ads says nothing.
 */
import type { TFinding } from '../../../shared/schemas/competitor-reports.ts';
import { metaMediaTypeLabels, type TMetaMediaType } from '../../../shared/schemas/competitors.ts';
import { shareOf } from './figures.ts';
import type { AdReading } from './intelligence.ts';
import type { AnalysedCompetitor, CompetitiveWindow } from './types.ts';
import { seenFrom } from './window.ts';

export const MEDIA_MIX_MIN_ADS = 4;
export const MEDIA_MIX_RULE = `Of a competitor's Meta ads first seen in the period whose media type Meta's media_type search filter told (${MEDIA_MIX_MIN_ADS} or more), the leading type is named when it makes up half of them or more; the ads cited are that type's.`;

const possessive = (name: string) => (/s$/i.test(name) ? `${name}’` : `${name}’s`);
const ADS_CITED = 5;

export function mediaMixFindings(
  competitors: AnalysedCompetitor[],
  readings: AdReading[],
  window: CompetitiveWindow,
): TFinding[] {
  const found: TFinding[] = [];
  for (const competitor of competitors) {
    const counted = readings.filter(
      (reading) =>
        reading.ad.competitorId === competitor.id &&
        reading.ad.platform === 'meta' &&
        reading.ad.metaMediaType &&
        seenFrom(reading.ad).getTime() >= window.start.getTime(),
    );
    if (counted.length < MEDIA_MIX_MIN_ADS) continue;
    const byType = new Map<TMetaMediaType, AdReading[]>();
    for (const reading of counted) {
      const type = reading.ad.metaMediaType as TMetaMediaType;
      byType.set(type, [...(byType.get(type) ?? []), reading]);
    }
    const [type, ads] = [...byType].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0]!;
    const tied = [...byType.values()].filter((other) => other.length === ads.length).length > 1;
    if (tied || ads.length * 2 < counted.length) continue;
    const label = type === 'none' ? 'Neither image nor video' : metaMediaTypeLabels[type];
    found.push({
      rule: 'media-mix',
      text: `${label} is ${shareOf(ads.length, counted.length)}% of ${possessive(competitor.name)} new Meta ads in this period (${ads.length} of ${counted.length} whose media type Meta's search told).`,
      adIds: ads
        .map((reading) => reading.ad)
        .sort((a, b) => seenFrom(b).getTime() - seenFrom(a).getTime() || a.id.localeCompare(b.id))
        .slice(0, ADS_CITED)
        .map((ad) => ad.id),
    });
  }
  return found;
}
