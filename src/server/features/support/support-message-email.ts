/**
 * The administrators' notice of a new support message. Built from the stored message at send time,
 * so what they read is what the inbox holds; the text is rendered as text, never as markup.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { supportPriorityLabels } from '../../../shared/schemas/support.ts';
import { supportMessages, users } from '../../db/schema/index.ts';
import { defineEmailComposer, EmailNotSendableError } from '../../emails/composer.ts';
import { renderEmail } from '../../emails/templates/render-email.tsx';

export const SUPPORT_MESSAGE_EMAIL_KIND = 'support-message';

export const supportMessageEmailParams = z.object({ supportMessageId: z.uuid() });

export const supportMessageEmail = defineEmailComposer({
  kind: SUPPORT_MESSAGE_EMAIL_KIND,
  params: supportMessageEmailParams,
  async compose(deps, params) {
    const [row] = await deps.db
      .select({ message: supportMessages, accountEmail: users.email })
      .from(supportMessages)
      .leftJoin(users, eq(users.id, supportMessages.userId))
      .where(eq(supportMessages.id, params.supportMessageId));
    if (!row) throw new EmailNotSendableError('The support message no longer exists');
    const { message, accountEmail } = row;
    const priority = supportPriorityLabels[message.priority];
    const { html, text } = renderEmail({
      preheader: `${message.name} (${message.email}): ${message.subject}`,
      title: 'New support message',
      blocks: [
        {
          type: 'figures',
          rows: [
            { label: 'From', value: message.name },
            { label: 'Reply to', value: message.email },
            { label: 'Signed in as', value: accountEmail ?? 'Account deleted' },
            { label: 'Priority', value: priority },
            { label: 'Subject', value: message.subject },
          ],
        },
        { type: 'quote', text: message.message, cite: message.name },
        { type: 'button', label: 'Open the Support Inbox', url: `${deps.config.publicUrl}/admin/support` },
        { type: 'note', text: 'The sender was promised a reply within 24 hours.' },
      ],
      footerNote: 'You received this because you are a Brandlens administrator.',
      publicUrl: deps.config.publicUrl,
    });
    const urgency = message.priority === 'high' ? 'High priority: ' : '';
    return { subject: `Support: ${urgency}${message.subject}`, html, text, attachments: [] };
  },
});
