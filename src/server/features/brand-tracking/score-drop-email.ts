/**
 * The e-mail sent to a brand's owner when an audit scores 5 or more points below the brand's
 * previous audit, while their "audit complete" notification is on: both scores, each area's
 * change, and the checks that passed before and fail now.
 */
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { TAuditAnalysis } from '../../../shared/schemas/audits.ts';
import { audits, brands, users } from '../../db/schema/index.ts';
import { defineEmailComposer, EmailNotSendableError } from '../../emails/composer.ts';
import { type EmailBlock, renderEmail } from '../../emails/templates/render-email.tsx';
import type { AuditRow } from '../audits/audit-dto.ts';
import { unsubscribeUrlFor } from '../notifications/unsubscribe-token.ts';
import { checksNowFailing } from './score-drop.ts';

export const SCORE_DROP_EMAIL_KIND = 'score-drop';

export const scoreDropEmailParams = z.object({ auditId: z.uuid(), previousAuditId: z.uuid(), userId: z.uuid() });

const areaNames = { website: 'Website', socialMedia: 'Social media', brandAssets: 'Brand assets' } as const;

const scoreText = (score: number | null) => (score === null ? 'Not enough measured' : `${score}/100`);

function overallOf(audit: AuditRow): number | null {
  return (audit.analysis as TAuditAnalysis | null)?.coverage?.overallMeasured === false ? null : audit.overallScore;
}

const changeRow = (label: string, before: number | null, now: number | null) => ({
  label,
  value: `${scoreText(before)} → ${scoreText(now)}`,
});

export const scoreDropEmail = defineEmailComposer({
  kind: SCORE_DROP_EMAIL_KIND,
  params: scoreDropEmailParams,
  async compose(deps, params) {
    const rows = await deps.db
      .select({ audit: audits, brandName: brands.name, brandOwnerId: brands.userId })
      .from(audits)
      .innerJoin(brands, eq(brands.id, audits.brandId))
      .where(inArray(audits.id, [params.auditId, params.previousAuditId]));
    const current = rows.find((row) => row.audit.id === params.auditId);
    const previous = rows.find((row) => row.audit.id === params.previousAuditId);
    if (current?.audit.status !== 'completed' || previous?.audit.status !== 'completed') {
      throw new EmailNotSendableError('The audits no longer exist');
    }
    if (current.brandOwnerId !== params.userId) throw new EmailNotSendableError('The brand has another owner now');
    const [user] = await deps.db.select().from(users).where(eq(users.id, params.userId));
    if (!user?.notifyAuditComplete) {
      throw new EmailNotSendableError('The recipient turned audit complete e-mails off before it was sent');
    }
    const { brandName } = current;
    const before = overallOf(previous.audit);
    const now = overallOf(current.audit);
    const points = before !== null && now !== null ? before - now : null;
    const newlyFailed = checksNowFailing(previous.audit, current.audit);
    const reportUrl = `${deps.config.publicUrl}/audit-results/${current.audit.id}`;
    const previousDate = (previous.audit.completedAt ?? previous.audit.createdAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: user.timezone,
    });
    const summary = `${brandName}'s overall score fell${points === null ? '' : ` ${points} points`}, from ${scoreText(before)} to ${scoreText(now)}.`;

    const changedChecks: EmailBlock[] =
      newlyFailed.length > 0
        ? [
            { type: 'heading', text: 'Checks that passed before and fail now' },
            {
              type: 'list',
              items: newlyFailed.map((check) => `${check.title} (${areaNames[check.area]}): ${check.summary}`),
            },
          ]
        : [
            {
              type: 'note',
              text: 'No check that passed before fails now: the fall comes from checks measured for the first time or no longer measured. The report lists every check.',
            },
          ];
    const unsubscribeUrl = unsubscribeUrlFor(deps.config, user.id, 'auditComplete');
    const { html, text } = renderEmail({
      preheader: summary,
      title: `${brandName}'s brand score dropped`,
      blocks: [
        { type: 'paragraph', text: user.firstName ? `Hello ${user.firstName},` : 'Hello,' },
        { type: 'paragraph', text: `${summary} The previous audit was completed on ${previousDate}.` },
        {
          type: 'figures',
          rows: [
            changeRow('Overall score', before, now),
            changeRow(areaNames.website, previous.audit.websiteScore, current.audit.websiteScore),
            changeRow(areaNames.socialMedia, previous.audit.socialMediaScore, current.audit.socialMediaScore),
            changeRow(areaNames.brandAssets, previous.audit.brandAssetsScore, current.audit.brandAssetsScore),
          ],
        },
        ...changedChecks,
        { type: 'button', label: 'View Audit Results', url: reportUrl },
      ],
      footerNote: 'You received this because audit complete e-mails are on in your Brandlens notification settings.',
      publicUrl: deps.config.publicUrl,
      unsubscribeUrl,
    });
    return {
      subject: `Brandlens: ${brandName}'s score dropped${points === null ? '' : ` ${points} points`}`,
      html,
      text,
      attachments: [],
      unsubscribeUrl,
    };
  },
});
