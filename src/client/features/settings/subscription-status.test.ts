import { describe, expect, it } from 'vitest';
import {
  subscriptionControl,
  subscriptionStatusBadge,
  type TSubscription,
  usagePercent,
  usageText,
} from './subscription-status.ts';

const smb: TSubscription = {
  status: 'active',
  cancelAtPeriodEnd: false,
  type: 'subscription',
  plan: { key: 'smb', name: 'SMB', amount: 59, currency: 'gbp', interval: 'month' },
  expiryDate: null,
  isExpired: false,
  daysRemaining: null,
  currentPeriodEnd: '2026-04-01T00:00:00.000Z',
  trialEnd: null,
  canCancel: true,
  canCancelAt: null,
  remainingDays: null,
};
const starter: TSubscription = {
  ...smb,
  type: 'starter',
  plan: { key: 'starter', name: 'Starter', amount: 19, currency: 'gbp', interval: 'one-time' },
  currentPeriodEnd: null,
  expiryDate: '2026-04-01T00:00:00.000Z',
  daysRemaining: 12,
};

describe('subscriptionStatusBadge', () => {
  it('labels each state as SPEC §4 names it', () => {
    const label = (subscription: TSubscription) => subscriptionStatusBadge(subscription).label;
    expect(label(smb)).toBe('Active');
    expect(label({ ...smb, status: 'trialing' })).toBe('Free Trial (14 days)');
    expect(label({ ...smb, cancelAtPeriodEnd: true })).toBe('Cancelling');
    expect(label({ ...smb, status: 'trialing', cancelAtPeriodEnd: true })).toBe('Cancelling');
    expect(label({ ...smb, status: 'expired' })).toBe('Expired');
    expect(label({ ...starter, isExpired: true })).toBe('Expired');
    expect(label({ ...smb, status: 'canceled' })).toBe('Inactive');
    expect(label({ ...smb, status: 'past_due' })).toBe('Inactive');
    expect(label({ ...smb, status: 'incomplete' })).toBe('Inactive');
  });
});

describe('subscriptionControl', () => {
  it('offers Cancel on a running subscription and Reactivate on a cancelling one', () => {
    expect(subscriptionControl(smb)).toBe('cancel');
    expect(subscriptionControl({ ...smb, status: 'trialing' })).toBe('cancel');
    expect(subscriptionControl({ ...smb, cancelAtPeriodEnd: true })).toBe('reactivate');
  });

  it("holds Agency's Cancel back until canCancel", () => {
    const agency = { ...smb, plan: { ...smb.plan, key: 'agency' as const, name: 'Agency', amount: 229 } };
    expect(subscriptionControl({ ...agency, canCancel: false, remainingDays: 60 })).toBe('cancel-locked');
    expect(subscriptionControl(agency)).toBe('cancel');
  });

  it('offers nothing for Starter or an ended subscription', () => {
    expect(subscriptionControl(starter)).toBe('none');
    expect(subscriptionControl({ ...smb, status: 'canceled' })).toBe('none');
    expect(subscriptionControl({ ...smb, status: 'expired', isExpired: true })).toBe('none');
  });
});

describe('usage', () => {
  it('shows used of limit, and Unlimited for no limit or 999', () => {
    expect(usageText({ used: 2, limit: 5 })).toBe('2 / 5');
    expect(usageText({ used: 3, limit: null })).toBe('3 / Unlimited');
    expect(usageText({ used: 7, limit: 999 })).toBe('7 / Unlimited');
    expect(usageText({ used: 0, limit: 0 })).toBe('Not included');
  });

  it('fills the bar by share used, capped at full; no bar when unlimited or not included', () => {
    expect(usagePercent({ used: 1, limit: 5 })).toBe(20);
    expect(usagePercent({ used: 9, limit: 5 })).toBe(100);
    expect(usagePercent({ used: 4, limit: null })).toBeNull();
    expect(usagePercent({ used: 0, limit: 0 })).toBeNull();
  });
});
