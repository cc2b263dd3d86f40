import type { TActionItem } from '../../../shared/schemas/recommendations.ts';
import type { actionItems } from '../../db/schema/index.ts';

export type ActionItemRow = typeof actionItems.$inferSelect;

export function toActionItemDto(item: ActionItemRow, brandName: string): TActionItem {
  return {
    id: item.id,
    brandId: item.brandId,
    brandName,
    auditId: item.auditId,
    title: item.title,
    description: item.description,
    category: item.category,
    priority: item.priority,
    status: item.status,
    aiGenerated: item.aiGenerated,
    createdAt: item.createdAt.toISOString(),
    completedAt: item.completedAt?.toISOString() ?? null,
  };
}
