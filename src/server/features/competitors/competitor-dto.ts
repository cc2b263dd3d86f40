import type { TCompetitor, TCompetitorWithCounts } from '../../../shared/schemas/competitors.ts';
import type { competitors } from '../../db/schema/index.ts';

export type CompetitorRow = typeof competitors.$inferSelect;

export function toCompetitor(row: CompetitorRow): TCompetitor {
  return {
    id: row.id,
    brandId: row.brandId,
    name: row.name,
    website: row.website,
    description: row.description,
    industry: row.industry,
    size: row.size,
    facebookPageId: row.facebookPageId,
    tiktokBusinessId: row.tiktokBusinessId,
    tiktokBusinessName: row.tiktokBusinessName,
    isActive: row.isActive,
    isOwnBrand: row.isOwnBrand,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCompetitorWithCounts(row: CompetitorRow, adCount: number): TCompetitorWithCounts {
  return { ...toCompetitor(row), adCount };
}
