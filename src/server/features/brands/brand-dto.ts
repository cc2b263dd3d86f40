import type { TBrand } from '../../../shared/schemas/brands.ts';
import type { brands } from '../../db/schema/index.ts';

export type BrandRow = typeof brands.$inferSelect;

export function toBrandDto(brand: BrandRow): TBrand {
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
    logoUrl: brand.logoUrl,
    colourPalette: brand.colourPalette,
    fonts: brand.fonts,
    assets: brand.assets,
    adMarket: brand.adMarket,
    createdAt: brand.createdAt.toISOString(),
  };
}
