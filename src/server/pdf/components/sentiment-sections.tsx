import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { insightSourceLabels } from '../../../shared/schemas/insights.ts';
import type { TReportQuote, TTermCount } from '../../../shared/schemas/sentiment-reports.ts';
import { dayKeyLabel, shortDate } from '../../../shared/sentiment-report-format.ts';
import { BASELINE_DAYS } from '../../analysis/sentiment-report/spikes.ts';
import type { TReportContext } from '../context.ts';
import type { TSentimentDocument } from '../sentiment-document.ts';
import { formatNumber, truncate } from '../text.ts';
import { colours, FONT_BOLD, FONT_ITALIC, tint } from '../theme.ts';
import { BreakText, P, SectionTitle } from './primitives.tsx';
import { sentimentColours } from './sentiment-charts.tsx';

const styles = StyleSheet.create({
  columns: { flexDirection: 'row', marginHorizontal: -8 },
  column: { flex: 1, marginHorizontal: 8 },
  columnTitle: { fontFamily: FONT_BOLD, fontSize: 10.5, color: colours.ink, marginBottom: 6 },
  termRow: {
    flexDirection: 'row',
    alignItems: 'center',
    paddingVertical: 3.5,
    borderBottomWidth: 0.5,
    borderBottomColor: colours.rule,
  },
  term: { width: 92, fontSize: 8.5, color: colours.ink, maxLines: 1, textOverflow: 'ellipsis' },
  termBar: {
    flex: 1,
    height: 6,
    flexDirection: 'row',
    backgroundColor: colours.panelStrong,
    borderRadius: 3,
    marginHorizontal: 6,
  },
  termCount: { width: 58, fontSize: 7.5, color: colours.muted, textAlign: 'right' },
  empty: { fontFamily: FONT_ITALIC, fontSize: 9, color: colours.muted, paddingVertical: 4 },
  alert: { borderRadius: 6, borderLeftWidth: 3, paddingVertical: 12, paddingHorizontal: 14 },
  alertTitle: { fontFamily: FONT_BOLD, fontSize: 11, color: colours.ink, marginBottom: 4 },
  alertText: { fontSize: 9, color: colours.text, lineHeight: 1.5 },
  quote: { paddingVertical: 9, paddingHorizontal: 12, borderRadius: 5, borderLeftWidth: 3, marginBottom: 7 },
  quoteText: { fontSize: 9.5, color: colours.ink, lineHeight: 1.5, fontFamily: FONT_ITALIC },
  quoteMeta: { fontSize: 7.5, color: colours.muted, marginTop: 4 },
  link: { fontSize: 7.5, marginTop: 2 },
  latest: { paddingVertical: 6, borderBottomWidth: 0.5, borderBottomColor: colours.rule },
  latestTop: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 2 },
  latestLabel: { fontFamily: FONT_BOLD, fontSize: 7.5, letterSpacing: 0.5 },
  latestText: { fontSize: 8.5, color: colours.text, lineHeight: 1.45 },
  source: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 3.5,
    borderBottomWidth: 0.5,
    borderBottomColor: colours.rule,
  },
  sourceText: { fontSize: 9, color: colours.ink },
  about: { marginTop: 22, padding: 14, borderRadius: 6, backgroundColor: colours.panel },
  aboutTitle: { fontFamily: FONT_BOLD, fontSize: 10.5, color: colours.ink, marginBottom: 5 },
  aboutText: { fontSize: 8.5, color: colours.text, lineHeight: 1.5, marginBottom: 3 },
});

function TermTable({ title, terms, empty }: { title: string; terms: TTermCount[]; empty: string }) {
  const most = Math.max(1, ...terms.map((term) => term.mentions));
  return (
    <View style={styles.column}>
      <Text style={styles.columnTitle}>{title}</Text>
      {terms.length === 0 ? <Text style={styles.empty}>{empty}</Text> : null}
      {terms.map((term) => (
        <View key={term.term} style={styles.termRow} wrap={false}>
          <Text style={styles.term} hyphenationCallback={(word) => [word]}>
            {term.term}
          </Text>
          <View style={styles.termBar}>
            {(['positive', 'negative'] as const).map((label) =>
              term[label] > 0 ? (
                <View
                  key={label}
                  style={{ width: `${(term[label] / most) * 100}%`, backgroundColor: sentimentColours[label] }}
                />
              ) : null,
            )}
            {term.mentions - term.positive - term.negative > 0 ? (
              <View
                style={{
                  width: `${((term.mentions - term.positive - term.negative) / most) * 100}%`,
                  backgroundColor: sentimentColours.neutral,
                }}
              />
            ) : null}
          </View>
          <Text style={styles.termCount}>{`${formatNumber(term.mentions)} (${term.negative} neg.)`}</Text>
        </View>
      ))}
    </View>
  );
}

export function TopicsAndKeywords({ doc, ctx }: { doc: TSentimentDocument; ctx: TReportContext }) {
  return (
    <View wrap={false}>
      <SectionTitle
        spaceAbove={24}
        title="Topics and keywords"
        accent={ctx.theme.secondary}
        lead="How many mentions name each topic or keyword, taken from the words of the mentions themselves. Bars show positive (green), negative (red) and neutral (grey) mentions."
      />
      <View style={styles.columns}>
        <TermTable title="Top topics" terms={doc.topTopics} empty="No topics were found in these mentions." />
        <TermTable title="Top keywords" terms={doc.topKeywords} empty="No keywords were found in these mentions." />
      </View>
    </View>
  );
}

/** The spike alert panel: the day, its share against the baseline, and other days that met the rule. */
export function SpikePanel({ doc }: { doc: TSentimentDocument }) {
  const spike = doc.spikeAlert;
  const colour = spike ? sentimentColours.negative : colours.faint;
  return (
    <View
      wrap={false}
      style={[styles.alert, { borderLeftColor: colour, backgroundColor: spike ? tint(colour, 0.08) : colours.panel }]}
    >
      {spike ? (
        <>
          <Text style={styles.alertTitle}>{`Spike alert: negative mentions spiked on ${dayKeyLabel(spike.day)}`}</Text>
          <P style={styles.alertText}>
            {`${spike.negative} of ${spike.mentions} mentions that day were negative (${spike.negativeShare}%), against a usual ${spike.baselineShare}% (standard deviation ${spike.baselineStdDev} points) over the ${BASELINE_DAYS} days before it${spike.baselineDays < BASELINE_DAYS ? `, ${spike.baselineDays} of which had mentions` : ''}.`}
          </P>
          {spike.otherSpikeDays.length > 0 ? (
            <P style={[styles.alertText, { marginTop: 4 }]}>
              {`Other days that met the rule: ${spike.otherSpikeDays.map(dayKeyLabel).join(', ')}.`}
            </P>
          ) : null}
        </>
      ) : (
        <>
          <Text style={styles.alertTitle}>No spike alert</Text>
          <P style={styles.alertText}>
            {`No day ${doc.spikeScope} had a share of negative mentions far above the brand's own recent days.`}
          </P>
        </>
      )}
    </View>
  );
}

function quoteMeta(quote: TReportQuote): string {
  const who = quote.authorName ?? quote.authorHandle ?? 'Anonymous';
  const where = [insightSourceLabels[quote.source], quote.platform].filter(Boolean).join(', ');
  return `${who}  |  ${where}  |  ${shortDate(quote.collectedAt)}  |  ${quote.sentimentScore} out of 5, ${Math.round(quote.confidence * 100)}% confidence`;
}

function Quote({ quote, ctx }: { quote: TReportQuote; ctx: TReportContext }) {
  const colour = sentimentColours[quote.sentiment];
  return (
    <View style={[styles.quote, { borderLeftColor: colour, backgroundColor: tint(colour, 0.06) }]} wrap={false}>
      <P style={styles.quoteText}>{`"${truncate(quote.content, 600)}"`}</P>
      <Text style={styles.quoteMeta}>{quoteMeta(quote)}</Text>
      {quote.sourceUrl ? (
        <BreakText
          text={quote.sourceUrl}
          href={quote.sourceUrl}
          max={90}
          style={{ ...styles.link, color: ctx.theme.accent }}
        />
      ) : null}
    </View>
  );
}

export function ExampleQuotes({ doc, ctx }: { doc: TSentimentDocument; ctx: TReportContext }) {
  const groups = [
    { title: 'Most confident positive mentions', quotes: doc.quotes.positive },
    { title: 'Most confident negative mentions', quotes: doc.quotes.negative },
  ];
  return (
    <View>
      <SectionTitle
        spaceAbove={24}
        title="Example quotes"
        accent={ctx.theme.secondary}
        lead="Mentions quoted as they were collected, with who said them, where and when."
      />
      {groups.map((group) => {
        const [first, ...rest] = group.quotes;
        return (
          <View key={group.title} style={{ marginBottom: 8 }}>
            {/* the group's title stays with its first quote */}
            <View wrap={false}>
              <Text style={[styles.columnTitle, { marginTop: 4 }]}>{group.title}</Text>
              {first ? <Quote quote={first} ctx={ctx} /> : <Text style={styles.empty}>None in this period.</Text>}
            </View>
            {rest.map((quote) => (
              <Quote key={quote.insightId} quote={quote} ctx={ctx} />
            ))}
          </View>
        );
      })}
    </View>
  );
}

export function Sources({ doc, ctx }: { doc: TSentimentDocument; ctx: TReportContext }) {
  if (doc.sources.length === 0) return null;
  return (
    <View wrap={false}>
      <SectionTitle spaceAbove={24} title="Where the mentions came from" accent={ctx.theme.secondary} />
      {doc.sources.map((source) => (
        <View key={source.source} style={styles.source}>
          <Text style={styles.sourceText}>{insightSourceLabels[source.source]}</Text>
          <Text style={styles.sourceText}>
            {`${formatNumber(source.mentions)} (${Math.round((source.mentions / Math.max(1, doc.totalMentions)) * 100)}%)`}
          </Text>
        </View>
      ))}
    </View>
  );
}

export function LatestInsights({ doc, ctx }: { doc: TSentimentDocument; ctx: TReportContext }) {
  if (doc.latest.length === 0) return null;
  return (
    <View>
      <SectionTitle
        spaceAbove={24}
        title="Latest insights"
        accent={ctx.theme.secondary}
        lead={`The ${doc.latest.length} most recent of ${formatNumber(doc.totalMentions)} insights.`}
      />
      {doc.latest.map((insight) => (
        <View key={insight.insightId} style={styles.latest} wrap={false}>
          <View style={styles.latestTop}>
            <Text style={[styles.latestLabel, { color: sentimentColours[insight.sentiment] }]}>
              {`${insight.sentiment.toUpperCase()}  ${insight.sentimentScore}/5`}
            </Text>
            <Text style={[styles.quoteMeta, { marginTop: 0 }]}>{shortDate(insight.collectedAt)}</Text>
          </View>
          <P style={styles.latestText}>{truncate(insight.content, 320)}</P>
          <Text style={styles.quoteMeta}>
            {[insight.authorName ?? insight.authorHandle, insightSourceLabels[insight.source], insight.platform]
              .filter(Boolean)
              .join('  |  ')}
          </Text>
          {insight.sourceUrl ? (
            <BreakText
              text={insight.sourceUrl}
              href={insight.sourceUrl}
              max={90}
              style={{ ...styles.link, color: ctx.theme.accent }}
            />
          ) : null}
        </View>
      ))}
    </View>
  );
}

export function AboutFigures({ rules }: { rules: string[] }) {
  return (
    <View style={styles.about} wrap={false}>
      <Text style={styles.aboutTitle}>How these figures are made</Text>
      {rules.map((rule, i) => (
        <P key={i} style={styles.aboutText}>
          {rule}
        </P>
      ))}
    </View>
  );
}
