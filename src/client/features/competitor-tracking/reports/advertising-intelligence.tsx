import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { citedAdName } from '../../../../shared/cited-ad-name.ts';
import type { TCompetitorReport } from '../../../../shared/schemas/competitor-reports.ts';
import { countOf, partOf } from '../../../../shared/words.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

const axisTick = { fontSize: 12, fill: 'var(--color-muted-foreground)' };
const tooltipStyle = {
  borderRadius: 8,
  border: '1px solid var(--color-border)',
  background: 'var(--color-popover)',
  color: 'var(--color-popover-foreground)',
  fontSize: 12,
};

/** Messages and calls to action overlap: one ad can use several. */
const OVERLAP_NOTE = 'An ad can count under several, so these shares do not add up to 100%.';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid content-start gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** SPEC's Advertising Intelligence card: what the competitors' ads say, to whom, and how they ask. */
export function AdvertisingIntelligence({ report }: { report: TCompetitorReport }) {
  const intel = report.advertisingIntelligence;
  const patterns = intel.messagingPatterns.map((entry) => ({
    label: entry.label,
    share: entry.share,
    ads: entry.adCount,
  }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Advertising Intelligence</h2>
        </CardTitle>
        <CardDescription>
          Found in the ads' own words (title, text, landing page and button) with published phrase lists; audiences
          marked "disclosed" come from the ad source's targeting.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <Section title="Messaging patterns (share of ads)">
          <div className="h-64" role="img" aria-label="Messaging patterns by share of ads">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={patterns} layout="vertical" margin={{ left: 8, right: 16 }}>
                <CartesianGrid horizontal={false} stroke="var(--color-border)" />
                <XAxis type="number" domain={[0, 100]} unit="%" tick={axisTick} />
                <YAxis type="category" dataKey="label" width={150} tick={axisTick} />
                <Tooltip
                  contentStyle={tooltipStyle}
                  formatter={(value, _name, item) => [`${value}% (${countOf(item.payload.ads, 'ad')})`, 'Share']}
                />
                <Bar dataKey="share" fill="var(--color-primary)" radius={[0, 4, 4, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <p className="text-xs text-muted-foreground">{OVERLAP_NOTE}</p>
        </Section>
        <Section title="Calls to action">
          {intel.inferredCallToActions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No call to action was recognised.</p>
          ) : (
            <ul className="grid gap-1 text-sm" aria-label="Calls to action">
              {intel.inferredCallToActions.slice(0, 8).map((entry) => (
                <li key={entry.cta} className="flex justify-between gap-2">
                  <span>{entry.cta}</span>
                  <span className="text-muted-foreground">{`${countOf(entry.adCount, 'ad')} (${entry.share}%)`}</span>
                </li>
              ))}
            </ul>
          )}
          {intel.inferredCallToActions.length > 1 ? (
            <p className="text-xs text-muted-foreground">{OVERLAP_NOTE}</p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            {intel.adsWithoutCta === 0
              ? 'Every ad carries a recognisable call to action.'
              : `${partOf(intel.adsWithoutCta, report.totalAdsAnalysed, 'ad')} ${intel.adsWithoutCta === 1 ? 'carries' : 'carry'} no recognisable call to action.`}
          </p>
        </Section>
        <Section title="Target audiences">
          {intel.inferredTargetAudiences.length === 0 ? (
            <p className="text-sm text-muted-foreground">No audience was disclosed or named in the ads.</p>
          ) : (
            <ul className="grid gap-1 text-sm" aria-label="Target audiences">
              {intel.inferredTargetAudiences.slice(0, 8).map((entry) => (
                <li key={`${entry.basis}-${entry.audience}`} className="flex flex-wrap items-center gap-2">
                  <span>{entry.audience}</span>
                  <Badge variant="outline">
                    {entry.basis === 'targeting' ? 'disclosed' : `words: ${entry.evidence.join(', ')}`}
                  </Badge>
                  <span className="text-muted-foreground">{countOf(entry.adCount, 'ad')}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Positioning">
          <ul className="grid gap-1 text-sm">
            {intel.competitivePositioning.map((entry) => (
              <li key={entry.competitorId}>{entry.summary}</li>
            ))}
          </ul>
        </Section>
        <Section title="Ad types">
          <ul className="grid gap-1 text-sm" aria-label="Ad types">
            {intel.adTypeInsights.map((entry) => (
              <li key={entry.type}>{entry.strategy}</li>
            ))}
          </ul>
        </Section>
        {report.adTrends.byMediaType.length > 0 && (
          <Section title="Meta ads: media and placements">
            <ul className="grid gap-1 text-sm" aria-label="Meta media types">
              {report.adTrends.byMediaType.map((entry) => (
                <li key={entry.key}>{`${entry.label}: ${countOf(entry.count, 'ad')}`}</li>
              ))}
            </ul>
            {report.adTrends.byPlacement.length > 0 && (
              <p className="text-sm">
                {`Shown on ${report.adTrends.byPlacement.map((entry) => `${entry.label} (${entry.count})`).join(', ')}; an ad shown in several places counts in each.`}
              </p>
            )}
          </Section>
        )}
        <Section title="Longest-running ads">
          <ul className="grid gap-1 text-sm">
            {intel.longevity.map((entry) => {
              const ad = report.citedAds.find((cited) => cited.id === entry.adId);
              return (
                <li key={entry.adId}>
                  <a className="text-primary underline-offset-2 hover:underline" href={`#ad-${entry.adId}`}>
                    {`Running ${countOf(entry.runningDays, 'day')}${entry.isActive ? '' : ' (stopped)'}: ${ad ? `${ad.competitorName} – ${citedAdName(ad)}` : 'ad details not stored with this report'}`}
                  </a>
                </li>
              );
            })}
          </ul>
          <p className="text-xs text-muted-foreground">
            {`Spend disclosed for ${report.disclosures.spend} of ${countOf(report.totalAdsAnalysed, 'ad')}, impressions for ${report.disclosures.impressions}, reach for ${report.disclosures.reach}; the rest are not disclosed and never estimated.`}
          </p>
        </Section>
      </CardContent>
    </Card>
  );
}
