import type { TBrand, TBrandRecord } from '../../../shared/schemas/brands.ts';
import type { brands } from '../../db/schema/index.ts';
import type { BrandAccess } from '../billing/plan-limits.ts';

export type BrandRow = typeof brands.$inferSelect;

export function toBrandRecord(brand: BrandRow): TBrandRecord {
  return {
    id: brand.id,
    userId: brand.userId,
    name: brand.name,
    websiteUrl: brand.websiteUrl,
    instagramHandle: brand.instagramHandle,
    twitterHandle: brand.twitterHandle,
    linkedinHandle: brand.linkedinHandle,
    tiktokHandle: brand.tiktokHandle,
    facebookHandle: brand.facebookHandle,
    blueskyHandle: brand.blueskyHandle,
    mastodonHandle: brand.mastodonHandle,
    youtubeHandle: brand.youtubeHandle,
    logoUrl: brand.logoUrl,
    colourPalette: brand.colourPalette,
    fonts: brand.fonts,
    assets: brand.assets,
    adMarket: brand.adMarket,
    adMarkets: brand.adMarkets?.length ? brand.adMarkets : [brand.adMarket],
    renderMode: brand.renderMode,
    createdAt: brand.createdAt.toISOString(),
  };
}

/** A brand its owner's plan lets change now (one just created or changed). */
export const changeableBrand: BrandAccess = { readOnly: false, readOnlyReason: null };

export function toBrandDto(brand: BrandRow, access: BrandAccess): TBrand {
  return { ...toBrandRecord(brand), ...access };
}

/** The markets list and the main market (its first) always agree, whichever of them is sent. */
export function withAdMarkets<T extends { adMarket?: string; adMarkets?: string[] }>(input: T): T {
  if (input.adMarkets?.length) return { ...input, adMarket: input.adMarkets[0] };
  if (input.adMarket) return { ...input, adMarkets: [input.adMarket] };
  return input;
}
