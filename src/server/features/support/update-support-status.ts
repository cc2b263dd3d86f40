import { and, eq, inArray } from 'drizzle-orm';
import {
  supportStatuses,
  supportStatusLabels,
  supportStatusTransitions,
  type TSupportMessage,
  type TSupportStatus,
} from '../../../shared/schemas/support.ts';
import type { Database } from '../../db/client.ts';
import { supportMessages, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { toSupportMessage } from './support-message-dto.ts';

/** The statuses a message may be moved to `status` from. */
function sourcesOf(status: TSupportStatus): TSupportStatus[] {
  return supportStatuses.filter((from) => supportStatusTransitions[from].includes(status));
}

function refusal(from: TSupportStatus, to: TSupportStatus): AppError {
  const label = supportStatusLabels[to].toLowerCase();
  if (from === to) return new AppError('conflict', `This message is already ${label}`);
  // The only other refusals: back to open, or a resolved message moved again.
  if (to === 'open') return new AppError('conflict', 'A message cannot be moved back to open');
  return new AppError('conflict', `A resolved message cannot be moved back to ${label}`);
}

/**
 * Moves a message along SPEC §4's transitions. The check and the change are one statement, so two
 * administrators pressing buttons at once cannot move a message backwards: the second gets 409.
 */
export async function updateSupportStatus(
  db: Database,
  input: { messageId: string; status: TSupportStatus },
): Promise<TSupportMessage> {
  const sources = sourcesOf(input.status);
  const [updated] =
    sources.length === 0
      ? []
      : await db
          .update(supportMessages)
          .set({ status: input.status })
          .where(and(eq(supportMessages.id, input.messageId), inArray(supportMessages.status, sources)))
          .returning();
  if (!updated) {
    const [current] = await db
      .select({ status: supportMessages.status })
      .from(supportMessages)
      .where(eq(supportMessages.id, input.messageId));
    if (!current) throw notFound('Message not found');
    throw refusal(current.status, input.status);
  }
  const [account] = updated.userId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, updated.userId))
    : [];
  return toSupportMessage(updated, account?.email ?? null);
}
