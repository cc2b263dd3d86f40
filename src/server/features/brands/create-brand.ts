import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZCreateBrandRequest } from '../../../shared/schemas/brands.ts';
import type { Database } from '../../db/client.ts';
import { brands, uploadedFiles, users } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { assertAccessNotEnded, assertBrandSlotFree } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { type BrandRow, changeableBrand, toBrandDto, withAdMarkets } from './brand-dto.ts';

/** A logo must be a file this account uploaded. */
export async function assertOwnUpload(
  ctx: FeatureContext,
  actor: Actor,
  url: string | null | undefined,
  what: 'logo' | 'brand asset' = 'logo',
) {
  if (!url) return;
  const storageKey = url.split('/').at(-1) ?? '';
  const [file] = await ctx.db
    .select({ id: uploadedFiles.id })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.storageKey, storageKey), ownedBy(actor, uploadedFiles.userId)));
  if (!file) throw new AppError('validation', `Upload the ${what} first`);
}

export async function createBrand(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: z.output<typeof ZCreateBrandRequest> },
) {
  await assertOwnUpload(ctx, actor, input.logoUrl);
  for (const asset of input.assets ?? []) await assertOwnUpload(ctx, actor, asset.url, 'brand asset');
  const ownerId = actor.workspaceOwnerId;
  // The plan checks and the insert run in one transaction that locks the owner's row, so two
  // concurrent requests cannot both take the last free brand slot.
  const brand = await ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select().from(users).where(eq(users.id, ownerId)).for('update');
    if (!owner) throw new AppError('not_found', 'Account not found');
    assertAccessNotEnded(owner, 'add brands');
    await assertBrandSlotFree(tx as unknown as Database, owner);
    const [created] = await tx
      .insert(brands)
      .values({
        userId: ownerId,
        name: input.name,
        websiteUrl: input.websiteUrl ?? null,
        instagramHandle: input.instagramHandle ?? null,
        twitterHandle: input.twitterHandle ?? null,
        linkedinHandle: input.linkedinHandle ?? null,
        tiktokHandle: input.tiktokHandle ?? null,
        facebookHandle: input.facebookHandle ?? null,
        blueskyHandle: input.blueskyHandle ?? null,
        mastodonHandle: input.mastodonHandle ?? null,
        youtubeHandle: input.youtubeHandle ?? null,
        logoUrl: input.logoUrl ?? null,
        colourPalette: input.colourPalette ?? [],
        fonts: input.fonts ?? [],
        assets: input.assets ?? [],
        ...(input.adMarket || input.adMarkets
          ? { adMarket: withAdMarkets(input).adMarket, adMarkets: withAdMarkets(input).adMarkets }
          : {}),
        ...(input.renderMode ? { renderMode: input.renderMode } : {}),
      })
      .returning();
    return created as BrandRow;
  });
  return toBrandDto(brand, changeableBrand);
}
