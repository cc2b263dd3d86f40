import { and, eq } from 'drizzle-orm';
import type { TGeneratedRecommendations } from '../../../shared/schemas/recommendations.ts';
import { writeMarketingRecommendations } from '../../ai/marketing-recommendations.ts';
import { marketingRecommendations } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { generateActionItems, sourceAuditOf } from '../action-items/generate-action-items.ts';
import { newShareToken } from '../audit-reports/share-audit.ts';
import { getAuditOrThrow } from '../audits/get-audit-or-throw.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { recommendationFacts } from './recommendation-facts.ts';
import { toRecommendations } from './recommendations-dto.ts';

/**
 * Writes (or rewrites) an audit's marketing recommendations from its measured findings, keeps the
 * share token stable across regenerations, and turns the audit's recommendations into action items.
 */
export async function generateRecommendations(
  ctx: FeatureContext,
  { actor, auditId }: { actor: Actor; auditId: string },
): Promise<TGeneratedRecommendations> {
  const { audit, brand } = await getAuditOrThrow(ctx.db, actor, auditId);
  if (audit.status !== 'completed') {
    throw new AppError('conflict', 'Marketing recommendations need a completed audit');
  }
  await assertCanChangeBrand(ctx.db, brand, { feature: 'recommendations', toDoMore: 'generate recommendations' });
  const facts = await recommendationFacts(ctx.db, audit, brand);
  const written = await writeMarketingRecommendations(ctx.ai, facts, ctx.logger);
  const { writtenBy, ...content } = written.value;
  const values = { ...content, writtenBy, updatedAt: new Date() };
  const [saved] = await ctx.db
    .insert(marketingRecommendations)
    .values({ auditId, brandId: brand.id, userId: audit.userId, shareableToken: newShareToken(), ...values })
    .onConflictDoUpdate({ target: marketingRecommendations.auditId, set: values })
    .returning();
  if (!saved) throw new Error(`saving recommendations for audit ${auditId} returned nothing`);
  const actionItems = await generateActionItems(ctx.db, actor, [sourceAuditOf(audit, brand.name)]);
  return {
    recommendations: toRecommendations(saved),
    shareableToken: saved.shareableToken,
    isPublic: saved.isPublic,
    createdAt: saved.createdAt.toISOString(),
    actionItems: actionItems.items,
  };
}

export async function setRecommendationsSharing(
  ctx: FeatureContext,
  { actor, auditId, isPublic }: { actor: Actor; auditId: string; isPublic: boolean },
) {
  await getAuditOrThrow(ctx.db, actor, auditId);
  // Stopping replaces the token, so a link shared before never works again (see stopSharingAudit).
  const [updated] = await ctx.db
    .update(marketingRecommendations)
    .set(isPublic ? { isPublic } : { isPublic, shareableToken: newShareToken() })
    .where(and(eq(marketingRecommendations.auditId, auditId), ownedBy(actor, marketingRecommendations.userId)))
    .returning();
  if (!updated) throw new AppError('not_found', 'Generate the recommendations first');
  return {
    shareableToken: updated.shareableToken,
    isPublic: updated.isPublic,
    path: `/marketing-recommendations/${updated.shareableToken}`,
  };
}
