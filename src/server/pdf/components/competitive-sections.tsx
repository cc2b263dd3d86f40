import { Rect, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { citedAdName } from '../../../shared/cited-ad-name.ts';
import { shareOf, wholePercentages } from '../../../shared/percentages.ts';
import {
  findingKindLabels,
  findingKinds,
  type TCitedAd,
  type TCompetitorReport,
  type TKeyCount,
} from '../../../shared/schemas/competitor-reports.ts';
import { adPlatformLabels, metaMediaTypeLabels, placementLabel } from '../../../shared/schemas/competitors.ts';
import { countOf } from '../../../shared/words.ts';
import type { TReportContext } from '../context.ts';
import { formatNumber } from '../text.ts';
import { colours, FONT_BOLD } from '../theme.ts';
import { P, SectionTitle } from './primitives.tsx';

export const findingColours = {
  advantages: { fg: '#15803D', bg: '#DCFCE7' },
  threats: { fg: '#B91C1C', bg: '#FEE2E2' },
  opportunities: { fg: '#1D4ED8', bg: '#DBEAFE' },
  recommendations: { fg: '#6D28D9', bg: '#EDE9FE' },
} as const;

const styles = StyleSheet.create({
  table: { borderTopWidth: 0.75, borderTopColor: colours.rule },
  row: { flexDirection: 'row', paddingVertical: 5, borderBottomWidth: 0.5, borderBottomColor: colours.rule },
  head: { fontFamily: FONT_BOLD, fontSize: 7.5, color: colours.muted, letterSpacing: 0.5 },
  cell: { fontSize: 8.5, color: colours.text, paddingRight: 6 },
  strong: { fontFamily: FONT_BOLD, color: colours.ink },
  barRow: { flexDirection: 'row', alignItems: 'center', marginBottom: 5 },
  barLabel: { width: 150, fontSize: 8.5, color: colours.text, paddingRight: 6 },
  barTrack: { flex: 1, height: 8, borderRadius: 4, backgroundColor: colours.panelStrong },
  barValue: { width: 70, fontSize: 8, color: colours.muted, textAlign: 'right' },
  sub: { fontFamily: FONT_BOLD, fontSize: 10.5, color: colours.ink, marginTop: 10, marginBottom: 6 },
  muted: { fontSize: 8.5, color: colours.muted, lineHeight: 1.45 },
  finding: { marginBottom: 10, padding: 9, borderRadius: 5, borderLeftWidth: 3, backgroundColor: colours.panel },
  findingText: { fontSize: 9.5, color: colours.ink, lineHeight: 1.45 },
  cited: { marginTop: 5, paddingLeft: 8 },
  citedText: { fontSize: 7.8, color: colours.text, lineHeight: 1.4, marginBottom: 2 },
  rule: { fontSize: 8, color: colours.muted, lineHeight: 1.45, marginBottom: 4 },
});

/**
 * Each entry's share of the ads, as shown beside its bar. 'parts' entries split the ads between
 * them (every ad has one platform): their shares add up to exactly 100 (largest remainder).
 * 'each' entries can overlap (an ad can use several messages): each is its own share of the ads.
 */
export function barShares(entries: TKeyCount[], total: number, kind: 'parts' | 'each'): number[] {
  return kind === 'parts'
    ? wholePercentages(entries.map((entry) => entry.count))
    : entries.map((entry) => shareOf(entry.count, total));
}

export const OVERLAP_NOTE = 'An ad can count under several, so these shares do not add up to 100%.';

/** A labelled bar per entry, its length the share of the largest. */
export function Bars({
  entries,
  accent,
  total,
  title,
  kind,
}: {
  entries: TKeyCount[];
  accent: string;
  total: number;
  title?: string;
  kind: 'parts' | 'each';
}) {
  const max = Math.max(1, ...entries.map((entry) => entry.count));
  const shares = barShares(entries, total, kind);
  return (
    <View>
      {title ? <Text style={styles.sub}>{title}</Text> : null}
      {entries.map((entry, index) => (
        <View key={entry.key} style={styles.barRow} wrap={false}>
          <Text style={styles.barLabel}>{entry.label}</Text>
          <View style={styles.barTrack}>
            <View
              style={{ width: `${(entry.count / max) * 100}%`, height: 8, borderRadius: 4, backgroundColor: accent }}
            />
          </View>
          <Text style={styles.barValue}>{`${formatNumber(entry.count)} (${shares[index] ?? 0}%)`}</Text>
        </View>
      ))}
      {kind === 'each' && entries.length > 1 ? <P style={styles.muted}>{OVERLAP_NOTE}</P> : null}
    </View>
  );
}

/** New ads per ISO week as vertical bars with their counts. */
export function WeeklyChart({ report, accent }: { report: TCompetitorReport; accent: string }) {
  const weeks = report.adTrends.newAdsByWeek;
  const width = 507;
  const height = 120;
  const max = Math.max(1, ...weeks.map((week) => week.newAds));
  const slot = width / Math.max(1, weeks.length);
  const bar = Math.min(46, slot * 0.6);
  return (
    <View>
      <Svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        <Rect x={0} y={height - 0.75} width={width} height={0.75} fill={colours.rule} />
        {weeks.map((week, i) => {
          const h = (week.newAds / max) * (height - 10);
          return (
            <Rect
              key={week.week}
              x={i * slot + (slot - bar) / 2}
              y={height - h - 0.75}
              width={bar}
              height={h}
              fill={accent}
            />
          );
        })}
      </Svg>
      <View style={{ flexDirection: 'row' }}>
        {weeks.map((week) => (
          <View key={week.week} style={{ width: slot, alignItems: 'center', marginTop: 3 }}>
            <Text style={{ fontFamily: FONT_BOLD, fontSize: 8, color: colours.ink }}>{formatNumber(week.newAds)}</Text>
            <Text style={{ fontSize: 7, color: colours.muted }}>{week.week.slice(5)}</Text>
            <Text
              style={{ fontSize: 6.5, color: colours.faint }}
            >{`from ${week.weekStart.slice(5).split('-').reverse().join('/')}`}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

export function TopCompetitorsTable({ report }: { report: TCompetitorReport }) {
  const widths = ['28%', '10%', '10%', '12%', '12%', '28%'];
  const heads = ['COMPETITOR', 'ADS', 'ACTIVE', 'MEDIAN DAYS', 'LONGEST', 'PLATFORMS'];
  return (
    <View style={styles.table}>
      <View style={styles.row}>
        {heads.map((head, i) => (
          <Text key={head} style={[styles.head, { width: widths[i] }]}>
            {head}
          </Text>
        ))}
      </View>
      {report.topCompetitors.map((competitor) => (
        <View key={competitor.competitorId} style={styles.row} wrap={false}>
          <Text style={[styles.cell, styles.strong, { width: widths[0] }]}>{competitor.name}</Text>
          <Text style={[styles.cell, { width: widths[1] }]}>{formatNumber(competitor.adsInPeriod)}</Text>
          <Text style={[styles.cell, { width: widths[2] }]}>{formatNumber(competitor.activeAds)}</Text>
          <Text style={[styles.cell, { width: widths[3] }]}>{competitor.medianRunningDays ?? '-'}</Text>
          <Text style={[styles.cell, { width: widths[4] }]}>
            {competitor.longestRunningDays === null ? '-' : countOf(competitor.longestRunningDays, 'day')}
          </Text>
          <Text style={[styles.cell, { width: widths[5] }]}>
            {competitor.platforms.map((platform) => `${platform.label} ${platform.count}`).join(', ') || 'No ads'}
          </Text>
        </View>
      ))}
    </View>
  );
}

export function citedLine(ad: TCitedAd): string {
  const days =
    ad.runningDays === null
      ? 'first seen not known'
      : `running ${countOf(ad.runningDays, 'day')}${ad.isActive ? '' : ', stopped'}`;
  const media = ad.mediaType ? ` · ${metaMediaTypeLabels[ad.mediaType].toLowerCase()}` : '';
  const where = ad.placements.length
    ? `Meta on ${ad.placements.map(placementLabel).join(', ')}`
    : adPlatformLabels[ad.platform];
  return `${ad.competitorName} · ${where}${media} · ${days}: ${citedAdName(ad, { quoted: true })}`;
}

export function KeyFindings({ report, ctx }: { report: TCompetitorReport; ctx: TReportContext }) {
  const cited = new Map(report.citedAds.map((ad) => [ad.id, ad]));
  return (
    <View>
      <SectionTitle
        spaceAbove={8}
        title="Key findings"
        accent={ctx.theme.secondary}
        lead="Each finding is written by a rule over the figures (listed at the end) and names the ads behind it."
      />
      {findingKinds.map((kind) => (
        <View key={kind}>
          <Text style={[styles.sub, { color: findingColours[kind].fg }]}>{findingKindLabels[kind]}</Text>
          {report.keyFindings[kind].length === 0 ? (
            <P style={styles.muted}>No finding of this kind met its rule in this period.</P>
          ) : (
            report.keyFindings[kind].map((finding, i) => (
              <View key={i} style={[styles.finding, { borderLeftColor: findingColours[kind].fg }]} wrap={false}>
                <P style={styles.findingText}>{finding.text}</P>
                <View style={styles.cited}>
                  {finding.adIds.length === 0 ? (
                    <Text style={styles.citedText}>No ad uses it: the finding is about what is absent.</Text>
                  ) : (
                    finding.adIds.flatMap((id) => {
                      const ad = cited.get(id);
                      return ad ? [<P key={id} style={styles.citedText}>{`• ${citedLine(ad)}`}</P>] : [];
                    })
                  )}
                </View>
              </View>
            ))
          )}
        </View>
      ))}
    </View>
  );
}

export function Intelligence({ report, ctx }: { report: TCompetitorReport; ctx: TReportContext }) {
  const intel = report.advertisingIntelligence;
  const total = report.totalAdsAnalysed;
  return (
    <View>
      <SectionTitle
        spaceAbove={20}
        title="Advertising intelligence"
        accent={ctx.theme.secondary}
        lead="Found in the ads' own words (title, text, landing-page title and button) with the phrase lists listed at the end; each ad counts once per item."
      />
      <Text style={styles.sub}>Messaging patterns</Text>
      <Bars
        kind="each"
        total={total}
        accent={ctx.theme.accent}
        entries={intel.messagingPatterns.map((entry) => ({
          key: entry.pattern,
          label: entry.label,
          count: entry.adCount,
        }))}
      />
      <View wrap={false}>
        <Text style={styles.sub}>Calls to action</Text>
        {intel.inferredCallToActions.length === 0 ? (
          <P style={styles.muted}>No call to action was recognised.</P>
        ) : (
          <Bars
            kind="each"
            total={total}
            accent={ctx.theme.primary}
            entries={intel.inferredCallToActions
              .slice(0, 10)
              .map((entry) => ({ key: entry.cta, label: entry.cta, count: entry.adCount }))}
          />
        )}
        <P
          style={styles.muted}
        >{`${formatNumber(intel.adsWithoutCta)} of ${countOf(total, 'ad')} ${intel.adsWithoutCta === 1 ? 'carries' : 'carry'} no recognisable call to action.`}</P>
      </View>
      <View wrap={false}>
        <Text style={styles.sub}>Target audiences</Text>
        {intel.inferredTargetAudiences.length === 0 ? (
          <P style={styles.muted}>No audience was disclosed or named in the ads.</P>
        ) : (
          intel.inferredTargetAudiences.slice(0, 10).map((entry) => (
            <P key={`${entry.basis}${entry.audience}`} style={styles.citedText}>
              {`• ${entry.audience}: ${countOf(entry.adCount, 'ad')} (${entry.basis === 'targeting' ? 'disclosed targeting' : `words: ${entry.evidence.join(', ')}`})`}
            </P>
          ))
        )}
      </View>
      <View wrap={false}>
        <Text style={styles.sub}>Positioning</Text>
        {intel.competitivePositioning.map((entry) => (
          <P key={entry.competitorId} style={styles.citedText}>{`• ${entry.summary}`}</P>
        ))}
      </View>
      <View wrap={false}>
        <Text style={styles.sub}>Ad types</Text>
        {intel.adTypeInsights.map((entry) => (
          <P key={entry.type} style={styles.citedText}>{`• ${entry.strategy}`}</P>
        ))}
      </View>
    </View>
  );
}

export function Longevity({ report }: { report: TCompetitorReport }) {
  const cited = new Map(report.citedAds.map((ad) => [ad.id, ad]));
  const rows = report.advertisingIntelligence.longevity.flatMap((entry) => cited.get(entry.adId) ?? []);
  return (
    <View wrap={false}>
      <Text style={styles.sub}>Longest-running ads</Text>
      <P style={styles.muted}>
        How long an ad has run is the honest proxy for one that works: advertisers keep what pays.
      </P>
      {rows.length === 0 ? (
        <P style={styles.muted}>No ad has a first-seen date.</P>
      ) : (
        rows.map((ad) => <P key={ad.id} style={styles.citedText}>{`• ${citedLine(ad)}`}</P>)
      )}
    </View>
  );
}

export function NotDisclosed({ report }: { report: TCompetitorReport }) {
  const { disclosures } = report;
  const total = report.totalAdsAnalysed;
  return (
    <View wrap={false}>
      <Text style={styles.sub}>What is not disclosed</Text>
      <P style={styles.rule}>
        {`Spend was disclosed for ${disclosures.spend} of ${countOf(total, 'ad')}, impressions for ${disclosures.impressions} and reach for ${disclosures.reach}. For the rest they are not disclosed, and this report estimates none of them.`}
      </P>
      {disclosures.spendRanges.map((entry) => (
        <P key={entry.adId} style={styles.rule}>{`• Disclosed spend range: ${entry.range}`}</P>
      ))}
    </View>
  );
}

export function HowMade({ rules }: { rules: string[] }) {
  return (
    <View>
      {/* the heading keeps its first rule with it, so it never ends a page alone */}
      <View wrap={false}>
        <Text style={styles.sub}>How the figures are made</Text>
        {rules.slice(0, 1).map((rule) => (
          <P key={rule} style={styles.rule}>{`• ${rule}`}</P>
        ))}
      </View>
      {rules.slice(1).map((rule, i) => (
        <P key={i} style={styles.rule}>{`• ${rule}`}</P>
      ))}
    </View>
  );
}
