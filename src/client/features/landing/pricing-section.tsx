import { Check } from 'lucide-react';
import {
  AGENCY_MINIMUM_COMMITMENT_MONTHS,
  formatPlanPrice,
  planList,
  plans,
  TRIAL_DAYS,
} from '../../../shared/plans.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/utils.ts';
import { SectionHeading } from './section-heading.tsx';

/** Each plan's button carries its key; the public pages' script stores it and continues (SPEC §4). */
export function PricingSection() {
  return (
    <section id="pricing" className="border-t py-20 sm:py-24">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <SectionHeading eyebrow="Pricing" title="Simple pricing in pounds">
          Start free, try everything once, or pick a monthly plan as you grow.
        </SectionHeading>

        <div className="mt-14 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {planList.map((plan) => {
            const featured = Boolean(plan.badge);
            return (
              <article
                key={plan.key}
                data-testid={`plan-${plan.key}`}
                className={cn(
                  'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm',
                  featured && 'border-primary shadow-lg shadow-primary/10 ring-1 ring-primary',
                )}
              >
                {plan.badge && (
                  <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1">
                    {plan.badge}
                  </Badge>
                )}
                <h3 className="font-semibold text-lg">{plan.name}</h3>
                <p className="mt-1 min-h-10 text-muted-foreground text-sm">{plan.description}</p>
                <p className="mt-5 flex items-baseline gap-1.5">
                  <span className="font-bold text-4xl tracking-tight">{formatPlanPrice(plan)}</span>
                  <span className="text-muted-foreground text-sm">
                    {plan.interval === 'month' ? '/month' : 'one-off'}
                  </span>
                </p>
                <ul className="mt-6 flex-1 space-y-2.5">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2.5 text-sm">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
                <Button
                  className="mt-8 w-full"
                  size="lg"
                  variant={featured ? 'default' : 'outline'}
                  type="button"
                  data-plan={plan.key}
                >
                  {plan.buttonLabel}
                </Button>
              </article>
            );
          })}
        </div>

        <p className="mx-auto mt-8 max-w-2xl text-center text-muted-foreground text-sm">
          Prices in GBP. SMB and Agency start with a {TRIAL_DAYS}-day free trial; Agency has a{' '}
          {AGENCY_MINIMUM_COMMITMENT_MONTHS}-month minimum commitment. Starter is a single payment, not a subscription,
          and gives {plans.starter.limits.accessDays} days of access.
        </p>
      </div>
    </section>
  );
}
