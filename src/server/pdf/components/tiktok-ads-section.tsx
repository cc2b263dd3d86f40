import { Link, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TCompetitorReport, TReportTikTokAd } from '../../../shared/schemas/competitor-reports.ts';
import { shortDate } from '../../../shared/sentiment-report-format.ts';
import { colours, FONT_BOLD } from '../theme.ts';
import { P } from './primitives.tsx';

const styles = StyleSheet.create({
  sub: { fontFamily: FONT_BOLD, fontSize: 10.5, color: colours.ink, marginTop: 10, marginBottom: 6 },
  muted: { fontSize: 8.5, color: colours.muted, lineHeight: 1.45, marginBottom: 4 },
  row: { flexDirection: 'row', paddingVertical: 4, borderBottomWidth: 0.5, borderBottomColor: colours.rule },
  head: { fontFamily: FONT_BOLD, fontSize: 7.5, color: colours.muted, letterSpacing: 0.5 },
  cell: { fontSize: 8, color: colours.text, paddingRight: 6 },
  link: { fontSize: 8, color: colours.ink, textDecoration: 'underline' },
});

const widths = { competitor: 120, shown: 150, status: 55, reach: 60 } as const;

function shownText(ad: TReportTikTokAd): string {
  const first = ad.firstSeenAt ? shortDate(ad.firstSeenAt) : 'not stated';
  if (ad.isActive) return `${first} to now`;
  return `${first} to ${ad.lastSeenAt ? shortDate(ad.lastSeenAt) : 'not stated'}`;
}

/**
 * The period's TikTok ads, as TikTok's Commercial Content API states them: shown dates, status and
 * reach (a rounded figure), each linked to its page in TikTok's library. TikTok gives no ad text
 * to this query, so these ads count in the figures by platform and dates, not in the messages.
 */
export function TikTokAdsSection({ report }: { report: TCompetitorReport }) {
  const ads = report.tiktokAds ?? [];
  if (ads.length === 0) return null;
  const total = report.tiktokAdsTotal ?? ads.length;
  return (
    <View>
      <View wrap={false}>
        <Text style={styles.sub}>TikTok ads</Text>
        <P style={styles.muted}>
          {`${total} TikTok ${total === 1 ? 'ad' : 'ads'} ran in the period${total > ads.length ? ` (the ${ads.length} newest listed)` : ''}, from TikTok's Commercial Content API: it covers ads shown in the EU and states reach as a rounded number of people, no spend and, in this query, no ad text.`}
        </P>
        <View style={styles.row}>
          <Text style={[styles.head, { width: widths.competitor }]}>COMPETITOR</Text>
          <Text style={[styles.head, { width: widths.shown }]}>SHOWN</Text>
          <Text style={[styles.head, { width: widths.status }]}>STATUS</Text>
          <Text style={[styles.head, { width: widths.reach }]}>REACH</Text>
          <Text style={[styles.head, { flex: 1 }]}>AD</Text>
        </View>
      </View>
      {ads.map((ad) => (
        <View key={ad.id} style={styles.row} wrap={false}>
          <Text style={[styles.cell, { width: widths.competitor }]}>{ad.competitorName}</Text>
          <Text style={[styles.cell, { width: widths.shown }]}>{shownText(ad)}</Text>
          <Text style={[styles.cell, { width: widths.status }]}>{ad.isActive ? 'Active' : 'Stopped'}</Text>
          <Text style={[styles.cell, { width: widths.reach }]}>{ad.reachAsStated ?? 'not stated'}</Text>
          <View style={{ flex: 1 }}>
            {ad.link ? (
              <Link src={ad.link} style={styles.link}>
                {`TikTok ad ${ad.adId ?? ''}`.trim()}
              </Link>
            ) : (
              <Text style={styles.cell}>{`TikTok ad ${ad.adId ?? ''}`.trim()}</Text>
            )}
          </View>
        </View>
      ))}
    </View>
  );
}
