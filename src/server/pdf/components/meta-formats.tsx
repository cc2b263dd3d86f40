import { View } from '@react-pdf/renderer';
import type { TCompetitorReport } from '../../../shared/schemas/competitor-reports.ts';
import { countOf } from '../../../shared/words.ts';
import type { TReportContext } from '../context.ts';
import { Bars } from './competitive-sections.tsx';
import { SectionTitle } from './primitives.tsx';

/**
 * The period's Meta ads by media type (the `media_type` search filter that found each) and by where
 * they ran. Shown only when the report has Meta ads; reports made before these were stored have none.
 */
export function MetaFormats({ report, ctx }: { report: TCompetitorReport; ctx: TReportContext }) {
  const metaAds = report.adTrends.byMediaType.reduce((sum, entry) => sum + entry.count, 0);
  if (metaAds === 0) return null;
  return (
    <View wrap={false}>
      <SectionTitle
        spaceAbove={20}
        title="Meta ads: media and placements"
        accent={ctx.theme.secondary}
        lead={`${countOf(metaAds, 'Meta ad')} in the period. Media type is the Ad Library's media_type filter that found each ad; an ad shown in several places counts in each.`}
      />
      <Bars
        kind="parts"
        title="Media types"
        entries={report.adTrends.byMediaType}
        total={metaAds}
        accent={ctx.theme.accent}
      />
      <Bars
        kind="each"
        title="Where they ran (share of the Meta ads)"
        entries={report.adTrends.byPlacement}
        total={metaAds}
        accent={ctx.theme.primary}
      />
    </View>
  );
}
