import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { Fragment, type ReactNode } from 'react';
import type { TMarketingStrategy } from '../../../shared/schemas/recommendations.ts';
import type { TReportContext } from '../context.ts';
import { colours, FONT_BOLD, FONT_ITALIC, priorityColours } from '../theme.ts';
import { P, Pill } from './primitives.tsx';

const INDENT = 34;

const styles = StyleSheet.create({
  block: { marginBottom: 20 },
  head: { backgroundColor: colours.panel, borderRadius: 6, paddingVertical: 11, paddingHorizontal: 12 },
  headTop: { flexDirection: 'row', alignItems: 'flex-start' },
  number: { width: 22, height: 22, borderRadius: 11, alignItems: 'center', justifyContent: 'center', marginRight: 12 },
  numberText: { fontFamily: FONT_BOLD, fontSize: 10, lineHeight: 1 },
  title: { flex: 1, fontFamily: FONT_BOLD, fontSize: 12.5, color: colours.ink, lineHeight: 1.3, paddingRight: 10 },
  pill: { marginTop: 3 },
  meta: { flexDirection: 'row', flexWrap: 'wrap', marginLeft: INDENT, marginTop: 6 },
  metaItem: { flexDirection: 'row', alignItems: 'baseline', marginRight: 22, marginBottom: 1 },
  metaLabel: { fontFamily: FONT_BOLD, fontSize: 6.8, color: colours.muted, letterSpacing: 0.8, marginRight: 5 },
  metaValue: { fontSize: 8.5, color: colours.text },
  body: { paddingLeft: INDENT + 12, paddingRight: 12 },
  subhead: { fontFamily: FONT_BOLD, fontSize: 9, color: colours.ink, marginTop: 11, marginBottom: 5 },
  subheadNote: { fontFamily: FONT_ITALIC, fontSize: 8, color: colours.muted },
  step: { flexDirection: 'row', marginBottom: 4.5 },
  stepNumber: { width: 16, fontFamily: FONT_BOLD, fontSize: 9, lineHeight: 1.45 },
  stepText: { flex: 1, fontSize: 9, color: colours.text, lineHeight: 1.45 },
  impact: { borderLeftWidth: 2, paddingLeft: 9, paddingVertical: 1 },
  impactText: { fontSize: 9, color: colours.text, lineHeight: 1.45 },
  finding: {
    borderWidth: 0.75,
    borderColor: colours.rule,
    borderRadius: 4,
    paddingVertical: 6,
    paddingHorizontal: 8,
    marginBottom: 4,
  },
  findingTitle: { fontFamily: FONT_BOLD, fontSize: 8.5, color: colours.ink, lineHeight: 1.35 },
  findingSummary: { fontSize: 8.2, color: colours.text, lineHeight: 1.4, marginTop: 1.5 },
  empty: { fontFamily: FONT_ITALIC, fontSize: 8.5, color: colours.muted },
});

const priorityRank = { Critical: 0, High: 1, Medium: 2, Low: 3 } as const;

/** Most urgent first; strategies of the same priority keep the order they were written in. */
export function orderStrategies(strategies: TMarketingStrategy[]): TMarketingStrategy[] {
  return strategies
    .map((strategy, i) => ({ strategy, i }))
    .sort((a, b) => priorityRank[a.strategy.priority] - priorityRank[b.strategy.priority] || a.i - b.i)
    .map(({ strategy }) => strategy);
}

export function PriorityPill({ priority, width = 52 }: { priority: TMarketingStrategy['priority']; width?: number }) {
  const c = priorityColours[priority];
  return <Pill label={priority} fg={c.fg} bg={c.bg} width={width} />;
}

type TPart = { heading: ReactNode; items: ReactNode[] };

/**
 * One strategy. Nothing is left stranded at the foot of a page: the head travels with the first
 * sub-heading and its first item, and every later sub-heading with its own first item.
 */
export function StrategyBlock({
  strategy,
  index,
  ctx,
  intro,
}: {
  strategy: TMarketingStrategy;
  index: number;
  ctx: TReportContext;
  /** shown above the first strategy and kept on its page: the section title */
  intro?: ReactNode;
}) {
  const { theme } = ctx;
  const steps = strategy.implementation.filter((step) => step.trim() !== '');
  const parts: TPart[] = [
    {
      heading: 'Implementation',
      items:
        steps.length > 0
          ? steps.map((step, i) => (
              <View key={i} style={styles.step} wrap={false}>
                <Text style={[styles.stepNumber, { color: theme.accent }]}>{`${i + 1}.`}</Text>
                <P style={styles.stepText}>{step}</P>
              </View>
            ))
          : [
              <Text key="none" style={styles.empty}>
                No steps were given for this strategy.
              </Text>,
            ],
    },
  ];
  if (strategy.expectedImpact.trim() !== '') {
    parts.push({
      heading: 'Expected impact',
      items: [
        <View key="impact" style={[styles.impact, { borderLeftColor: theme.secondary }]}>
          <P style={styles.impactText}>{strategy.expectedImpact}</P>
        </View>,
      ],
    });
  }
  parts.push({
    heading: (
      <>
        Based on
        <Text style={styles.subheadNote}>{'   what the audit measured'}</Text>
      </>
    ),
    items:
      strategy.basedOn.length > 0
        ? strategy.basedOn.map((finding, i) => (
            <View key={i} style={styles.finding} wrap={false}>
              <P style={styles.findingTitle}>{finding.title}</P>
              {finding.summary.trim() ? <P style={styles.findingSummary}>{finding.summary}</P> : null}
            </View>
          ))
        : [
            <Text key="none" style={styles.empty}>
              No measured findings are linked to this strategy.
            </Text>,
          ],
  });

  const head = (
    <View style={styles.head}>
      <View style={styles.headTop}>
        <View style={[styles.number, { backgroundColor: theme.primary }]}>
          <Text style={[styles.numberText, { color: theme.onPrimary }]}>{index + 1}</Text>
        </View>
        <P style={styles.title}>{strategy.strategy}</P>
        <View style={styles.pill}>
          <PriorityPill priority={strategy.priority} />
        </View>
      </View>
      <View style={styles.meta}>
        <MetaItem label="CATEGORY" value={strategy.category} />
        <MetaItem label="TIMELINE" value={strategy.timeline} />
      </View>
    </View>
  );

  // Everything is a direct child of the page flow, not nested in a wrapping View: react-pdf
  // paginates flat siblings reliably, but mis-places an unbreakable first child of a breakable box.
  return (
    <>
      {parts.map((part, p) => {
        const [first, ...rest] = part.items;
        const last = p === parts.length - 1;
        return (
          <Fragment key={p}>
            <View wrap={false} style={last && rest.length === 0 ? styles.block : {}}>
              {p === 0 ? intro : null}
              {p === 0 ? head : null}
              <View style={styles.body}>
                <Text style={styles.subhead}>{part.heading}</Text>
                {first}
              </View>
            </View>
            {rest.map((item, i) => (
              <View key={i} wrap={false} style={[styles.body, last && i === rest.length - 1 ? styles.block : {}]}>
                {item}
              </View>
            ))}
          </Fragment>
        );
      })}
    </>
  );
}

function MetaItem({ label, value }: { label: string; value: string }) {
  if (value.trim() === '') return null;
  return (
    <View style={styles.metaItem}>
      <Text style={styles.metaLabel}>{label}</Text>
      <Text style={styles.metaValue}>{value}</Text>
    </View>
  );
}
