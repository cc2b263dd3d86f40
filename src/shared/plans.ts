/**
 * The plans, their prices (GBP) and their server-enforced limits. The landing page's pricing
 * section, the subscription screens and the server's limit checks all read this one constant.
 */
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

export type Plan = {
  key: PlanKey;
  name: string;
  /** whole pounds */
  price: number;
  interval: 'month' | 'one-time';
  description: string;
  badge?: string;
  buttonLabel: string;
  features: string[];
  limits: PlanLimits;
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
    limits: { brands: 1, audits: 1, insights: null, competitorReports: null, accessDays: null, teamMembers: 0 },
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
