import { z } from 'zod';
import { ZReportBranding } from './audits.ts';

export const strategyPriorities = ['Critical', 'High', 'Medium', 'Low'] as const;
export const strategyCategories = [
  'Brand Positioning',
  'Content Strategy',
  'SEO/Performance',
  'Social Media',
  'User Experience',
  'Marketing Automation',
] as const;

/** A measured finding a strategy rests on: a check of the audit. */
export const ZFindingReference = z.object({
  checkId: z.string(),
  title: z.string(),
  summary: z.string(),
});
export type TFindingReference = z.infer<typeof ZFindingReference>;

export const ZMarketingStrategy = z.object({
  strategy: z.string(),
  category: z.string(),
  priority: z.enum(strategyPriorities),
  timeline: z.string(),
  implementation: z.array(z.string()),
  expectedImpact: z.string(),
  basedOn: z.array(ZFindingReference),
});
export type TMarketingStrategy = z.infer<typeof ZMarketingStrategy>;

export const ZMarketingRecommendations = z.object({
  executiveSummary: z.string(),
  keyFindings: z.array(z.string()),
  quickWins: z.array(z.string()),
  marketingStrategies: z.array(ZMarketingStrategy),
  competitiveAdvantage: z.string(),
  longTermGoals: z.array(z.string()),
  writtenBy: z.enum(['local', 'ai']),
});
export type TMarketingRecommendations = z.infer<typeof ZMarketingRecommendations>;

export const actionPriorities = ['High', 'Medium', 'Low'] as const;

export const ZActionItem = z.object({
  id: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  auditId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  priority: z.enum(actionPriorities),
  status: z.enum(['pending', 'completed']),
  aiGenerated: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TActionItem = z.infer<typeof ZActionItem>;

/** GET /api/audits/{id}/marketing-recommendations: recommendations is null until generated. */
export const ZSavedRecommendations = z.object({
  recommendations: ZMarketingRecommendations.nullable(),
  shareableToken: z.string().nullable(),
  isPublic: z.boolean(),
  createdAt: z.string().nullable(),
});
export type TSavedRecommendations = z.infer<typeof ZSavedRecommendations>;

/** POST /api/audits/{id}/marketing-recommendations */
export const ZGeneratedRecommendations = ZSavedRecommendations.extend({
  recommendations: ZMarketingRecommendations,
  actionItems: z.array(ZActionItem),
});
export type TGeneratedRecommendations = z.infer<typeof ZGeneratedRecommendations>;

/** GET /api/marketing-recommendations/share/{token}: the recommendations and nothing about the owner. */
export const ZSharedRecommendations = z.object({
  recommendations: ZMarketingRecommendations,
  brand: z.object({ name: z.string() }),
  createdAt: z.string(),
  /** the owner's white label when it applies (logo at .../share/{token}/branding-logo) */
  branding: ZReportBranding.nullable(),
});
export type TSharedRecommendations = z.infer<typeof ZSharedRecommendations>;

/** PATCH /api/action-items/{id}/status */
export const ZActionStatusRequest = z.object({
  status: z.enum(['completed', 'pending'], 'Status must be completed or pending'),
});
export type TActionStatusRequest = z.infer<typeof ZActionStatusRequest>;

/** POST /api/action-items/generate */
export const ZGenerateActionsResponse = z.object({
  created: z.number(),
  items: z.array(ZActionItem),
});
export type TGenerateActionsResponse = z.infer<typeof ZGenerateActionsResponse>;
