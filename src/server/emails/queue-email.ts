import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ZEmailRecipients } from '../../shared/schemas/email.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { AppError, describeIssues } from '../http/errors.ts';
import { sendEmailJob } from '../jobs/definitions/send-email.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { messageIdFor } from './mime.ts';
import { emailComposerFor } from './registry.ts';

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/** What queueing needs; a FeatureContext has all of it. */
export type QueueEmailDeps = { db: Database; queue: JobQueue | null; config: Config };

export type QueueEmailInput = {
  /** The account the message is sent for (its owner sees it as theirs); null for system mail */
  userId: string | null;
  /**
   * What makes two requests the same message: the second returns the first's row and sends nothing.
   * Name the occasion, not the content, e.g. `${reportId}:${scheduledFor}` for a scheduled report or
   * a request id the browser generates per dialog for a "send" button. Keys are kept per kind and
   * per account, so one account's key never finds another's message.
   */
  idempotencyKey: string;
  /** A kind registered in emails/registry.ts */
  kind: string;
  /** The composer's parameters: checked now against its schema, read again when the job composes */
  params: Record<string, unknown>;
  /** Each checked with the shared address schema; an invalid one is a 400 with its message */
  recipients: string[];
};

const MAX_KEY_LENGTH = 200;

/** The stored key: kind and account first, so keys from different callers never meet. */
function storedKeyOf(input: QueueEmailInput): string {
  const key = `${input.kind}:${input.userId ?? 'system'}:${input.idempotencyKey}`;
  if (key.length <= MAX_KEY_LENGTH) return key;
  const digest = createHash('sha256').update(input.idempotencyKey).digest('hex');
  return `${input.kind}:${input.userId ?? 'system'}:sha256:${digest}`;
}

function checkedRecipients(recipients: string[]): string[] {
  const parsed = ZEmailRecipients.safeParse(recipients);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: '', message: issue.message }));
  throw new AppError('validation', describeIssues(issues));
}

/**
 * Queues one e-mail: stores its outbox row (status queued, Message-ID fixed now) and sends the
 * send-email job that composes and delivers it. Queueing again with the same idempotency key
 * returns the stored row and sends nothing new. Returns the row.
 */
export async function queueEmail(deps: QueueEmailDeps, input: QueueEmailInput): Promise<OutboxMessageRow> {
  const composer = emailComposerFor(input.kind);
  if (!composer) throw new Error(`No e-mail composer is registered for kind "${input.kind}"`);
  if (!input.idempotencyKey) throw new Error('An e-mail needs an idempotency key');
  const recipients = checkedRecipients(input.recipients);
  // The caller built the parameters; a mismatch is a mistake in the code, not in the request.
  composer.params.parse(input.params);
  const { queue } = deps;
  if (!queue) throw new AppError('upstream_failed', 'Background work is not running on this server');

  const id = randomUUID();
  const idempotencyKey = storedKeyOf(input);
  const [created] = await deps.db
    .insert(outboxMessages)
    .values({
      id,
      userId: input.userId,
      idempotencyKey,
      kind: input.kind,
      params: input.params,
      recipients,
      messageId: messageIdFor(id, deps.config.mail.fromAddress),
    })
    .onConflictDoNothing({ target: outboxMessages.idempotencyKey })
    .returning();
  if (!created) {
    const [existing] = await deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.idempotencyKey, idempotencyKey));
    if (!existing) throw new Error('The outbox message with this idempotency key disappeared');
    // Should the first call have stopped between storing the row and queueing its job, this queues
    // it; while the job exists, the queue's one-job-per-message policy refuses the duplicate.
    if (existing.status === 'queued') await queue.send(sendEmailJob, { messageId: existing.id });
    return existing;
  }
  try {
    await queue.send(sendEmailJob, { messageId: created.id });
  } catch (error) {
    // Nothing was sent: without its row, the same call can be made again.
    await deps.db.delete(outboxMessages).where(eq(outboxMessages.id, created.id));
    throw error;
  }
  return created;
}
