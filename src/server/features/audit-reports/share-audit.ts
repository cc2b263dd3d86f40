import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TShareAuditResponse } from '../../../shared/schemas/audits.ts';
import { auditReports } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { getAuditOrThrow } from '../audits/get-audit-or-throw.ts';
import type { FeatureContext } from '../context.ts';

/** 192 random bits, URL-safe. */
export const newShareToken = () => randomBytes(24).toString('base64url');

/** Makes a completed audit readable by anyone with its link, creating the report record once. */
export async function shareAudit(
  ctx: FeatureContext,
  { actor, auditId, maxDownloads }: { actor: Actor; auditId: string; maxDownloads?: number },
): Promise<TShareAuditResponse> {
  const { audit } = await getAuditOrThrow(ctx.db, actor, auditId);
  if (audit.status !== 'completed') throw new AppError('conflict', 'Only a completed audit can be shared');
  const values = { isPublic: true, ...(maxDownloads === undefined ? {} : { maxDownloads }) };
  // One statement, so two first shares at once make one report record and one token.
  const [saved] = await ctx.db
    .insert(auditReports)
    .values({ auditId, shareableToken: newShareToken(), ...values })
    .onConflictDoUpdate({ target: auditReports.auditId, set: values })
    .returning();
  if (!saved) throw new Error(`sharing audit ${auditId} saved nothing`);
  return {
    shareableToken: saved.shareableToken,
    isPublic: saved.isPublic,
    path: `/reports/${saved.shareableToken}`,
    maxDownloads: saved.maxDownloads,
    downloadCount: saved.downloadCount,
  };
}

/**
 * Stops the link for good: the token is replaced as sharing stops, so sharing again hands out a
 * new link and an old one that leaked never opens the report again.
 */
export async function stopSharingAudit(ctx: FeatureContext, { actor, auditId }: { actor: Actor; auditId: string }) {
  const { report } = await getAuditOrThrow(ctx.db, actor, auditId);
  if (report) {
    await ctx.db
      .update(auditReports)
      .set({ isPublic: false, shareableToken: newShareToken() })
      .where(eq(auditReports.id, report.id));
  }
}
