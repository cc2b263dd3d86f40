import { describe, expect, it } from 'vitest';
import type { ProviderSubscription } from '../../integrations/billing-provider.ts';
import { cancellableFrom } from './subscription-details.ts';
import { firstPaidAtOf, type SubscriptionRow } from './sync-subscription.ts';

const now = new Date('2026-06-15T12:00:00Z');
const started = new Date('2026-06-01T12:00:00Z');
const local = (firstPaidAt: Date | null) => ({ firstPaidAt }) as SubscriptionRow;
const remote = (status: ProviderSubscription['status'], trialEnd: Date | null) =>
  ({ status, trialEnd, startedAt: started }) as ProviderSubscription;

describe('the first payment of a subscription', () => {
  it('is nothing during a free trial, or while the first invoice is unpaid', () => {
    expect(firstPaidAtOf(local(null), remote('trialing', new Date('2026-06-15T12:00:00Z')), now)).toBeNull();
    expect(firstPaidAtOf(local(null), remote('past_due', new Date('2026-06-14T12:00:00Z')), now)).toBeNull();
    expect(firstPaidAtOf(local(null), remote('incomplete', null), now)).toBeNull();
  });

  it('is the end of the trial once paid, the start without a trial, and now for a trial ended early', () => {
    const trialEnd = new Date('2026-06-14T12:00:00Z');
    expect(firstPaidAtOf(local(null), remote('active', trialEnd), now)).toEqual(trialEnd);
    expect(firstPaidAtOf(local(null), remote('active', null), now)).toEqual(started);
    expect(firstPaidAtOf(local(null), remote('active', new Date('2026-06-20T00:00:00Z')), now)).toEqual(now);
  });

  it('is kept once recorded, whatever the provider says later', () => {
    const recorded = new Date('2026-05-01T00:00:00Z');
    expect(firstPaidAtOf(local(recorded), remote('past_due', null), now)).toEqual(recorded);
  });
});

describe("Agency's minimum commitment", () => {
  it('does not hold a trial, and runs 3 months from the first payment', () => {
    expect(cancellableFrom({ plan: 'agency', firstPaidAt: null })).toBeNull();
    expect(cancellableFrom({ plan: 'agency', firstPaidAt: new Date('2026-01-31T09:00:00Z') })).toEqual(
      new Date('2026-04-30T09:00:00Z'),
    );
    expect(cancellableFrom({ plan: 'smb', firstPaidAt: new Date('2026-01-31T09:00:00Z') })).toBeNull();
  });
});
