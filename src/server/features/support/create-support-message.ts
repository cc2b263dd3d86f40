import { inArray } from 'drizzle-orm';
import { MAX_EMAIL_RECIPIENTS } from '../../../shared/schemas/email.ts';
import type { TSupportContact, TSupportContactResponse } from '../../../shared/schemas/support.ts';
import { supportMessages, users } from '../../db/schema/index.ts';
import { queueEmail } from '../../emails/queue-email.ts';
import type { Actor } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { SUPPORT_MESSAGE_EMAIL_KIND } from './support-message-email.ts';

type Deps = Pick<FeatureContext, 'db' | 'config' | 'queue' | 'logger'>;

/** Who is told of a new message: ADMIN_EMAILS, and the addresses of the accounts in ADMIN_USER_IDS. */
export async function administratorAddresses(deps: Pick<Deps, 'db' | 'config'>): Promise<string[]> {
  const { userIds, emails } = deps.config.admin;
  const accounts =
    userIds.length > 0
      ? await deps.db.select({ email: users.email }).from(users).where(inArray(users.id, userIds))
      : [];
  const addresses = [...emails, ...accounts.map((account) => account.email.toLowerCase())];
  return [...new Set(addresses)];
}

/**
 * The administrators' e-mail about a stored message. The message is already in the inbox, so a
 * failure to queue the notice is logged and the sender is not told their message failed.
 */
async function notifyAdministrators(deps: Deps, messageId: string): Promise<void> {
  try {
    const recipients = await administratorAddresses(deps);
    if (recipients.length === 0 || !deps.queue) {
      deps.logger.warn({ messageId }, 'support message stored without a notice: no administrator address or no jobs');
      return;
    }
    await queueEmail(deps, {
      userId: null,
      idempotencyKey: messageId,
      kind: SUPPORT_MESSAGE_EMAIL_KIND,
      params: { supportMessageId: messageId },
      recipients: recipients.slice(0, MAX_EMAIL_RECIPIENTS),
    });
  } catch (error) {
    deps.logger.error({ err: error, messageId }, 'the support message notice could not be queued');
  }
}

/** Stores a contact-form message for the signed-in sender and tells the administrators by e-mail. */
export async function createSupportMessage(
  deps: Deps,
  { actor, input }: { actor: Actor; input: TSupportContact },
): Promise<TSupportContactResponse> {
  const [created] = await deps.db
    .insert(supportMessages)
    .values({ ...input, userId: actor.user.id })
    .returning({ id: supportMessages.id, status: supportMessages.status });
  if (!created) throw new Error('The support message was not stored');
  await notifyAdministrators(deps, created.id);
  return created;
}
