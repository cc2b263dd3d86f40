import { and, eq, inArray, sql } from 'drizzle-orm';
import { outboxMessages } from '../db/schema/index.ts';
import { describeIssues } from '../http/errors.ts';
import { fileStoreOf } from '../storage/create-file-store.ts';
import type { ComposedEmail, EmailComposeDeps } from './composer.ts';
import { buildRawMessage, messageIdFor } from './mime.ts';
import { outboxLocationOf, readStoredEml, writeStoredMessage } from './outbox-files.ts';
import { emailComposerFor } from './registry.ts';
import { AttemptFailure, failureOfComposing, failureOfStoring } from './send-failures.ts';
import { deliverBySmtp, describeSmtpFailure, isPermanentSmtpFailure } from './smtp.ts';

type OutboxRow = typeof outboxMessages.$inferSelect;
export type SendEmailDeps = Omit<EmailComposeDeps, 'signal'>;
export type SendAttempt = { isFinalAttempt: boolean; signal: AbortSignal };
export type SendOutcome = {
  outcome: 'sent' | 'failed' | 'already-sent' | 'already-failed' | 'missing';
  transport?: 'smtp' | 'outbox';
};

/**
 * Takes the message for this attempt: queued, or left sending by an attempt that died. A message
 * already sent (or failed for good) is not taken, so running the job again never sends it twice.
 */
async function claim(deps: SendEmailDeps, id: string, transport: 'smtp' | 'outbox'): Promise<OutboxRow | null> {
  const [row] = await deps.db
    .update(outboxMessages)
    .set({ status: 'sending', attempts: sql`${outboxMessages.attempts} + 1`, transport })
    .where(and(eq(outboxMessages.id, id), inArray(outboxMessages.status, ['queued', 'sending'])))
    .returning();
  return row ?? null;
}

function checkComposed(kind: string, composed: ComposedEmail): ComposedEmail {
  const subject = composed.subject.replace(/\s+/g, ' ').trim();
  if (!subject || !composed.text.trim() || !composed.html.trim()) {
    throw new AttemptFailure(`The ${kind} composer returned a message without a subject, text or HTML part`, true);
  }
  return { ...composed, subject };
}

async function compose(deps: SendEmailDeps, row: OutboxRow, signal: AbortSignal): Promise<ComposedEmail> {
  const composer = emailComposerFor(row.kind);
  // A worker older than the process that queued the message may not know its kind yet: retried.
  if (!composer) throw new AttemptFailure(`No composer builds e-mails of kind "${row.kind}" in this process`, false);
  const params = composer.params.safeParse(row.params);
  if (!params.success) {
    const issues = params.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new AttemptFailure(`The message's parameters are not valid: ${describeIssues(issues)}`, true);
  }
  try {
    return checkComposed(row.kind, await composer.compose({ ...deps, signal }, params.data));
  } catch (error) {
    throw failureOfComposing(error);
  }
}

/**
 * The raw message: the copy stored by an earlier attempt, so every attempt sends the same bytes,
 * or composed now from the database and stored before it is handed to any transport.
 */
/** MAIL_FROM, or its address under a white label's name: the quoted name cannot break out of the header. */
function senderOf(composed: ComposedEmail, mail: { from: string; fromAddress: string }): string {
  const name = composed.senderName?.replace(/["\\\r\n]/g, '').trim();
  return name ? `"${name}" <${mail.fromAddress}>` : mail.from;
}

async function rawMessageOf(deps: SendEmailDeps, row: OutboxRow, signal: AbortSignal): Promise<Buffer> {
  const files = fileStoreOf(deps.config);
  const stored = await readStoredEml(files, row.id).catch((error: unknown) => {
    throw failureOfStoring(error, outboxLocationOf(files));
  });
  if (stored) return stored;
  const composed = await compose(deps, row, signal);
  const from = senderOf(composed, deps.config.mail);
  const raw = await buildRawMessage({
    ...composed,
    from,
    recipients: row.recipients,
    messageId: row.messageId ?? messageIdFor(row.id, deps.config.mail.fromAddress),
    date: new Date(),
  });
  const emlPath = await writeStoredMessage(files, row.id, raw, {
    from,
    subject: composed.subject,
    text: composed.text,
    html: composed.html,
    attachments: composed.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.content.length,
    })),
  }).catch((error: unknown) => {
    throw failureOfStoring(error, outboxLocationOf(files));
  });
  await deps.db.update(outboxMessages).set({ subject: composed.subject, emlPath }).where(eq(outboxMessages.id, row.id));
  return raw;
}

async function deliver(deps: SendEmailDeps, row: OutboxRow, raw: Buffer, signal: AbortSignal): Promise<string | null> {
  const { smtpUrl, fromAddress } = deps.config.mail;
  if (!smtpUrl) return null;
  try {
    const { rejected } = await deliverBySmtp(smtpUrl, { raw, from: fromAddress, recipients: row.recipients }, signal);
    return rejected.length > 0
      ? `The mail server refused ${rejected.join(', ')}; the others were sent the message`
      : null;
  } catch (error) {
    throw new AttemptFailure(describeSmtpFailure(error, smtpUrl), isPermanentSmtpFailure(error), error);
  }
}

/**
 * The send-email job's work for one outbox message: compose it (once), keep the .eml, hand it to
 * SMTP when SMTP_URL is set, and record the outcome on the row. A failure that retrying cannot fix
 * fails the message at once; any other is recorded and thrown for pg-boss to retry, and the last
 * attempt's failure fails the message with its reason.
 */
export async function sendOutboxMessage(deps: SendEmailDeps, id: string, attempt: SendAttempt): Promise<SendOutcome> {
  const transport = deps.config.mail.smtpUrl ? 'smtp' : 'outbox';
  const row = await claim(deps, id, transport);
  if (!row) {
    const [current] = await deps.db
      .select({ status: outboxMessages.status })
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id));
    deps.logger.info({ outboxId: id, status: current?.status ?? null }, 'e-mail not sent: nothing to do');
    if (!current) return { outcome: 'missing' };
    return { outcome: current.status === 'sent' ? 'already-sent' : 'already-failed' };
  }
  try {
    const raw = await rawMessageOf(deps, row, attempt.signal);
    const partial = await deliver(deps, row, raw, attempt.signal);
    await deps.db
      .update(outboxMessages)
      .set({ status: 'sent', sentAt: new Date(), lastError: partial })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending')));
    deps.logger.info({ outboxId: id, kind: row.kind, transport, attempt: row.attempts }, 'e-mail sent');
    return { outcome: 'sent', transport };
  } catch (error) {
    const failure = error instanceof AttemptFailure ? error : new AttemptFailure(messageOf(error), false, error);
    return recordFailure(deps, row, failure, attempt);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function recordFailure(
  deps: SendEmailDeps,
  row: OutboxRow,
  failure: AttemptFailure,
  attempt: SendAttempt,
): Promise<SendOutcome> {
  const final = failure.permanent || attempt.isFinalAttempt;
  const reason =
    final && !failure.permanent
      ? `Gave up after ${row.attempts} ${row.attempts === 1 ? 'attempt' : 'attempts'}. Last error: ${failure.message}`
      : failure.message;
  await deps.db
    .update(outboxMessages)
    .set({ status: final ? 'failed' : 'queued', lastError: reason })
    .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, 'sending')));
  const log = { outboxId: row.id, kind: row.kind, attempt: row.attempts, err: failure.cause ?? failure };
  if (failure.permanent) {
    deps.logger.warn(log, `e-mail failed without retry: ${reason}`);
    return { outcome: 'failed' };
  }
  if (final) deps.logger.error(log, `e-mail failed: ${reason}`);
  else deps.logger.warn(log, `e-mail attempt failed; it will be retried: ${reason}`);
  throw failure;
}
