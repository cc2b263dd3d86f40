import { z } from 'zod';

/** GET /api/audits/score-history: the query; without brandId, every brand you can see. */
export const ZScoreHistoryQuery = z.object({
  brandId: z.uuid('brandId must be a brand id').optional(),
});
export type TScoreHistoryQuery = z.infer<typeof ZScoreHistoryQuery>;

/** One completed audit on a brand's score line. */
export const ZScoreHistoryPoint = z.object({
  auditId: z.string(),
  completedAt: z.string(),
  /** null when no area had enough measured for an overall score */
  overallScore: z.number().nullable(),
  /** null when the area had too few checks applied to be scored */
  websiteScore: z.number().nullable(),
  socialMediaScore: z.number().nullable(),
  brandAssetsScore: z.number().nullable(),
  /** '8 of 10 checks applied' per area; null for audits scored before coverage was recorded */
  coverage: z
    .object({
      website: z.string(),
      socialMedia: z.string(),
      brandAssets: z.string(),
    })
    .nullable(),
});
export type TScoreHistoryPoint = z.infer<typeof ZScoreHistoryPoint>;

export const ZBrandScoreHistory = z.object({
  brandId: z.string(),
  brandName: z.string(),
  /** oldest first */
  points: z.array(ZScoreHistoryPoint),
});
export type TBrandScoreHistory = z.infer<typeof ZBrandScoreHistory>;

export const ZScoreHistory = z.object({ brands: z.array(ZBrandScoreHistory) });
export type TScoreHistory = z.infer<typeof ZScoreHistory>;

/** A line needs two audits: with fewer the chart shows its empty state. */
export const MIN_HISTORY_POINTS = 2;
