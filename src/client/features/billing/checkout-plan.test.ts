import { describe, expect, it } from 'vitest';
import { PLAN_CHANGE_MARKER, planChangeRequiredMessage } from '../../../shared/schemas/billing.ts';
import { checkoutPlanFrom, firstChargeDate, isPlanChangeError } from './checkout-plan.ts';

const none = { query: null, selectedPlan: null, lastCheckoutPlan: null };

describe('checkoutPlanFrom', () => {
  it('takes ?plan first, then the chosen plan, then the plan last shown at checkout', () => {
    expect(checkoutPlanFrom({ query: 'agency', selectedPlan: 'starter', lastCheckoutPlan: 'smb' })).toBe('agency');
    expect(checkoutPlanFrom({ query: null, selectedPlan: 'starter', lastCheckoutPlan: 'agency' })).toBe('starter');
    expect(checkoutPlanFrom({ query: '', selectedPlan: null, lastCheckoutPlan: 'agency' })).toBe('agency');
  });

  it('on /upgrade, takes the plan last shown at checkout before the chosen plan', () => {
    const stored = { query: null, selectedPlan: 'starter', lastCheckoutPlan: 'agency' };
    expect(checkoutPlanFrom(stored, 'upgrade')).toBe('agency');
    expect(checkoutPlanFrom({ ...stored, lastCheckoutPlan: null }, 'upgrade')).toBe('starter');
    expect(checkoutPlanFrom({ ...stored, query: 'smb' }, 'upgrade')).toBe('smb');
    expect(checkoutPlanFrom(none, 'upgrade')).toBe('smb');
  });

  it('shows SMB when nothing names a plan', () => {
    expect(checkoutPlanFrom(none)).toBe('smb');
  });

  it('treats a value that is not a plan as SMB rather than looking further', () => {
    expect(checkoutPlanFrom({ ...none, query: 'gold', lastCheckoutPlan: 'agency' })).toBe('smb');
    expect(checkoutPlanFrom({ ...none, selectedPlan: 'AGENCY' })).toBe('smb');
  });

  it('passes free through, for the screen to send to the dashboard', () => {
    expect(checkoutPlanFrom({ ...none, query: 'free' })).toBe('free');
  });
});

describe('firstChargeDate', () => {
  it('is 14 days on', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(firstChargeDate(now).toISOString()).toBe('2026-03-15T10:00:00.000Z');
  });
});

describe('isPlanChangeError', () => {
  it("recognises the server's plan-change refusal in an API error", () => {
    expect(isPlanChangeError(new Error(`409: ${planChangeRequiredMessage('smb', 'agency')}`))).toBe(true);
    expect(isPlanChangeError(new Error(`409: Please ${PLAN_CHANGE_MARKER.toUpperCase()}`))).toBe(true);
  });

  it('leaves other failures to the init toast', () => {
    expect(isPlanChangeError(new Error('503: Payments are not configured'))).toBe(false);
    expect(isPlanChangeError('cancel your current subscription first')).toBe(false);
  });
});
