/**
 * The weekly digest: what the reader's last seven days held (audits completed and their scores,
 * new consumer insights and their sentiment, new competitor ads) and the actions still open.
 * Built at send time from the database; a week with nothing in it is not sent.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { defineEmailComposer, EmailNotSendableError } from '../../emails/composer.ts';
import type { EmailBlock } from '../../emails/templates/email-document.ts';
import { renderEmail } from '../../emails/templates/render-email.tsx';
import { collectWeeklyDigest, type WeeklyDigest } from './collect-weekly-digest.ts';
import { unsubscribeUrlFor } from './unsubscribe-token.ts';

export const WEEKLY_DIGEST_EMAIL_KIND = 'weekly-digest';

export const weeklyDigestEmailParams = z.object({
  userId: z.uuid(),
  /** ISO instants of the week covered */
  since: z.iso.datetime(),
  until: z.iso.datetime(),
});

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function auditBlocks(digest: WeeklyDigest, timeZone: string): EmailBlock[] {
  if (digest.audits.length === 0) return [];
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone });
  return [
    { type: 'heading', text: `Audits completed (${digest.audits.length})` },
    {
      type: 'figures',
      rows: digest.audits.map((audit) => ({
        label: `${audit.brandName}, ${day.format(audit.completedAt)}`,
        value: audit.overallScore === null ? 'Not enough measured' : `${audit.overallScore}/100`,
      })),
    },
  ];
}

function insightBlocks(digest: WeeklyDigest): EmailBlock[] {
  const { total, positive, neutral, negative } = digest.insights;
  if (total === 0) return [];
  const share = (part: number) => `${Math.round((part / total) * 100)}%`;
  return [
    { type: 'heading', text: 'Consumer insights' },
    {
      type: 'figures',
      rows: [
        { label: 'New insights', value: String(total) },
        { label: 'Positive', value: `${positive} (${share(positive)})` },
        { label: 'Neutral', value: `${neutral} (${share(neutral)})` },
        { label: 'Negative', value: `${negative} (${share(negative)})` },
      ],
    },
  ];
}

function competitorBlocks(digest: WeeklyDigest): EmailBlock[] {
  if (digest.competitorAds.length === 0) return [];
  const total = digest.competitorAds.reduce((sum, row) => sum + row.count, 0);
  return [
    { type: 'heading', text: `Competitor ads (${plural(total, 'new ad', 'new ads')})` },
    {
      type: 'list',
      items: digest.competitorAds.map((row) => `${row.competitorName}: ${plural(row.count, 'ad', 'ads')}`),
    },
  ];
}

export const weeklyDigestEmail = defineEmailComposer({
  kind: WEEKLY_DIGEST_EMAIL_KIND,
  params: weeklyDigestEmailParams,
  async compose(deps, params) {
    const [user] = await deps.db.select().from(users).where(eq(users.id, params.userId));
    if (!user) throw new EmailNotSendableError('The account no longer exists');
    if (!user.notifyWeeklyDigest) throw new EmailNotSendableError('The recipient turned the weekly digest off');
    const window = { since: new Date(params.since), until: new Date(params.until) };
    const digest = await collectWeeklyDigest(deps.db, deps.config, user, window);
    if (!digest) throw new EmailNotSendableError('Nothing happened this week');

    const summary = [
      digest.audits.length > 0 ? plural(digest.audits.length, 'audit completed', 'audits completed') : null,
      digest.insights.total > 0 ? plural(digest.insights.total, 'new insight', 'new insights') : null,
      digest.competitorAds.length > 0
        ? plural(
            digest.competitorAds.reduce((sum, row) => sum + row.count, 0),
            'new competitor ad',
            'new competitor ads',
          )
        : null,
    ]
      .filter(Boolean)
      .join(', ');
    const { html, text } = renderEmail({
      preheader: `Your week: ${summary}.`,
      title: 'Your week in Brandlens',
      blocks: [
        { type: 'paragraph', text: user.firstName ? `Hello ${user.firstName},` : 'Hello,' },
        { type: 'paragraph', text: `Here is what happened in the last seven days: ${summary}.` },
        ...auditBlocks(digest, user.timezone),
        ...insightBlocks(digest),
        ...competitorBlocks(digest),
        {
          type: 'paragraph',
          text:
            digest.pendingActions > 0
              ? `You have ${plural(digest.pendingActions, 'action', 'actions')} waiting on your dashboard.`
              : 'You have no actions waiting.',
        },
        { type: 'button', label: 'Open Dashboard', url: `${deps.config.publicUrl}/` },
      ],
      footerNote: 'You received this because the weekly digest is on in your Brandlens notification settings.',
      publicUrl: deps.config.publicUrl,
      unsubscribeUrl: unsubscribeUrlFor(deps.config, user.id, 'weeklyDigest'),
    });
    return { subject: `Brandlens: your week (${summary})`, html, text, attachments: [] };
  },
});
