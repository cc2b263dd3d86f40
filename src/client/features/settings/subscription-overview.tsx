import type { ReactNode } from 'react';
import { AGENCY_MINIMUM_COMMITMENT_MONTHS, plans } from '../../../shared/plans.ts';
import type { TSubscriptionDetails } from '../../../shared/schemas/billing.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { formatCurrency, formatLongDate } from '../../lib/format.ts';
import { SubscriptionControls } from './subscription-controls.tsx';
import { daysText, limitText, subscriptionStatusBadge, type TSubscription } from './subscription-status.ts';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="space-y-0.5">
      <dt className="text-muted-foreground text-xs">{term}</dt>
      <dd className="font-medium text-sm">{children}</dd>
    </div>
  );
}

/** '£59 per month', '£19 one-off' */
function priceText(plan: TSubscription['plan']): string {
  const amount = formatCurrency(plan.amount, plan.currency);
  return plan.interval === 'one-time' ? `${amount} one-off` : `${amount} per ${plan.interval}`;
}

/** The subscription's terms: price, trial, renewal or end, and Starter's access period. */
function SubscriptionDetails({ subscription }: { subscription: TSubscription }) {
  const starter = subscription.type === 'starter';
  const periodEnd = formatLongDate(subscription.currentPeriodEnd);
  const trialing = subscription.status === 'trialing';
  // A cancelled trial simply ends: its one date is the end below.
  const trialEnd = trialing && !subscription.cancelAtPeriodEnd ? formatLongDate(subscription.trialEnd) : '';
  const expiry = formatLongDate(subscription.expiryDate);
  const running = subscription.status === 'active' || trialing;
  // In a trial the period ends with the trial, whose end is shown already, unless it is the end of all.
  const periodTerm = subscription.cancelAtPeriodEnd ? 'Ends on' : trialing ? null : 'Renews on';
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      <Detail term="Price">{priceText(subscription.plan)}</Detail>
      {trialEnd && <Detail term="Free trial ends">{trialEnd}</Detail>}
      {!starter && periodEnd && running && periodTerm && <Detail term={periodTerm}>{periodEnd}</Detail>}
      {starter && expiry && <Detail term={subscription.isExpired ? 'Expired on' : 'Access until'}>{expiry}</Detail>}
      {starter && !subscription.isExpired && subscription.daysRemaining !== null && (
        <Detail term="Days remaining">{daysText(subscription.daysRemaining)}</Detail>
      )}
    </dl>
  );
}

/**
 * Agency in its free trial: no commitment yet. Says so, and when the 3 months would start, so the
 * Cancel button beside it is not a surprise.
 */
function CommitmentNote({ subscription }: { subscription: TSubscription }) {
  const trialing = subscription.status === 'trialing' && !subscription.cancelAtPeriodEnd;
  if (subscription.plan.key !== 'agency' || !trialing) return null;
  const firstPayment = formatLongDate(subscription.trialEnd);
  return (
    <p className="text-muted-foreground text-sm" data-testid="commitment-note">
      You can cancel at any time during your free trial. The {AGENCY_MINIMUM_COMMITMENT_MONTHS}-month minimum commitment
      starts with your first payment{firstPayment ? ` on ${firstPayment}` : ''}.
    </p>
  );
}

/**
 * Plan name, status, brands used of the allowance, the subscription's details and its control.
 * `ownAccountOfMember`: the reader is a team member, for whom this is their own account's billing
 * (beside the agency plan they work under), so it is named so and its brands are left out.
 */
export function SubscriptionOverview({
  details,
  ownAccountOfMember = false,
}: {
  details: TSubscriptionDetails;
  ownAccountOfMember?: boolean;
}) {
  const { subscription } = details;
  const name = subscription?.plan.name ?? plans[details.planType].name;
  const status = subscription ? subscriptionStatusBadge(subscription) : null;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <p className="text-muted-foreground text-xs">{ownAccountOfMember ? 'Your own account' : 'Current plan'}</p>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-xl">{name}</span>
            {status && (
              <Badge variant={status.variant} data-testid="subscription-status">
                {status.label}
              </Badge>
            )}
          </p>
        </div>
        {!ownAccountOfMember && (
          <dl className="space-y-1 sm:text-right">
            <dt className="text-muted-foreground text-xs">Brands</dt>
            <dd className="font-semibold text-xl tabular-nums">
              {details.brands.used} / {limitText(details.brands.limit)}
            </dd>
          </dl>
        )}
      </div>
      {subscription && <SubscriptionDetails subscription={subscription} />}
      {subscription && <CommitmentNote subscription={subscription} />}
      {subscription && <SubscriptionControls subscription={subscription} />}
    </div>
  );
}
