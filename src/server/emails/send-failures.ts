import { ZodError } from 'zod';
import { AppError } from '../http/errors.ts';
import { EmailNotSendableError } from './composer.ts';

/** Why one attempt to send a message failed, and whether another attempt could succeed. */
export class AttemptFailure extends Error {
  override name = 'AttemptFailure';

  constructor(
    /** A sentence an administrator can read on the outbox screen */
    reason: string,
    /** true: retrying cannot help, so the message fails now */
    readonly permanent: boolean,
    cause?: unknown,
  ) {
    super(reason, cause === undefined ? undefined : { cause });
  }
}

/**
 * A composer's error: EmailNotSendableError, and an AppError that refuses the request itself (its
 * record is gone, the plan no longer allows it), fail the message at once; anything else (the
 * database or a renderer failing) may pass, and is retried.
 */
export function failureOfComposing(error: unknown): AttemptFailure {
  if (error instanceof AttemptFailure) return error;
  if (error instanceof EmailNotSendableError) return new AttemptFailure(error.message, true, error);
  if (error instanceof AppError && error.status < 500) return new AttemptFailure(error.message, true, error);
  const detail = error instanceof ZodError ? 'its content did not validate' : (error as Error)?.message;
  return new AttemptFailure(`Composing the message failed: ${detail ?? String(error)}`, false, error);
}

export function failureOfStoring(error: unknown, outboxDir: string): AttemptFailure {
  const detail = error instanceof Error ? error.message : String(error);
  return new AttemptFailure(`The message could not be stored in ${outboxDir}: ${detail}`, false, error);
}
