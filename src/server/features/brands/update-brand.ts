import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZUpdateBrandRequest } from '../../../shared/schemas/brands.ts';
import { audits, auditUsage, brands } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow, ownedBy } from '../../http/access.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { type BrandRow, changeableBrand, toBrandDto, withAdMarkets } from './brand-dto.ts';
import { forgetUnusedUploads, uploadKeysOfBrand } from './brand-uploads.ts';
import { assertOwnUpload } from './create-brand.ts';

export async function updateBrand(
  ctx: FeatureContext,
  { actor, brandId, input }: { actor: Actor; brandId: string; input: z.output<typeof ZUpdateBrandRequest> },
) {
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  await assertCanChangeBrand(ctx.db, brand, { toDoMore: 'change your brands' });
  await assertOwnUpload(ctx, actor, input.logoUrl);
  for (const asset of input.assets ?? []) await assertOwnUpload(ctx, actor, asset.url, 'brand asset');
  const changes = Object.fromEntries(Object.entries(withAdMarkets(input)).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return toBrandDto(brand, changeableBrand);
  const [updated] = await ctx.db
    .update(brands)
    .set(changes)
    .where(and(eq(brands.id, brandId), ownedBy(actor, brands.userId)))
    .returning();
  return toBrandDto(updated as BrandRow, changeableBrand);
}

/**
 * Deletes the brand with its audits. Allowed on every plan, read-only brands included: it is how
 * an account back on a smaller plan chooses which brands it keeps working on. The audits' usage
 * records stay (they count against the plan over the account's history), except those of failed
 * audits, which never counted. Its logo and asset uploads go too, unless another brand or the
 * white label still shows them.
 */
export async function deleteBrand(ctx: FeatureContext, { actor, brandId }: { actor: Actor; brandId: string }) {
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  const forgotten = await ctx.db.transaction(async (tx) => {
    const failed = tx
      .select({ id: audits.id })
      .from(audits)
      .where(and(eq(audits.brandId, brandId), eq(audits.status, 'failed')));
    await tx.delete(auditUsage).where(inArray(auditUsage.auditId, failed));
    await tx.delete(brands).where(and(eq(brands.id, brandId), ownedBy(actor, brands.userId)));
    return forgetUnusedUploads(tx, brand.userId, uploadKeysOfBrand(brand));
  });
  // After the commit: a file that will not go is left behind, never the brand kept.
  const results = await Promise.allSettled(forgotten.map((key) => ctx.uploads.remove(key)));
  const failures = results.filter((result) => result.status === 'rejected');
  if (failures.length > 0) {
    ctx.logger.error(
      { failures: failures.map((failure) => String((failure as PromiseRejectedResult).reason)) },
      'brand deletion: uploads left in the file store',
    );
  }
}
