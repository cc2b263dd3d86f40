import { CalendarClock, Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { AGENCY_MINIMUM_COMMITMENT_MONTHS, formatPlanPrice, type Plan, TRIAL_DAYS } from '../../../shared/plans.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatLongDate } from '../../lib/format.ts';
import { firstChargeDate } from './checkout-plan.ts';

function Term({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="min-w-0 space-y-0.5">{children}</div>
    </li>
  );
}

/**
 * The plan being bought: name, price, what it includes and its terms: Starter's single payment and
 * days of access, a monthly plan's free trial and first charge date, Agency's minimum commitment
 * (which runs from the first payment: a free trial can be cancelled at any time).
 * `trial` is false when the server charges a monthly plan at once (no trial on this subscription).
 */
export function PlanSummary({ plan, trial }: { plan: Plan; trial: boolean }) {
  const monthly = plan.interval === 'month';
  return (
    <Card role="region" aria-label="Plan summary" className="h-fit">
      <CardHeader>
        <CardDescription>Plan summary</CardDescription>
        <CardTitle className="flex flex-wrap items-center gap-2 text-2xl">
          {plan.name}
          {plan.badge && <Badge>{plan.badge}</Badge>}
        </CardTitle>
        <p className="text-muted-foreground text-sm">{plan.description}</p>
      </CardHeader>
      <CardContent className="space-y-6">
        <p className="flex items-baseline gap-2">
          <span className="font-bold text-4xl tracking-tight">{formatPlanPrice(plan)}</span>
          <span className="text-muted-foreground">{monthly ? 'per month' : 'one-off payment'}</span>
        </p>

        <ul className="space-y-2.5" aria-label={`What ${plan.name} includes`}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2.5 text-sm">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>

        <ul className="space-y-2">
          {monthly && trial && (
            <Term>
              <p className="font-medium">{TRIAL_DAYS}-day free trial</p>
              <p className="text-muted-foreground">
                Nothing is charged today. Your first payment of {formatPlanPrice(plan)} is taken on{' '}
                <span className="font-medium text-foreground">{formatLongDate(firstChargeDate())}</span>, then monthly,
                unless you cancel before then.
              </p>
            </Term>
          )}
          {monthly && !trial && (
            <Term>
              <p className="font-medium">Billed monthly</p>
              <p className="text-muted-foreground">
                {formatPlanPrice(plan)} is charged today, then every month until you cancel.
              </p>
            </Term>
          )}
          {plan.key === 'agency' && (
            <Term>
              <p className="font-medium">{AGENCY_MINIMUM_COMMITMENT_MONTHS}-month minimum commitment</p>
              <p className="text-muted-foreground">
                {trial
                  ? `It starts with your first payment: you can cancel at any time during the free trial, and after your first payment once ${AGENCY_MINIMUM_COMMITMENT_MONTHS} months have passed since it.`
                  : `It starts with your first payment today: you can cancel once ${AGENCY_MINIMUM_COMMITMENT_MONTHS} months have passed since it.`}
              </p>
            </Term>
          )}
          {!monthly && (
            <Term>
              <p className="font-medium">One payment, no subscription</p>
              <p className="text-muted-foreground">
                {plan.limits.accessDays} days of access from the day you pay. Nothing renews.
              </p>
            </Term>
          )}
        </ul>

        <p className="text-muted-foreground text-xs">Prices in GBP.</p>
      </CardContent>
    </Card>
  );
}
