import type { z } from 'zod';
import type { AiWriter } from '../ai/provider.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { UploadStorage } from '../features/uploads/storage.ts';
import type { JobLogger } from '../jobs/define-job.ts';

/** What a composer may use to build its message; it runs in the send-email job, never in a request. */
export type EmailComposeDeps = {
  db: Database;
  config: Config;
  logger: JobLogger;
  /** null when no language model is configured */
  ai: AiWriter | null;
  uploads: UploadStorage;
  /** Aborted when the attempt expires or the worker stops */
  signal: AbortSignal;
};

export type EmailAttachment = { filename: string; contentType: string; content: Buffer };

/** A composed message: the HTML part always comes with its plain-text part. */
export type ComposedEmail = {
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
  /** One-click unsubscribe (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post */
  unsubscribeUrl?: string;
  /** The sender's display name (a white label's company), at MAIL_FROM's address; absent: MAIL_FROM as set */
  senderName?: string;
};

/** Stored as JSON on the outbox row: plain data only (no Dates, no class instances). */
export type EmailParamsSchema = z.ZodType<Record<string, unknown>>;

export type EmailComposer<TSchema extends EmailParamsSchema = EmailParamsSchema> = Readonly<{
  /** Names the message on its outbox row, e.g. 'consumer-insights-report'. */
  kind: string;
  /** What the composer needs to build the message, checked when it is queued and again when it is sent. */
  params: TSchema;
  /**
   * Builds the message from the database as it is at send time. Load heavy renderers (PDF) with a
   * dynamic import inside, so the web process that only queues the message never loads them.
   * Throw EmailNotSendableError when the message can no longer be sent (its brand was deleted):
   * the message fails at once instead of being retried.
   */
  compose(deps: EmailComposeDeps, params: z.output<TSchema>): Promise<ComposedEmail>;
}>;

const KIND = /^[a-z0-9][a-z0-9-]{0,59}$/;

export function defineEmailComposer<TSchema extends EmailParamsSchema>(
  composer: EmailComposer<TSchema>,
): EmailComposer<TSchema> {
  if (!KIND.test(composer.kind)) {
    throw new Error(`E-mail kind "${composer.kind}" must be lower-case letters, digits and dashes, at most 60`);
  }
  return Object.freeze({ ...composer });
}

/**
 * The message cannot be sent and trying again will not change that (its subject was deleted, its
 * parameters no longer make sense). The message is marked failed with this reason, without retries.
 */
export class EmailNotSendableError extends Error {
  override name = 'EmailNotSendableError';
}
