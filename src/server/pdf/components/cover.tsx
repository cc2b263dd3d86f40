import { Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import { NOT_ENOUGH_MEASURED, toAddSentence } from '../../../shared/audit-labels.ts';
import { CRAWL_COUNTS_DEFINITION, crawlCountsText, renderingText } from '../../../shared/crawl-counts.ts';
import { sortRecommendations } from '../../../shared/recommendation-order.ts';
import type { TAuditDetail } from '../../../shared/schemas/audits.ts';
import { countOf, partOf } from '../../../shared/words.ts';
import type { TReportContext } from '../context.ts';
import { bandLabel, SCORE_BANDS, scoreBand } from '../score-bands.ts';
import { areaCoverage, areaScore, checksOf, countStatuses, overallMeasured, scoreReading } from '../summary.ts';
import { areaLabels, areas, formatHours, formatNumber } from '../text.ts';
import { bandColours, colours, FONT, FONT_BOLD, priorityColours, statusColours } from '../theme.ts';
import { PAGE_MARGIN_X } from './page-chrome.tsx';
import { BandPill, BreakText, P, Pill } from './primitives.tsx';
import { ScoreBar, ScoreRing } from './score-ring.tsx';

/** Shared with the other documents' covers, so they read as one family. */
export const coverStyles = StyleSheet.create({
  hero: { marginHorizontal: -PAGE_MARGIN_X, marginTop: -40, paddingHorizontal: PAGE_MARGIN_X, paddingTop: 30 },
  heroTop: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', marginBottom: 18 },
  kicker: { fontFamily: FONT_BOLD, fontSize: 8.5, letterSpacing: 1.6 },
  wordmark: { fontFamily: FONT_BOLD, fontSize: 13, letterSpacing: 0.3 },
  logoChip: { backgroundColor: colours.white, borderRadius: 5, paddingHorizontal: 7, paddingVertical: 4 },
  logo: { height: 26, maxWidth: 150, objectFit: 'contain' },
  brandName: { fontFamily: FONT_BOLD, fontSize: 30, lineHeight: 1.15, marginBottom: 6 },
  heroMeta: { fontSize: 10, marginBottom: 2 },
  heroFoot: { flexDirection: 'row', marginTop: 14, paddingVertical: 10, borderTopWidth: 0.75 },
  heroFootItem: { marginRight: 28 },
  heroFootLabel: { fontSize: 7, letterSpacing: 0.8, marginBottom: 2 },
  heroFootValue: { fontFamily: FONT_BOLD, fontSize: 9.5 },
  summary: { flexDirection: 'row', marginTop: 20, alignItems: 'center' },
  reading: { flex: 1, marginLeft: 28 },
  h2: { fontFamily: FONT_BOLD, fontSize: 13, color: colours.ink, marginBottom: 6 },
  readingText: { fontSize: 9.5, color: colours.text, lineHeight: 1.5, marginBottom: 5 },
  tiles: { flexDirection: 'row', marginTop: 18, marginHorizontal: -5 },
  tile: {
    flex: 1,
    marginHorizontal: 5,
    padding: 12,
    borderRadius: 6,
    borderWidth: 0.75,
    borderColor: colours.rule,
    borderTopWidth: 3,
  },
  tileLabel: { fontSize: 8, color: colours.muted, letterSpacing: 0.8, marginBottom: 6 },
  tileRow: { flexDirection: 'row', alignItems: 'flex-end', justifyContent: 'space-between', marginBottom: 8 },
  tileScore: { fontFamily: FONT_BOLD, fontSize: 24, lineHeight: 1 },
  tileNone: { fontFamily: FONT_BOLD, fontSize: 13, color: colours.muted, lineHeight: 1.2 },
  tileFoot: { fontSize: 7.5, color: colours.muted, marginTop: 7, lineHeight: 1.35 },
  priorities: { marginTop: 18 },
  prioRow: {
    flexDirection: 'row',
    alignItems: 'center',
    paddingVertical: 6,
    borderBottomWidth: 0.5,
    borderBottomColor: colours.rule,
  },
  prioNum: { width: 20, height: 20, borderRadius: 10, alignItems: 'center', justifyContent: 'center', marginRight: 10 },
  prioNumText: { fontFamily: FONT_BOLD, fontSize: 9, lineHeight: 1 },
  prioMain: { flex: 1, paddingRight: 10 },
  prioTitle: { fontFamily: FONT_BOLD, fontSize: 9.5, color: colours.ink, maxLines: 2, textOverflow: 'ellipsis' },
  prioMeta: { fontSize: 7.5, color: colours.muted, marginTop: 1.5 },
  prioImpact: { fontFamily: FONT_BOLD, fontSize: 12, color: '#15803D', width: 40, textAlign: 'right' },
  panel: { marginTop: 16, padding: 14, borderRadius: 6, backgroundColor: colours.panel },
  legendRow: { flexDirection: 'row', flexWrap: 'wrap', marginBottom: 8 },
  legendItem: { flexDirection: 'row', alignItems: 'center', marginRight: 16, marginBottom: 3 },
  dot: { width: 8, height: 8, borderRadius: 4, marginRight: 5 },
  legendText: { fontSize: 8.5, color: colours.text },
  note: { fontSize: 8.5, color: colours.text, lineHeight: 1.5, marginBottom: 3 },
});
const styles = coverStyles;

function HeroFact({ label, value, colour }: { label: string; value: string; colour: string }) {
  return (
    <View style={styles.heroFootItem}>
      <Text style={[styles.heroFootLabel, { color: colour, opacity: 0.8 }]}>{label.toUpperCase()}</Text>
      <Text style={[styles.heroFootValue, { color: colour }]}>{value}</Text>
    </View>
  );
}

export type TCoverFact = { label: string; value: string };

/** The coloured band at the top of a cover: kicker, logo or wordmark, brand name and a row of facts. */
export function CoverHero({
  ctx,
  kicker,
  websiteUrl,
  facts,
}: {
  ctx: TReportContext;
  kicker: string;
  websiteUrl?: string | null;
  facts: TCoverFact[];
}) {
  const { theme, branding } = ctx;
  const on = theme.onPrimary;
  return (
    <View style={[styles.hero, { backgroundColor: theme.primary }]}>
      <View style={styles.heroTop}>
        <Text style={[styles.kicker, { color: on }]}>{kicker}</Text>
        {ctx.logoPng ? (
          <View style={styles.logoChip}>
            <Image src={{ data: ctx.logoPng, format: 'png' }} style={styles.logo} />
          </View>
        ) : (
          <Text style={[styles.wordmark, { color: on }]}>{branding?.companyName ?? 'Brandlens'}</Text>
        )}
      </View>
      <P style={[styles.brandName, { color: on }, ctx.brandName.length > 40 ? { fontSize: 22 } : {}]}>
        {ctx.brandName}
      </P>
      {websiteUrl ? <BreakText text={websiteUrl} style={{ ...styles.heroMeta, color: on }} /> : null}
      {branding ? <Text style={[styles.heroMeta, { color: on }]}>{`Prepared by ${branding.companyName}`}</Text> : null}
      <View style={[styles.heroFoot, { borderTopColor: on }]}>
        {facts.map((fact) => (
          <HeroFact key={fact.label} label={fact.label} value={fact.value} colour={on} />
        ))}
      </View>
    </View>
  );
}

function Hero({ audit, ctx }: { audit: TAuditDetail; ctx: TReportContext }) {
  const facts: TCoverFact[] = [];
  if (ctx.auditDate) facts.push({ label: 'Audit date', value: ctx.auditDate });
  const crawl = audit.analysis?.crawl;
  if (crawl) {
    facts.push({ label: 'Pages crawled', value: formatNumber(crawl.pages) });
    if (crawl.pagesAnalysed !== undefined)
      facts.push({ label: 'Pages analysed', value: formatNumber(crawl.pagesAnalysed) });
  }
  facts.push({ label: 'Checks run', value: formatNumber(checksOf(audit).length) });
  if (ctx.generatedOn) facts.push({ label: 'Report generated', value: ctx.generatedOn });
  return <CoverHero ctx={ctx} kicker="BRAND AUDIT REPORT" websiteUrl={audit.brand.websiteUrl} facts={facts} />;
}

function AreaTile({ audit, area }: { audit: TAuditDetail; area: (typeof areas)[number] }) {
  const score = areaScore(audit, area);
  const coverage = areaCoverage(audit, area);
  const notEnough = coverage?.enough === false;
  const band = scoreBand(score);
  const counts = countStatuses(checksOf(audit, area));
  const applied = counts.pass + counts.fail;
  return (
    <View style={[styles.tile, { borderTopColor: bandColours[band].bar }]}>
      <Text style={styles.tileLabel}>{areaLabels[area].toUpperCase()}</Text>
      <View style={styles.tileRow}>
        {score === null || notEnough ? (
          <Text style={styles.tileNone}>{notEnough ? NOT_ENOUGH_MEASURED : 'Not measured'}</Text>
        ) : (
          <Text style={[styles.tileScore, { color: bandColours[band].fg }]}>
            {Math.round(score)}
            <Text style={{ fontFamily: FONT, fontSize: 9, color: colours.muted }}> / 100</Text>
          </Text>
        )}
        {score === null ? null : <BandPill score={score} />}
      </View>
      <ScoreBar score={score} />
      {coverage ? <Text style={[styles.tileFoot, { color: colours.ink }]}>{coverage.coverage}</Text> : null}
      <Text style={[styles.tileFoot, coverage ? { marginTop: 2 } : {}]}>
        {notEnough
          ? toAddSentence(coverage.toAdd, coverage.coverage)
          : `${applied > 0 ? `${partOf(counts.pass, applied, 'check')} passed` : 'No checks could be applied'}${counts.not_measured > 0 ? `; ${counts.not_measured} not measured` : ''}`}
      </Text>
    </View>
  );
}

export type TRankedRow = {
  title: string;
  meta: string;
  pill: { label: string; fg: string; bg: string };
  /** a short figure at the end of the row, such as a score impact */
  figure?: string;
};

/** A short numbered list of what matters most, kept on one page. */
export function RankedList({ title, rows, ctx }: { title: string; rows: TRankedRow[]; ctx: TReportContext }) {
  if (rows.length === 0) return null;
  return (
    <View style={styles.priorities} wrap={false}>
      <Text style={[styles.h2, { fontSize: 10.5, marginBottom: 2 }]}>{title}</Text>
      {rows.map((row, i) => (
        <View key={i} style={styles.prioRow}>
          <View style={[styles.prioNum, { backgroundColor: ctx.theme.accentTint }]}>
            <Text style={[styles.prioNumText, { color: ctx.theme.accent }]}>{i + 1}</Text>
          </View>
          <View style={styles.prioMain}>
            <P style={styles.prioTitle}>{row.title}</P>
            <Text style={styles.prioMeta}>{row.meta}</Text>
          </View>
          <Pill label={row.pill.label} fg={row.pill.fg} bg={row.pill.bg} width={46} />
          {row.figure === undefined ? null : <Text style={styles.prioImpact}>{row.figure}</Text>}
        </View>
      ))}
    </View>
  );
}

function TopPriorities({ audit, ctx }: { audit: TAuditDetail; ctx: TReportContext }) {
  const rows = sortRecommendations(audit.recommendations)
    .slice(0, 3)
    .map(
      (rec): TRankedRow => ({
        title: rec.title,
        meta: `${rec.category}  |  about ${formatHours(rec.estimatedHours)}`,
        pill: { label: rec.priority, ...priorityColours[rec.priority] },
        figure: rec.scoreImpact > 0 ? `+${formatNumber(rec.scoreImpact)}` : formatNumber(rec.scoreImpact),
      }),
    );
  return <RankedList title="Top priorities" rows={rows} ctx={ctx} />;
}

export function CoverSummary({ audit, ctx }: { audit: TAuditDetail; ctx: TReportContext }) {
  const crawl = audit.analysis?.crawl;
  return (
    <View>
      <Hero audit={audit} ctx={ctx} />
      <View style={styles.summary}>
        <ScoreRing score={overallMeasured(audit) ? audit.overallScore : null} size={150} />
        <View style={styles.reading}>
          <Text style={styles.h2}>What the scores mean</Text>
          {scoreReading(audit, ctx.brandName).map((sentence, i) => (
            <P key={i} style={styles.readingText}>
              {sentence}
            </P>
          ))}
        </View>
      </View>
      <View style={styles.tiles}>
        {areas.map((area) => (
          <AreaTile key={area} audit={audit} area={area} />
        ))}
      </View>
      <TopPriorities audit={audit} ctx={ctx} />
      <View style={styles.panel} wrap={false}>
        <Text style={[styles.h2, { fontSize: 10.5 }]}>How to read this report</Text>
        <View style={styles.legendRow}>
          {SCORE_BANDS.map((b) => (
            <View key={b.band} style={styles.legendItem}>
              <View style={[styles.dot, { backgroundColor: bandColours[b.band].bar }]} />
              <Text style={styles.legendText}>{`${bandLabel(b.band)}: ${b.range}`}</Text>
            </View>
          ))}
          <View style={styles.legendItem}>
            <View style={[styles.dot, { backgroundColor: statusColours.not_measured.fg }]} />
            <Text style={styles.legendText}>Not measured: left out, never guessed</Text>
          </View>
        </View>
        <P style={styles.note}>
          Every score is a weighted mean of named pass or fail checks, each stored with its evidence: the page, the
          element and the value measured. A check that does not apply to this brand is left out of the mean, and each
          score states its coverage.
        </P>
        {crawl ? (
          <P style={styles.note}>
            {`Website: ${crawlCountsText(crawl)}, in ${formatNumber(Math.round(crawl.durationMs / 100) / 10)} s`}
            {crawl.problems.length > 0
              ? `; ${countOf(crawl.problems.length, 'address', 'addresses')} could not be read (listed with the website findings).`
              : '.'}
            {` ${CRAWL_COUNTS_DEFINITION}`}
            {crawl.rendering ? ` ${renderingText(crawl.rendering)}` : ''}
          </P>
        ) : null}
      </View>
    </View>
  );
}
