import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { NOT_ENOUGH_MEASURED, toAddSentence } from '../../../shared/audit-labels.ts';
import type { TAuditDetail, TCheckResult, TScoreGroup } from '../../../shared/schemas/audits.ts';
import { countOf } from '../../../shared/words.ts';
import type { TReportContext } from '../context.ts';
import { areaCoverage, areaScore, checksOf, countStatuses } from '../summary.ts';
import { areaLabels, formatEvidenceValue, groupLabel, statusLabels, type TArea, truncate } from '../text.ts';
import { colours, FONT, FONT_BOLD, FONT_ITALIC, FONT_MONO, statusColours } from '../theme.ts';
import { A4_WIDTH, PAGE_MARGIN_X } from './page-chrome.tsx';
import { BandPill, BreakText, P, Pill, ScoreValue } from './primitives.tsx';
import { ScoreBar } from './score-ring.tsx';
import { SocialProfilesSection } from './social-profiles.tsx';

export const MAX_EVIDENCE = 5;
const PILL_WIDTH = 62;
const CELL_GAP = 8;
/** content width (A4 less margins) less the check indent and the table padding */
const EVIDENCE_WIDTH = A4_WIDTH - 2 * PAGE_MARGIN_X - (PILL_WIDTH + 8) - 12;

const styles = StyleSheet.create({
  areaHead: { borderRadius: 6, paddingVertical: 12, paddingHorizontal: 14, marginBottom: 14 },
  areaTop: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center' },
  areaKicker: { fontFamily: FONT_BOLD, fontSize: 7.5, letterSpacing: 1.2, marginBottom: 3 },
  areaTitle: { fontFamily: FONT_BOLD, fontSize: 17, color: colours.ink },
  areaScore: { alignItems: 'flex-end' },
  areaMeta: { fontSize: 8.5, color: colours.text, marginTop: 6, lineHeight: 1.45 },
  extra: { marginTop: 8, paddingTop: 8, borderTopWidth: 0.5, borderTopColor: colours.rule },
  extraLabel: { fontFamily: FONT_BOLD, fontSize: 7.5, color: colours.muted, letterSpacing: 0.6, marginBottom: 4 },
  problem: { flexDirection: 'row', marginBottom: 2 },
  swatches: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center' },
  swatch: { flexDirection: 'row', alignItems: 'center', marginRight: 12, marginBottom: 3 },
  chip: { width: 12, height: 12, borderRadius: 3, marginRight: 4, borderWidth: 0.5, borderColor: colours.faint },
  groupHead: { marginTop: 14, marginBottom: 2 },
  groupTop: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end', marginBottom: 5 },
  groupTitle: { fontFamily: FONT_BOLD, fontSize: 11.5, color: colours.ink },
  coverage: { fontSize: 8, color: colours.muted, marginTop: 2 },
  groupScore: { flexDirection: 'row', alignItems: 'center' },
  checkHead: { paddingTop: 7 },
  checkTop: { flexDirection: 'row', alignItems: 'flex-start' },
  checkEnd: { paddingBottom: 7, borderBottomWidth: 0.5, borderBottomColor: colours.rule },
  checkTitle: { flex: 1, fontFamily: FONT_BOLD, fontSize: 9, color: colours.ink, lineHeight: 1.35, marginLeft: 8 },
  body: { paddingLeft: PILL_WIDTH + 8 },
  summary: { fontSize: 8.5, color: colours.text, lineHeight: 1.45, marginTop: 1.5 },
  evTable: { marginTop: 5, paddingHorizontal: 6, paddingVertical: 4, borderRadius: 4, backgroundColor: colours.panel },
  evHead: { flexDirection: 'row', paddingBottom: 2.5 },
  evRow: { flexDirection: 'row', paddingVertical: 2.5 },
  evRowRule: { borderTopWidth: 0.5, borderTopColor: colours.rule },
  evLabel: { fontFamily: FONT_BOLD, fontSize: 6.3, color: colours.faint, letterSpacing: 0.5, marginRight: CELL_GAP },
  evText: { fontSize: 7.6, color: colours.text, lineHeight: 1.35 },
  evMono: { fontFamily: FONT_MONO, fontSize: 7.3, color: colours.ink, lineHeight: 1.35 },
  evFaint: { fontFamily: FONT_ITALIC, fontSize: 7.6, color: colours.faint, lineHeight: 1.35 },
  evNote: { fontFamily: FONT_ITALIC, fontSize: 7.6, color: colours.muted, lineHeight: 1.35 },
  more: { fontFamily: FONT_ITALIC, fontSize: 7.8, color: colours.muted, marginTop: 4 },
  empty: { fontFamily: FONT_ITALIC, fontSize: 8.5, color: colours.muted, paddingVertical: 6 },
});

type TEvidence = TCheckResult['evidence'][number];
type TColumn = 'url' | 'selector' | 'value' | 'note';

const columns: { key: TColumn; label: string; weight: number; mono: boolean }[] = [
  { key: 'url', label: 'URL', weight: 5, mono: false },
  { key: 'selector', label: 'ELEMENT', weight: 3.4, mono: true },
  { key: 'value', label: 'VALUE', weight: 3.4, mono: true },
  { key: 'note', label: 'NOTE', weight: 3.2, mono: false },
];

function present(evidence: TEvidence, key: TColumn): boolean {
  return key === 'value' ? evidence.value !== undefined : Boolean(evidence[key]);
}

function EvidenceCell({
  evidence,
  column,
  width,
  accent,
}: {
  evidence: TEvidence;
  column: TColumn;
  width: number;
  accent: string;
}) {
  const box = { width, marginRight: CELL_GAP };
  if (!present(evidence, column)) return <Text style={[styles.evFaint, box]}>-</Text>;
  if (column === 'url' && evidence.url) {
    const text = truncate(evidence.url, 300);
    const style = { ...styles.evText, color: accent };
    return <BreakText text={text} href={evidence.url} max={Math.floor(width / 4.4)} style={style} box={box} />;
  }
  if (column === 'note') return <P style={[styles.evNote, box]}>{truncate(evidence.note ?? '', 400)}</P>;
  const text = column === 'selector' ? (evidence.selector ?? '') : formatEvidenceValue(evidence.value ?? null);
  const style = column === 'value' && evidence.value === null ? styles.evFaint : styles.evMono;
  return <BreakText text={truncate(text, 300)} max={Math.floor(width / 4.6)} style={style} box={box} />;
}

/** The evidence of one check as a compact table; only the columns some item fills are shown. */
function EvidenceTable({ items, hidden, accent }: { items: TEvidence[]; hidden: number; accent: string }) {
  const used = columns.filter((c) => items.some((e) => present(e, c.key)));
  if (used.length === 0) return null;
  const total = used.reduce((sum, c) => sum + c.weight, 0);
  const widthOf = (weight: number) => (EVIDENCE_WIDTH * weight) / total - CELL_GAP;
  const row = (evidence: TEvidence, i: number) => (
    <View style={[styles.evRow, i === 0 ? {} : styles.evRowRule]} wrap={false}>
      {used.map((c) => (
        <EvidenceCell key={c.key} evidence={evidence} column={c.key} width={widthOf(c.weight)} accent={accent} />
      ))}
    </View>
  );
  const [first, ...rest] = items;
  return (
    <View style={styles.evTable}>
      {/* the column labels never end a page without a row under them */}
      <View wrap={false}>
        <View style={styles.evHead}>
          {used.map((c) => (
            <Text key={c.key} style={[styles.evLabel, { width: widthOf(c.weight) }]}>
              {c.label}
            </Text>
          ))}
        </View>
        {first ? row(first, 0) : null}
      </View>
      {rest.map((evidence, i) => (
        <View key={i}>{row(evidence, i + 1)}</View>
      ))}
      {hidden > 0 ? (
        <Text style={styles.more}>{`and ${hidden} more ${hidden === 1 ? 'item' : 'items'} of evidence`}</Text>
      ) : null}
    </View>
  );
}

function CheckItem({ check, accent }: { check: TCheckResult; accent: string }) {
  const c = statusColours[check.status];
  const shown = check.evidence.slice(0, MAX_EVIDENCE);
  const hidden = check.evidence.length - shown.length;
  // Head and body are siblings in the page flow (not wrapped in one View) so the head's
  // minPresenceAhead can move it to the next page with its evidence.
  return (
    <>
      <View style={styles.checkHead} wrap={false} minPresenceAhead={shown.length > 0 ? 40 : 0}>
        <View style={styles.checkTop}>
          <Pill label={statusLabels[check.status]} fg={c.fg} bg={c.bg} width={PILL_WIDTH} />
          <P style={styles.checkTitle}>{check.title}</P>
        </View>
        {check.summary ? (
          <View style={styles.body}>
            <P style={styles.summary}>{check.summary}</P>
          </View>
        ) : null}
      </View>
      <View style={[styles.body, styles.checkEnd]}>
        <EvidenceTable items={shown} hidden={hidden} accent={accent} />
      </View>
    </>
  );
}

function GroupBlock({ name, group, accent }: { name: string; group: TScoreGroup; accent: string }) {
  return (
    <>
      <View style={styles.groupHead} minPresenceAhead={80} wrap={false}>
        <View style={styles.groupTop}>
          <View style={{ flex: 1, paddingRight: 12 }}>
            <Text style={styles.groupTitle}>{groupLabel(name)}</Text>
            {group.coverage ? <P style={styles.coverage}>{group.coverage}</P> : null}
          </View>
          <View style={styles.groupScore}>
            {group.score === null ? null : <ScoreValue score={group.score} size={12} />}
            <View style={{ width: 6 }} />
            <BandPill score={group.score} />
          </View>
        </View>
        <ScoreBar score={group.score} height={3} />
      </View>
      {group.checks.length === 0 ? <Text style={styles.empty}>No checks were recorded for this group.</Text> : null}
      {group.checks.map((check) => (
        <CheckItem key={check.id} check={check} accent={accent} />
      ))}
    </>
  );
}

function AreaExtras({ audit, area }: { audit: TAuditDetail; area: TArea }) {
  const problems = audit.analysis?.crawl?.problems ?? [];
  if (area === 'website' && problems.length > 0) {
    return (
      <View style={styles.extra}>
        <Text style={styles.extraLabel}>ADDRESSES THE CRAWLER COULD NOT READ</Text>
        {problems.slice(0, MAX_EVIDENCE).map((p, i) => (
          <View key={i} style={styles.problem}>
            <View style={{ width: '55%', paddingRight: 8 }}>
              <BreakText text={truncate(p.url, 200)} style={styles.evText} />
            </View>
            <P style={[styles.evNote, { flex: 1 }]}>{p.reason}</P>
          </View>
        ))}
        {problems.length > MAX_EVIDENCE ? (
          <Text style={styles.more}>{`and ${problems.length - MAX_EVIDENCE} more`}</Text>
        ) : null}
      </View>
    );
  }
  const { colourPalette, fonts } = audit.brand;
  if (area === 'brandAssets' && (colourPalette.length > 0 || fonts.length > 0)) {
    return (
      <View style={styles.extra}>
        <Text style={styles.extraLabel}>DECLARED BRAND ASSETS</Text>
        <View style={styles.swatches}>
          {colourPalette.map((hex) => (
            <View key={hex} style={styles.swatch}>
              <View style={[styles.chip, { backgroundColor: /^#[0-9a-f]{6}$/i.test(hex) ? hex : colours.white }]} />
              <Text style={styles.evMono}>{hex.toUpperCase()}</Text>
            </View>
          ))}
          {fonts.length > 0 ? (
            <P style={[styles.evText, { fontFamily: FONT }]}>{`Fonts: ${fonts.join(', ')}`}</P>
          ) : null}
        </View>
      </View>
    );
  }
  return null;
}

export function AreaSection({ audit, area, ctx }: { audit: TAuditDetail; area: TArea; ctx: TReportContext }) {
  const groups = Object.entries(audit.analysis?.[area] ?? {});
  const counts = countStatuses(checksOf(audit, area));
  const coverage = areaCoverage(audit, area);
  const score = areaScore(audit, area);
  const parts = [
    `${counts.pass} passed`,
    `${counts.fail} failed`,
    counts.not_applicable ? `${counts.not_applicable} not applicable` : null,
    counts.not_measured ? `${counts.not_measured} not measured` : null,
  ].filter(Boolean);
  return (
    <>
      <View style={[styles.areaHead, { backgroundColor: ctx.theme.accentTint }]} wrap={false}>
        <View style={styles.areaTop}>
          <View>
            <Text style={[styles.areaKicker, { color: ctx.theme.accent }]}>DETAILED FINDINGS</Text>
            <Text style={styles.areaTitle}>{areaLabels[area]}</Text>
          </View>
          <View style={styles.areaScore}>
            {score === null ? null : <ScoreValue score={score} size={20} />}
            <View style={{ height: 4 }} />
            <BandPill score={score} />
          </View>
        </View>
        <P style={styles.areaMeta}>
          {`${countOf(groups.length, 'group')}, ${countOf(counts.pass + counts.fail + counts.not_applicable + counts.not_measured, 'check')}: ${parts.join(', ')}.${coverage ? ` Coverage: ${coverage.coverage}.` : ''}${coverage?.enough === false ? ` ${NOT_ENOUGH_MEASURED}, left out of the overall score. ${toAddSentence(coverage.toAdd, coverage.coverage)}` : ''}`}
        </P>
        <AreaExtras audit={audit} area={area} />
      </View>
      {groups.length === 0 ? <Text style={styles.empty}>No findings were recorded for this area.</Text> : null}
      {area === 'socialMedia' ? <SocialProfilesSection audit={audit} /> : null}
      {groups.map(([name, group]) => (
        <GroupBlock key={name} name={name} group={group} accent={ctx.theme.accent} />
      ))}
    </>
  );
}
