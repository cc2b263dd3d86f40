import { z } from 'zod';
import { planKeys } from '../plans.ts';

/** GET /api/auth/user */
export const ZCurrentUser = z.object({
  id: z.uuid(),
  email: z.string(),
  /** Whether an identity provider verified this e-mail (the Verified badge in Settings) */
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** The plan of the user's own account, which they bill; a team member works under workspacePlanType */
  planType: z.enum(planKeys),
  /** The workspace's brand allowance (the agency's for a team member); 999 means unlimited */
  maxBrands: z.number().int(),
  starterPurchaseDate: z.string().nullable(),
  starterUsageCount: z.number().int(),
  isAdmin: z.boolean(),
  /** Set when the user is a member of an agency team and acts on that agency's brands */
  agencyOwnerId: z.uuid().nullable(),
  /** The plan whose limits apply to what this user does: the agency's for a team member */
  workspacePlanType: z.enum(planKeys),
  /** What workspacePlanType includes: the features this user can use where they work */
  workspaceFeatures: z.object({
    recommendations: z.boolean(),
    consumerInsights: z.boolean(),
    competitorTracking: z.boolean(),
    whiteLabel: z.boolean(),
    teamManagement: z.boolean(),
    apiAccess: z.boolean(),
    freshAiAnalysis: z.boolean(),
  }),
  /** Audits the workspace may still start under its plan; null is unlimited */
  auditsRemaining: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** GET /api/auth/providers: which sign-in methods this server offers. */
export const ZAuthProviders = z.object({
  replit: z.boolean(),
  google: z.boolean(),
  /** development sign-in through /api/dev-switch (never in production) */
  devSignIn: z.boolean(),
});
export type TAuthProviders = z.infer<typeof ZAuthProviders>;

export const ZLoginQuery = z.object({ plan: z.enum(planKeys).optional().catch(undefined) });
export const ZGoogleLoginQuery = z.object({ state: z.enum(planKeys).optional().catch(undefined) });
export const ZDevSwitchQuery = z.object({
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.union([z.literal(''), z.email('Please enter a valid email address.')]).optional(),
  ),
  plan: z.enum(planKeys).optional().catch(undefined),
});
