import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { paymentProviderUnreachableMessage } from '../../../shared/schemas/account.ts';
import {
  accountExports,
  agencyTeamMembers,
  outboxMessages,
  sessions,
  subscriptions,
  supportMessages,
  uploadedFiles,
  users,
} from '../../db/schema/index.ts';
import { removeStoredMessage } from '../../emails/outbox-files.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { BillingProviderError } from '../../integrations/billing-provider.ts';
import { fileStoreOf } from '../../storage/create-file-store.ts';
import type { FeatureContext } from '../context.ts';
import { exportStorageKey, removeExportFile } from './export-files.ts';

/** Subscriptions the provider may still charge for: everything not yet ended. */
const openStatuses = ['incomplete', 'trialing', 'active', 'past_due'] as const;

const stripeNotConfiguredMessage =
  'Your subscription is with Stripe, which this server is not set up to reach, so it cannot be cancelled and nothing has been deleted. Please contact support.';

/**
 * Ends every subscription of the account at the payment provider, now (not at the period's end):
 * nobody is charged for an account that no longer exists. If the provider cannot be reached, the
 * deletion stops here with a 502 and nothing is deleted; subscriptions ended before the failure
 * are recorded as ended.
 */
async function cancelSubscriptionsNow(ctx: FeatureContext, userId: string) {
  const open = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...openStatuses]),
        isNotNull(subscriptions.providerSubscriptionId),
      ),
    );
  for (const subscription of open) {
    if (ctx.billing?.kind !== subscription.provider) {
      // Demo billing moves no money: without it there is nothing to stop. Stripe would keep charging.
      if (subscription.provider === 'demo') continue;
      throw new AppError('not_configured', stripeNotConfiguredMessage);
    }
    try {
      await ctx.billing.cancelNow(subscription.providerSubscriptionId as string, `delete-account:${subscription.id}`);
    } catch (error) {
      if (error instanceof BillingProviderError) {
        ctx.logger.warn({ err: error, subscriptionId: subscription.id }, 'account deletion: cancelling failed');
        throw new AppError('upstream_failed', paymentProviderUnreachableMessage);
      }
      throw error;
    }
    await ctx.db
      .update(subscriptions)
      .set({ status: 'canceled', cancelAtPeriodEnd: false, endedAt: new Date() })
      .where(eq(subscriptions.id, subscription.id));
  }
}

/** What lives on disk for the account: read before the rows that name them are deleted. */
async function filesOf(ctx: FeatureContext, userId: string) {
  const uploads = await ctx.db
    .select({ key: uploadedFiles.storageKey })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.userId, userId));
  const mail = await ctx.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(eq(outboxMessages.userId, userId));
  const exports = await ctx.db
    .select({ id: accountExports.id })
    .from(accountExports)
    .where(eq(accountExports.userId, userId));
  return {
    uploadKeys: uploads.map((row) => row.key),
    outboxIds: mail.map((row) => row.id),
    exportIds: exports.map((row) => row.id),
  };
}

type AccountFiles = Awaited<ReturnType<typeof filesOf>>;

/**
 * Deletes the rows: the users row cascades to everything the account owns (brands and all under
 * them, billing, tokens, exports, progress). What does not cascade goes explicitly: sign-in
 * sessions (the user id is inside their JSON), the account's memberships of other agencies, its
 * mail and its support messages (both kept, ownerless, when a user row goes by other means).
 */
async function deleteRows(ctx: FeatureContext, user: { id: string; email: string }) {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${user.id}`);
    await tx.delete(agencyTeamMembers).where(eq(agencyTeamMembers.memberEmail, user.email.toLowerCase()));
    await tx.delete(outboxMessages).where(eq(outboxMessages.userId, user.id));
    await tx.delete(supportMessages).where(eq(supportMessages.userId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}

/** Removes the files once their rows are gone; a file that will not go is logged, never fatal. */
async function removeFiles(ctx: FeatureContext, files: AccountFiles) {
  const removals = [
    ...files.uploadKeys.map((key) => ctx.uploads.remove(key)),
    ...files.outboxIds.map((id) => removeStoredMessage(fileStoreOf(ctx.config), id)),
    ...files.exportIds.map((id) => removeExportFile(ctx.config, exportStorageKey(id))),
  ];
  const results = await Promise.allSettled(removals);
  const failures = results.filter((result) => result.status === 'rejected');
  if (failures.length > 0) {
    ctx.logger.error(
      { failures: failures.map((failure) => String((failure as PromiseRejectedResult).reason)) },
      'account deletion: files left in the file store',
    );
  }
}

/**
 * DELETE /api/account: cancels the account's subscriptions at the provider, then deletes every
 * row and file it owns. It is always the acting person's own account: a team member deletes their
 * own, and an agency owner's deletion ends the members' access (their accounts stay). Shared
 * links die with the audits and recommendations they point at. The route signs the browser out.
 */
export async function deleteAccount(ctx: FeatureContext, { actor }: { actor: Actor }): Promise<void> {
  const { user } = actor;
  await cancelSubscriptionsNow(ctx, user.id);
  const files = await filesOf(ctx, user.id);
  await deleteRows(ctx, user);
  await removeFiles(ctx, files);
  ctx.logger.info({ userId: user.id }, 'account deleted');
}
