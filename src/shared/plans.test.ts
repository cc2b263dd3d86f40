import { describe, expect, it } from 'vitest';
import {
  auditLimitMessage,
  featureLimitMessage,
  featureNames,
  featuresAddedBy,
  featureUpgradePromptFor,
  type PlanFeature,
  planKeys,
  plans,
  upgradePromptFor,
} from './plans.ts';

const features = Object.keys(featureNames) as PlanFeature[];

/** Words in the pricing bullets that promise a feature. */
const pricingWords: Partial<Record<PlanFeature, RegExp>> = {
  recommendations: /AI recommendations/,
  consumerInsights: /Consumer insights/,
  competitorTracking: /Competitor tracking/,
  whiteLabel: /White-label/,
  apiAccess: /API access/,
};

describe.each(planKeys)('the %s plan', (key) => {
  const plan = plans[key];

  it('promises in its pricing bullets only what it allows', () => {
    const bullets = plan.features.join(' | ');
    const allFeatures = bullets.includes('All features');
    for (const [feature, words] of Object.entries(pricingWords) as [PlanFeature, RegExp][]) {
      if (words.test(bullets) || allFeatures) expect(plan.allows[feature], feature).toBe(true);
    }
  });

  it('offers an upgrade whose feature prompt names only what the next plan adds', () => {
    const prompt = upgradePromptFor(key, 'feature_limit');
    if (!plan.upgradeTo) {
      expect(prompt).toBeNull();
      return;
    }
    const added = featuresAddedBy(key, plan.upgradeTo);
    for (const feature of added) expect(plans[plan.upgradeTo].allows[feature]).toBe(true);
    if (added.length === 0) {
      expect(prompt).toBeNull();
      return;
    }
    expect(prompt?.upgradeTo).toBe(plan.upgradeTo);
    for (const feature of features) {
      const named = prompt?.body.includes(featureNames[feature]) ?? false;
      // A prompt never sells what this plan already has.
      if (plan.allows[feature]) expect(named, feature).toBe(false);
      else if (added.includes(feature)) expect(named, feature).toBe(true);
    }
  });

  it('shows the audit-limit prompt and refusal only when its audits are limited', () => {
    const prompt = upgradePromptFor(key, 'audit_limit');
    if (plan.limits.audits === null) {
      expect(prompt).toBeNull();
      return;
    }
    expect(prompt?.body).toContain(`Your ${plan.name} plan includes ${plan.limits.audits} audit`);
    expect(auditLimitMessage(key)).toContain(`${plan.limits.audits} audit`);
    if (plan.limits.accessDays !== null) expect(prompt?.body).toContain(`within ${plan.limits.accessDays} days`);
  });

  it('words a refusal for every feature it lacks, offering the next plan', () => {
    for (const feature of features.filter((name) => !plan.allows[name])) {
      const message = featureLimitMessage(key, feature);
      expect(message).toContain(`Your ${plan.name} plan does not include ${featureNames[feature]}`);
      if (plan.upgradeTo) expect(message).toContain(`Upgrade to ${plans[plan.upgradeTo].name}`);
    }
  });

  it('never allows less than the plan below it', () => {
    const below = planKeys[planKeys.indexOf(key) - 1];
    if (!below) return;
    for (const feature of features) if (plans[below].allows[feature]) expect(plan.allows[feature], feature).toBe(true);
  });
});

describe('the free plan', () => {
  it('says recommendations come with Starter, and does not allow them', () => {
    expect(plans.free.allows.recommendations).toBe(false);
    expect(upgradePromptFor('free', 'feature_limit')?.body).toBe(
      'Your Free plan includes the brand score and PDF export. Starter adds AI recommendations, consumer insights and competitor tracking.',
    );
    expect(auditLimitMessage('free')).toBe('Your Free plan includes 1 audit. Upgrade your plan to run more audits.');
  });
});

describe('the prompt for a feature the plan lacks', () => {
  it('offers consumer insights to the free plan through Starter, with its allowance', () => {
    expect(featureUpgradePromptFor('free', 'consumerInsights')).toEqual({
      title: 'Unlock consumer insights',
      body: 'Your Free plan includes the brand score and PDF export. Starter adds consumer insights, up to 200 of them.',
      upgradeTo: 'starter',
    });
  });

  it('is null for plans that have the feature, and climbs past plans that lack it', () => {
    for (const key of planKeys) {
      if (plans[key].allows.consumerInsights) expect(featureUpgradePromptFor(key, 'consumerInsights')).toBeNull();
    }
    expect(featureUpgradePromptFor('starter', 'whiteLabel')).toMatchObject({ upgradeTo: 'agency' });
    expect(featureUpgradePromptFor('smb', 'teamManagement')?.body).toBe(
      'Your SMB plan includes unlimited audits on up to 5 brands. Agency adds team management.',
    );
  });
});
