/**
 * The spike alert e-mail of the daily discovery (queued by alert-spike.ts): the day, its share of
 * negative mentions against a usual day's, and the rule that found it.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createCalendar, SPIKE_RULE } from '../../analysis/sentiment-report/index.ts';
import { brands, users } from '../../db/schema/index.ts';
import { defineEmailComposer, EmailNotSendableError } from '../../emails/composer.ts';
import { renderEmail } from '../../emails/templates/render-email.tsx';
import { unsubscribeUrlFor } from '../notifications/unsubscribe-token.ts';

export const MENTION_SPIKE_EMAIL_KIND = 'mention-spike';
export const mentionSpikeEmailParams = z.object({
  brandId: z.uuid(),
  userId: z.uuid(),
  day: z.string(),
  mentions: z.number().int(),
  negativeShare: z.number(),
  baselineShare: z.number(),
});
export type SpikeParams = z.infer<typeof mentionSpikeEmailParams>;

export const mentionSpikeEmail = defineEmailComposer({
  kind: MENTION_SPIKE_EMAIL_KIND,
  params: mentionSpikeEmailParams,
  async compose(deps, params) {
    const [row] = await deps.db
      .select({ brand: brands, user: users })
      .from(brands)
      .innerJoin(users, eq(users.id, brands.userId))
      .where(eq(brands.id, params.brandId));
    if (!row || row.user.id !== params.userId) throw new EmailNotSendableError('The brand has another owner now');
    if (!row.user.notifyMentionSpikes) {
      throw new EmailNotSendableError('The recipient turned mention spike e-mails off before it was sent');
    }
    const calendar = createCalendar();
    const dayLabel = new Date(`${params.day}T12:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: calendar.timeZone,
    });
    const summary = `On ${dayLabel}, ${params.negativeShare}% of ${params.mentions} mentions of ${row.brand.name} were negative, against ${params.baselineShare}% on a usual day.`;
    const unsubscribeUrl = unsubscribeUrlFor(deps.config, row.user.id, 'mentionSpikes');
    const { html, text } = renderEmail({
      preheader: summary,
      title: `Spike alert: ${row.brand.name}`,
      blocks: [
        { type: 'paragraph', text: row.user.firstName ? `Hello ${row.user.firstName},` : 'Hello,' },
        { type: 'paragraph', text: `Today's discovery found new mentions. ${summary}` },
        { type: 'note', text: `How a spike is found: ${SPIKE_RULE}` },
        { type: 'button', label: 'View Consumer Insights', url: `${deps.config.publicUrl}/consumer-insights` },
      ],
      footerNote: 'You received this because mention spike e-mails are on in your Brandlens notification settings.',
      publicUrl: deps.config.publicUrl,
      unsubscribeUrl,
    });
    return {
      subject: `Brandlens: spike in negative mentions of ${row.brand.name}`,
      html,
      text,
      attachments: [],
      unsubscribeUrl,
    };
  },
});
