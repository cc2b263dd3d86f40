/**
 * The area of the product a route belongs to, for the reference's grouping (OpenAPI tags): named
 * by the route's first path segment after /api, or its second for routes under a brand.
 */
const areaBySegment: Record<string, string> = {
  'action-items': 'Action items',
  'ad-discovery': 'Competitor ads',
  'ad-library': 'Competitor ads',
  'tiktok-ads': 'Competitor ads',
  'tiktok-discovery': 'Competitor ads',
  account: 'Account',
  admin: 'Administration',
  'api-tokens': 'API tokens',
  audits: 'Audits',
  auth: 'Sign-in',
  billing: 'Billing',
  brands: 'Brands',
  callback: 'Sign-in',
  'cancel-subscription': 'Billing',
  'check-payment-status': 'Billing',
  'competitor-reports': 'Competitor tracking',
  'competitor-tracking': 'Competitor tracking',
  competitors: 'Competitor tracking',
  'consumer-insights': 'Consumer insights',
  'create-payment-intent': 'Billing',
  'demo-billing': 'Billing',
  'dev-switch': 'Sign-in',
  docs: 'API reference',
  'email-competitive-analysis': 'Competitor tracking',
  'get-or-create-subscription': 'Billing',
  'insight-sources': 'Consumer insights',
  login: 'Sign-in',
  logout: 'Sign-in',
  'marketing-recommendations': 'Shared pages',
  'notification-settings': 'Account',
  notifications: 'Account',
  'openapi.json': 'API reference',
  profile: 'Account',
  'reactivate-subscription': 'Billing',
  reports: 'Shared pages',
  'sentiment-reports': 'Consumer insights',
  stripe: 'Billing',
  'subscription-details': 'Billing',
  support: 'Support',
  'team-members': 'Team',
  'team-membership': 'Team',
  upload: 'Brands',
  uploads: 'Brands',
  'white-label-logos': 'White label',
  'white-label-settings': 'White label',
};

/** Routes nested under a brand belong to what they are about. */
const areaUnderBrand: Record<string, string> = {
  'insight-sources': 'Consumer insights',
  'relevance-terms': 'Consumer insights',
  'mention-sources': 'Consumer insights',
  'discover-all-ads': 'Competitor ads',
  'ad-changes': 'Competitor ads',
  'google-places': 'Consumer insights',
  'google-place': 'Consumer insights',
};

export function areaOf(url: string): string {
  const segments = url.replace(/^\/api\//, '').split('/');
  const first = segments[0] ?? '';
  const underBrand = first === 'brands' ? areaUnderBrand[segments[2] ?? ''] : undefined;
  return underBrand ?? areaBySegment[first] ?? 'Other';
}
