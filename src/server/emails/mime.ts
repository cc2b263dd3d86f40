import type { Transporter } from 'nodemailer';
import type { ComposedEmail } from './composer.ts';

let mimeBuilder: Promise<Transporter> | undefined;

/**
 * Builds messages without sending them: the raw RFC 822 text that is both sent and kept as .eml.
 * nodemailer loads with the first message, not when a web process starts.
 */
function mimeBuilderOf(): Promise<Transporter> {
  mimeBuilder ??= import('nodemailer').then(({ default: nodemailer }) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  );
  return mimeBuilder;
}

/**
 * The Message-ID of an outbox message: its row id at the sender's domain. Fixed when the message is
 * queued, so a message sent again after a crash carries the same id and mail systems can tell.
 */
export function messageIdFor(outboxId: string, fromAddress: string): string {
  const domain = fromAddress.split('@').pop() || 'brandlens.local';
  return `<${outboxId}@${domain}>`;
}

export type RawMessageInput = ComposedEmail & {
  from: string;
  recipients: string[];
  messageId: string;
  date: Date;
};

/** The whole message, headers and MIME parts, with CRLF line ends. */
export async function buildRawMessage(input: RawMessageInput): Promise<Buffer> {
  const info = await (await mimeBuilderOf()).sendMail({
    from: input.from,
    to: input.recipients,
    subject: input.subject,
    text: input.text,
    html: input.html,
    attachments: input.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
    messageId: input.messageId,
    date: input.date,
    // Written by the product, not a person: out-of-office replies are not sent back (RFC 3834).
    headers: {
      'Auto-Submitted': 'auto-generated',
      ...(input.unsubscribeUrl
        ? { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : {}),
    },
    // Attachments are given as buffers; nothing is read from disk or fetched from a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const message = info.message;
  if (!Buffer.isBuffer(message)) throw new Error('The message builder did not return the message text');
  return message;
}
