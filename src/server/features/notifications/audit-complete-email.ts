/**
 * The e-mail sent when an audit completes, to the brand's owner while their "audit complete"
 * notification is on: the scores, the first recommendations and a button to the report.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sortRecommendations } from '../../../shared/recommendation-order.ts';
import { type TAuditAnalysis, ZRecommendation } from '../../../shared/schemas/audits.ts';
import { audits, brands, users } from '../../db/schema/index.ts';
import { defineEmailComposer, EmailNotSendableError } from '../../emails/composer.ts';
import { renderEmail } from '../../emails/templates/render-email.tsx';
import { unsubscribeUrlFor } from './unsubscribe-token.ts';

export const AUDIT_COMPLETE_EMAIL_KIND = 'audit-complete';
/** How many recommendations the message lists; the report has them all. */
const TOP_RECOMMENDATIONS = 3;

export const auditCompleteEmailParams = z.object({ auditId: z.uuid(), userId: z.uuid() });

const scoreText = (score: number | null) => (score === null ? 'Not enough measured' : `${score}/100`);

export const auditCompleteEmail = defineEmailComposer({
  kind: AUDIT_COMPLETE_EMAIL_KIND,
  params: auditCompleteEmailParams,
  async compose(deps, params) {
    const [row] = await deps.db
      .select({ audit: audits, brandName: brands.name, user: users })
      .from(audits)
      .innerJoin(brands, eq(brands.id, audits.brandId))
      .innerJoin(users, eq(users.id, brands.userId))
      .where(eq(audits.id, params.auditId));
    if (row?.audit.status !== 'completed') throw new EmailNotSendableError('The audit no longer exists');
    if (row.user.id !== params.userId) throw new EmailNotSendableError('The brand has another owner now');
    if (!row.user.notifyAuditComplete) {
      throw new EmailNotSendableError('The recipient turned audit complete e-mails off before it was sent');
    }
    const { audit, brandName, user } = row;
    const coverage = (audit.analysis as TAuditAnalysis | null)?.coverage;
    const overall = coverage?.overallMeasured === false ? null : audit.overallScore;
    const recommendations = sortRecommendations(
      audit.recommendations.flatMap((item) => {
        const parsed = ZRecommendation.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ).slice(0, TOP_RECOMMENDATIONS);
    const reportUrl = `${deps.config.publicUrl}/audit-results/${audit.id}`;
    const summary = `${brandName} scored ${scoreText(overall)} overall.`;

    const { html, text } = renderEmail({
      preheader: summary,
      title: `Your audit of ${brandName} is complete`,
      blocks: [
        { type: 'paragraph', text: user.firstName ? `Hello ${user.firstName},` : 'Hello,' },
        { type: 'paragraph', text: `The brand audit of ${brandName} has finished. ${summary}` },
        {
          type: 'figures',
          rows: [
            { label: 'Overall score', value: scoreText(overall) },
            { label: 'Website', value: scoreText(audit.websiteScore) },
            { label: 'Social media', value: scoreText(audit.socialMediaScore) },
            { label: 'Brand assets', value: scoreText(audit.brandAssetsScore) },
          ],
        },
        ...(recommendations.length > 0
          ? [
              { type: 'heading' as const, text: 'Top recommendations' },
              {
                type: 'list' as const,
                items: recommendations.map((item) => `${item.title} (${item.priority} priority)`),
              },
            ]
          : []),
        { type: 'button', label: 'View Audit Results', url: reportUrl },
      ],
      footerNote: 'You received this because audit complete e-mails are on in your Brandlens notification settings.',
      publicUrl: deps.config.publicUrl,
      unsubscribeUrl: unsubscribeUrlFor(deps.config, user.id, 'auditComplete'),
    });
    return { subject: `Brandlens: your audit of ${brandName} is complete`, html, text, attachments: [] };
  },
});
