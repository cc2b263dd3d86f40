/**
 * The plans, their prices (GBP), what each allows and what its upgrade prompts say. The landing
 * page's pricing section, the subscription screens, the upgrade prompts and the server's limit
 * checks all read this one constant.
 */
import { joinWords } from './words.ts';

export const planKeys = ['free', 'starter', 'smb', 'agency'] as const;
export type PlanKey = (typeof planKeys)[number];

export const UNLIMITED_BRANDS = 999;
export const TRIAL_DAYS = 14;
export const AGENCY_TEAM_LIMIT = 10;
export const AGENCY_MINIMUM_COMMITMENT_MONTHS = 3;

export type PlanLimits = {
  brands: number;
  /** null means unlimited */
  audits: number | null;
  insights: number | null;
  competitorReports: number | null;
  /** days from purchase; null means no expiry */
  accessDays: number | null;
  teamMembers: number;
};

/** Features a plan either includes or not; numbers and expiry are in PlanLimits. */
export type PlanFeatures = {
  /** AI marketing recommendations on an audit report */
  recommendations: boolean;
  consumerInsights: boolean;
  competitorTracking: boolean;
  whiteLabel: boolean;
  teamManagement: boolean;
  apiAccess: boolean;
  /** the 'Run Fresh AI Analysis' option of e-mailed reports */
  freshAiAnalysis: boolean;
};
export type PlanFeature = keyof PlanFeatures;

/** What a feature is called when a prompt says a plan adds it. */
export const featureNames: Record<PlanFeature, string> = {
  recommendations: 'AI recommendations',
  consumerInsights: 'consumer insights',
  competitorTracking: 'competitor tracking',
  whiteLabel: 'white-label reports',
  teamManagement: 'team management',
  apiAccess: 'API access',
  freshAiAnalysis: 'fresh AI analysis in e-mailed reports',
};

export type Plan = {
  key: PlanKey;
  name: string;
  /** whole pounds */
  price: number;
  interval: 'month' | 'one-time';
  description: string;
  badge?: string;
  buttonLabel: string;
  /** the pricing section's bullet list */
  features: string[];
  limits: PlanLimits;
  allows: PlanFeatures;
  /** the plan an upgrade prompt offers; null for the largest plan */
  upgradeTo: PlanKey | null;
  /** what this plan's own features are, as the feature prompt words them */
  includesText: string;
};

/** What every paid plan includes; free takes some away, agency adds the agency features. */
const paidFeatures: PlanFeatures = {
  recommendations: true,
  consumerInsights: true,
  competitorTracking: true,
  whiteLabel: false,
  teamManagement: false,
  apiAccess: false,
  freshAiAnalysis: false,
};

export const plans: Record<PlanKey, Plan> = {
  free: {
    key: 'free',
    name: 'Free',
    price: 0,
    interval: 'month',
    description: 'See where your brand stands',
    buttonLabel: 'Get Started',
    features: ['1 brand audit', 'Basic brand score', 'PDF report export'],
    limits: { brands: 1, audits: 1, insights: 0, competitorReports: 0, accessDays: null, teamMembers: 0 },
    allows: { ...paidFeatures, recommendations: false, consumerInsights: false, competitorTracking: false },
    upgradeTo: 'starter',
    includesText: 'the brand score and PDF export',
  },
  starter: {
    key: 'starter',
    name: 'Starter',
    price: 19,
    interval: 'one-time',
    description: 'Try everything',
    badge: 'Best Value',
    buttonLabel: 'Try Everything',
    features: [
      'Full platform trial on 1 brand',
      'Complete brand audit',
      'Consumer insights',
      'Competitor tracking',
      'AI recommendations',
      'All reports and exports',
    ],
    limits: { brands: 1, audits: 5, insights: 200, competitorReports: 5, accessDays: 30, teamMembers: 0 },
    allows: paidFeatures,
    upgradeTo: 'smb',
    includesText: 'the full platform on one brand for 30 days',
  },
  smb: {
    key: 'smb',
    name: 'SMB',
    price: 59,
    interval: 'month',
    description: 'For growing businesses',
    buttonLabel: 'Start Free Trial',
    features: [
      'Up to 5 brands',
      'Monthly brand tracking',
      'Consumer insights',
      'Competitor tracking',
      'AI recommendations',
      'Advanced analytics',
      'Priority support',
      'Cancel anytime',
    ],
    limits: { brands: 5, audits: null, insights: null, competitorReports: null, accessDays: null, teamMembers: 0 },
    allows: paidFeatures,
    upgradeTo: 'agency',
    includesText: 'unlimited audits on up to 5 brands',
  },
  agency: {
    key: 'agency',
    name: 'Agency',
    price: 229,
    interval: 'month',
    description: 'For agencies managing many brands',
    buttonLabel: 'Start Free Trial',
    features: [
      'Unlimited brands',
      'All features',
      'Priority support',
      'Advanced analytics',
      'White-label reports',
      'API access',
      '3-month minimum commitment',
    ],
    limits: {
      brands: UNLIMITED_BRANDS,
      audits: null,
      insights: null,
      competitorReports: null,
      accessDays: null,
      teamMembers: AGENCY_TEAM_LIMIT,
    },
    allows: { ...paidFeatures, whiteLabel: true, teamManagement: true, apiAccess: true, freshAiAnalysis: true },
    upgradeTo: null,
    includesText: 'every feature',
  },
};

export const planList: Plan[] = planKeys.map((key) => plans[key]);

export function isPlanKey(value: unknown): value is PlanKey {
  return typeof value === 'string' && (planKeys as readonly string[]).includes(value);
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
export function formatPlanPrice(plan: Plan): string {
  return gbp.format(plan.price);
}

/** Whether a plan limits the number of audits at all (free and starter do). */
export function limitsAudits(planKey: PlanKey): boolean {
  return plans[planKey].limits.audits !== null;
}

/** The features the plan an upgrade offers adds to this one, in the table's order. */
export function featuresAddedBy(from: PlanKey, to: PlanKey): PlanFeature[] {
  return (Object.keys(featureNames) as PlanFeature[]).filter(
    (feature) => plans[to].allows[feature] && !plans[from].allows[feature],
  );
}

/** The audit allowance in words: "1 audit", "5 audits within 30 days". */
export function auditAllowanceText(planKey: PlanKey): string | null {
  const { audits, accessDays } = plans[planKey].limits;
  if (audits === null) return null;
  const noun = audits === 1 ? 'audit' : 'audits';
  return accessDays === null ? `${audits} ${noun}` : `${audits} ${noun} within ${accessDays} days`;
}

export type UpgradeReason = 'audit_limit' | 'feature_limit';
export type UpgradePromptText = { title: string; body: string; upgradeTo: PlanKey };

/**
 * What an upgrade prompt says, built from the table so it can never promise a plan something
 * the server does not let it do. Null when there is nothing to offer.
 */
export function upgradePromptFor(planKey: PlanKey, reason: UpgradeReason): UpgradePromptText | null {
  const plan = plans[planKey];
  if (!plan.upgradeTo) return null;
  const next = plans[plan.upgradeTo];
  if (reason === 'feature_limit') {
    const added = featuresAddedBy(planKey, next.key).map((feature) => featureNames[feature]);
    if (added.length === 0) return null;
    return {
      title: 'Get more from this audit',
      body: `Your ${plan.name} plan includes ${plan.includesText}. ${next.name} adds ${joinWords(added)}.`,
      upgradeTo: next.key,
    };
  }
  const allowance = auditAllowanceText(planKey);
  if (allowance === null) return null;
  return {
    title: planKey === 'free' ? 'Keep tracking your brand' : 'Track your brand every month',
    body: `Your ${plan.name} plan includes ${allowance}. Upgrade to ${next.name} to re-run audits as you fix things and see your score move.`,
    upgradeTo: next.key,
  };
}

/** How many of a feature's records a plan keeps, when it counts them; null when unlimited or not counted. */
function keptAllowance(plan: Plan, feature: PlanFeature): string | null {
  if (feature === 'consumerInsights' && plan.limits.insights !== null) return `up to ${plan.limits.insights} of them`;
  return null;
}

/**
 * The prompt on a screen whose whole feature the plan lacks (consumer insights on Free): the
 * first plan up the ladder that has it, in the plans table's words. Null when the plan has it.
 */
export function featureUpgradePromptFor(planKey: PlanKey, feature: PlanFeature): UpgradePromptText | null {
  const plan = plans[planKey];
  if (plan.allows[feature]) return null;
  let next = plan.upgradeTo ? plans[plan.upgradeTo] : null;
  while (next && !next.allows[feature]) next = next.upgradeTo ? plans[next.upgradeTo] : null;
  if (!next) return null;
  const name = featureNames[feature];
  const allowance = keptAllowance(next, feature);
  return {
    title: `Unlock ${name}`,
    body: `Your ${plan.name} plan includes ${plan.includesText}. ${next.name} adds ${name}${allowance ? `, ${allowance}` : ''}.`,
    upgradeTo: next.key,
  };
}

/** The refusal when an account has used its plan's audits. */
export function auditLimitMessage(planKey: PlanKey): string {
  return `Your ${plans[planKey].name} plan includes ${auditAllowanceText(planKey)}. Upgrade your plan to run more audits.`;
}

/** The refusal when a plan does not include a feature. */
export function featureLimitMessage(planKey: PlanKey, feature: PlanFeature): string {
  const plan = plans[planKey];
  const next = plan.upgradeTo ? plans[plan.upgradeTo] : null;
  const offer = next ? `Upgrade to ${next.name} to use them.` : 'Upgrade your plan to use them.';
  return `Your ${plan.name} plan does not include ${featureNames[feature]}. ${offer}`;
}

/** The refusal when adding insights would take an account past its plan's allowance. */
export function insightLimitMessage(planKey: PlanKey): string {
  const plan = plans[planKey];
  const next = plan.upgradeTo ? plans[plan.upgradeTo] : null;
  const offer = next ? `Upgrade to ${next.name} to keep more.` : 'Upgrade your plan to keep more.';
  return `Your ${plan.name} plan keeps up to ${plan.limits.insights} consumer insights. ${offer}`;
}

/** The refusal when an account has generated all the competitor reports its plan includes. */
export function competitorReportLimitMessage(planKey: PlanKey): string {
  const plan = plans[planKey];
  const next = plan.upgradeTo ? plans[plan.upgradeTo] : null;
  const offer = next ? `Upgrade to ${next.name} to generate more.` : 'Upgrade your plan to generate more.';
  return `Your ${plan.name} plan includes ${plan.limits.competitorReports ?? 0} competitor reports. ${offer}`;
}
