import { z } from 'zod';
import { ZBrandRecord } from './brands.ts';
import { ZPageQuery } from './paging.ts';

/** POST /api/audits */
export const ZStartAuditRequest = z.object({
  brandId: z.uuid('Please select a brand'),
});
export type TStartAuditRequest = z.infer<typeof ZStartAuditRequest>;

export const auditStatuses = ['processing', 'completed', 'failed'] as const;
export type TAuditStatus = (typeof auditStatuses)[number];

export const ZEvidence = z.object({
  url: z.string().optional(),
  selector: z.string().optional(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  note: z.string().optional(),
});

export const ZCheckResult = z.object({
  id: z.string(),
  area: z.enum(['website', 'socialMedia', 'brandAssets']),
  group: z.string(),
  title: z.string(),
  status: z.enum(['pass', 'fail', 'not_applicable', 'not_measured']),
  summary: z.string(),
  evidence: z.array(ZEvidence),
});
export type TCheckResult = z.infer<typeof ZCheckResult>;

export const ZScoreGroup = z.object({
  score: z.number().nullable(),
  coverage: z.string(),
  checks: z.array(ZCheckResult),
});
export type TScoreGroup = z.infer<typeof ZScoreGroup>;

/** How much of one area was measured (docs/scoring.md, "Not enough measured"). */
export const ZAreaCoverage = z.object({
  /** checks that passed or failed */
  applied: z.number(),
  /** checks that ran */
  total: z.number(),
  /** false: too few checks applied, so the area has no score and is left out of the overall score */
  enough: z.boolean(),
  /** '3 of 9 checks applied' */
  coverage: z.string(),
  /** what the brand could add so that the area can be measured: 'social handles', 'a logo' */
  toAdd: z.array(z.string()),
});
export type TAreaCoverage = z.infer<typeof ZAreaCoverage>;

export const ZScoreCoverage = z.object({
  website: ZAreaCoverage,
  socialMedia: ZAreaCoverage,
  brandAssets: ZAreaCoverage,
  /** false when no area had enough measured: overallScore is then 0 and is shown as not enough measured */
  overallMeasured: z.boolean(),
});
export type TScoreCoverage = z.infer<typeof ZScoreCoverage>;

/** One profile read from its network during an audit: what was read, when, and the pictures compared. */
export const ZSocialProfileRead = z.object({
  network: z.string(),
  label: z.string(),
  declared: z.string(),
  /** read; missing: the network says no such profile; not_measured: the network could not be read (reason) */
  status: z.enum(['read', 'missing', 'not_measured']),
  reason: z.string().nullable(),
  fetchedAt: z.string(),
  durationMs: z.number(),
  handle: z.string(),
  url: z.string().nullable(),
  name: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  followers: z.number().nullable(),
  postsRead: z.number(),
  /** means per post of what the API states; a count it does not state is absent */
  engagement: z
    .object({
      posts: z.number(),
      likes: z.number().optional(),
      replies: z.number().optional(),
      reposts: z.number().optional(),
      views: z.number().optional(),
    })
    .nullable(),
  avatar: z
    .object({
      url: z.string(),
      hash: z.string().nullable(),
      thumbnail: z.string().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  compared: z.array(
    z.object({
      source: z.string(),
      url: z.string().nullable(),
      hash: z.string(),
      thumbnail: z.string(),
      distance: z.number().nullable(),
    }),
  ),
});
export type TSocialProfileRead = z.infer<typeof ZSocialProfileRead>;

export const ZAuditAnalysis = z.object({
  website: z.record(z.string(), ZScoreGroup),
  socialMedia: z.record(z.string(), ZScoreGroup),
  brandAssets: z.record(z.string(), ZScoreGroup),
  crawl: z
    .object({
      /** distinct page addresses fetched that answered (see shared/crawl-counts.ts) */
      pages: z.number(),
      /** distinct pages that answered 200 with HTML, read by the website checks; absent on older audits */
      pagesAnalysed: z.number().optional(),
      problems: z.array(z.object({ url: z.string(), reason: z.string() })),
      durationMs: z.number(),
      /** pages that build their content with JavaScript (shared/crawl-counts.ts); absent when none did */
      rendering: z.object({ rendered: z.number(), notRendered: z.number(), reason: z.string().optional() }).optional(),
    })
    .optional(),
  /** absent on audits scored before coverage was recorded */
  coverage: ZScoreCoverage.optional(),
  /** the profiles read from their networks; absent on audits made before profiles were read */
  socialProfiles: z.array(ZSocialProfileRead).optional(),
});
export type TAuditAnalysis = z.infer<typeof ZAuditAnalysis>;

export const ZRecommendation = z.object({
  checkId: z.string().optional(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(['High', 'Medium', 'Low']),
  estimatedHours: z.number(),
  scoreImpact: z.number(),
  category: z.string(),
});
export type TRecommendation = z.infer<typeof ZRecommendation>;

/** GET /api/audits: every audit the actor may see, newest first, one page at a time (paging.ts). */
export const ZAuditListQuery = ZPageQuery;
export type TAuditListQuery = z.infer<typeof ZAuditListQuery>;

/** GET /api/audits: one row per audit */
export const ZAuditSummary = z.object({
  id: z.string(),
  brandId: z.string(),
  brandName: z.string().nullable(),
  status: z.enum(auditStatuses),
  overallScore: z.number(),
  websiteScore: z.number().nullable(),
  socialMediaScore: z.number().nullable(),
  brandAssetsScore: z.number().nullable(),
  /** each area's coverage; null until the audit completes, and for audits scored before it was recorded */
  coverage: ZScoreCoverage.nullable(),
  progressStage: z.string().nullable(),
  progressPercent: z.number(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TAuditSummary = z.infer<typeof ZAuditSummary>;

/** GET /api/audits/{id} */
export const ZAuditDetail = ZAuditSummary.extend({
  analysis: ZAuditAnalysis.nullable(),
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
  recommendations: z.array(ZRecommendation),
  writtenBy: z.enum(['local', 'ai']).nullable(),
  brand: ZBrandRecord,
  report: z.object({ shareableToken: z.string(), isPublic: z.boolean() }).nullable(),
});
export type TAuditDetail = z.infer<typeof ZAuditDetail>;

/** POST /api/audits/{id}/share */
export const ZShareAuditRequest = z.preprocess(
  (value) => value ?? {},
  z.object({
    /** -1 means unlimited */
    maxDownloads: z.number().int().min(-1, 'Use -1 for unlimited downloads').max(100_000).optional(),
  }),
);
export type TShareAuditRequest = z.input<typeof ZShareAuditRequest>;

export const ZShareAuditResponse = z.object({
  shareableToken: z.string(),
  isPublic: z.boolean(),
  path: z.string(),
  maxDownloads: z.number(),
  downloadCount: z.number(),
});
export type TShareAuditResponse = z.infer<typeof ZShareAuditResponse>;

export const ZShareTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Not found') });

export const ZReportBranding = z.object({
  companyName: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  hasLogo: z.boolean(),
  headerText: z.string().nullable(),
  footerText: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  website: z.string().nullable(),
});
export type TReportBranding = z.infer<typeof ZReportBranding>;

/** GET /api/reports/{token}: what a shared link shows, and nothing about the owner's account. */
export const ZSharedAuditReport = z.object({
  audit: ZAuditDetail.omit({ brand: true, report: true }).extend({
    brand: z.object({ name: z.string(), websiteUrl: z.string().nullable(), hasLogo: z.boolean() }),
  }),
  branding: ZReportBranding.nullable(),
  downloadsRemaining: z.number().nullable(),
});
export type TSharedAuditReport = z.infer<typeof ZSharedAuditReport>;
