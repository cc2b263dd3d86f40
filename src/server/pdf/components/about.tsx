import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TAuditDetail } from '../../../shared/schemas/audits.ts';
import { brandingContacts, type TReportContext } from '../context.ts';
import { colours, FONT_BOLD } from '../theme.ts';
import { P } from './primitives.tsx';

const styles = StyleSheet.create({
  box: { marginTop: 26, padding: 14, borderRadius: 6, backgroundColor: colours.panel },
  title: { fontFamily: FONT_BOLD, fontSize: 10.5, color: colours.ink, marginBottom: 5 },
  text: { fontSize: 8.5, color: colours.text, lineHeight: 1.5, marginBottom: 3 },
  meta: { fontSize: 7.5, color: colours.muted, marginTop: 4 },
});

/** Closing note: what the report is based on, and who prepared it. */
export function AboutReport({ audit, ctx }: { audit: TAuditDetail; ctx: TReportContext }) {
  const preparedBy = ctx.branding?.companyName ?? 'Brandlens';
  const contact = brandingContacts(ctx).join(' or ');
  return (
    <View style={styles.box} wrap={false}>
      <Text style={styles.title}>About this report</Text>
      <P style={styles.text}>
        {`The findings come from automated checks of ${audit.brand.websiteUrl ? "the brand's public website, " : ''}its declared social profiles and the brand assets supplied${ctx.auditDate ? `, run on ${ctx.auditDate}` : ''}. They describe what could be measured then; anything marked "Not measured" was left out of the scores rather than estimated.`}
      </P>
      {audit.writtenBy === 'ai' ? (
        <P style={styles.text}>
          The narrative (the strengths, the weaknesses and the wording of the recommendations) was written with AI from
          the measured findings. Scores, checks, evidence, priorities, time estimates and score impacts come from the
          measurements themselves.
        </P>
      ) : null}
      <P style={styles.text}>
        {`Prepared by ${preparedBy}${ctx.generatedOn ? ` on ${ctx.generatedOn}` : ''}.${contact ? ` Questions: ${contact}.` : ''}`}
      </P>
      <Text style={styles.meta}>{`Audit reference ${audit.id}`}</Text>
    </View>
  );
}
