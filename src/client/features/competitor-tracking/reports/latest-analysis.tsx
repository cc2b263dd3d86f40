import { useState } from 'react';
import { citedAdName } from '../../../../shared/cited-ad-name.ts';
import { adsFromLine } from '../../../../shared/competitor-report-counts.ts';
import {
  findingKindLabels,
  findingKinds,
  type TCitedAd,
  type TCompetitorReport,
  type TFindingKind,
} from '../../../../shared/schemas/competitor-reports.ts';
import { adPlatformLabels, metaMediaTypeLabels, placementLabel } from '../../../../shared/schemas/competitors.ts';
import { countOf } from '../../../../shared/words.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { reportRange } from './report-format.ts';

type TFilter = 'all' | TFindingKind;
const filters: TFilter[] = ['all', ...findingKinds];
const filterLabels: Record<TFilter, string> = { all: 'All', ...findingKindLabels };
const kindStyles: Record<TFindingKind, string> = {
  advantages: 'border-l-green-600',
  threats: 'border-l-red-600',
  opportunities: 'border-l-blue-600',
  recommendations: 'border-l-violet-600',
};

/** The anchor the ad library's card for an ad carries: findings link to it. */
export const adAnchor = (adId: string) => `#ad-${adId}`;

function citedAdLabel(ad: TCitedAd): string {
  const days =
    ad.runningDays === null
      ? 'first seen not known'
      : `running ${countOf(ad.runningDays, 'day')}${ad.isActive ? '' : ', stopped'}`;
  const where = ad.placements.length
    ? `Meta on ${ad.placements.map(placementLabel).join(', ')}`
    : adPlatformLabels[ad.platform];
  const media = ad.mediaType ? ` · ${metaMediaTypeLabels[ad.mediaType].toLowerCase()}` : '';
  return `${ad.competitorName} · ${where}${media} · ${days}: ${citedAdName(ad)}`;
}

/** SPEC's Latest Competitive Analysis: the key findings, filtered by kind, each with its ads as links. */
export function LatestAnalysis({ report }: { report: TCompetitorReport }) {
  const [filter, setFilter] = useState<TFilter>('all');
  const cited = new Map(report.citedAds.map((ad) => [ad.id, ad]));
  const kinds = filter === 'all' ? findingKinds : [filter];
  const shown = kinds.flatMap((kind) => report.keyFindings[kind].map((finding) => ({ kind, finding })));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Latest Competitive Analysis</h2>
        </CardTitle>
        <CardDescription>
          {`${countOf(report.totalAdsAnalysed, 'ad')} ${adsFromLine(report)}, ${reportRange(report)}.`}
          {report.writtenBy === 'ai' ? ' Findings worded with AI from the figures.' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset aria-label="Strategic insight filters" className="flex flex-wrap gap-2">
          {filters.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={filter === value ? 'default' : 'outline'}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {filterLabels[value]}
              {value === 'all' ? null : (
                <Badge variant="secondary" className="ml-1">
                  {report.keyFindings[value].length}
                </Badge>
              )}
            </Button>
          ))}
        </fieldset>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No finding {filter === 'all' ? '' : `of this kind `}met its rule in this period.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Key findings">
            {shown.map(({ kind, finding }, i) => (
              <li
                key={`${kind}-${i}`}
                className={`rounded-md border border-l-4 p-3 ${kindStyles[kind]}`}
                data-kind={kind}
              >
                <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  {findingKindLabels[kind]}
                </p>
                <p className="mt-1 text-sm">{finding.text}</p>
                {finding.adIds.length === 0 ? (
                  <p className="mt-2 text-xs text-muted-foreground">
                    No ad uses it: the finding is about what is absent.
                  </p>
                ) : (
                  <ul className="mt-2 grid gap-1 text-xs" aria-label="Ads behind this finding">
                    {finding.adIds.map((id) => {
                      const ad = cited.get(id);
                      return (
                        <li key={id}>
                          <a className="text-primary underline-offset-2 hover:underline" href={adAnchor(id)}>
                            {ad ? citedAdLabel(ad) : 'Ad no longer in the library'}
                          </a>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
