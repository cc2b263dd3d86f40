import { ArrowRight, Check } from 'lucide-react';
import { useLocation } from 'wouter';
import { formatPlanPrice, type PlanKey, plans } from '../../../shared/plans.ts';
import { monthlyPlanKeys } from '../../../shared/schemas/billing.ts';
import { Button } from '../../components/ui/button.tsx';
import { setSelectedPlan } from '../../lib/storage.ts';

/** SMB and Agency, except the one the account is on; a button remembers the plan and opens checkout. */
export function AvailablePlans({ currentPlan }: { currentPlan: PlanKey }) {
  const [, navigate] = useLocation();
  const offered = monthlyPlanKeys.filter((key) => key !== currentPlan).map((key) => plans[key]);
  if (offered.length === 0) return null;
  const currentPrice = plans[currentPlan].price;

  return (
    <section aria-labelledby="available-plans-heading" className="space-y-4">
      <h3 id="available-plans-heading" className="font-semibold text-sm">
        Available plans
      </h3>
      <ul className="grid gap-4 sm:grid-cols-2">
        {offered.map((plan) => {
          const verb = plan.price > currentPrice ? 'Upgrade to' : 'Switch to';
          return (
            <li key={plan.key} aria-label={`${plan.name} plan`} className="flex flex-col gap-3 rounded-lg border p-4">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-semibold">{plan.name}</span>
                <span className="text-sm">
                  <span className="font-semibold text-base">{formatPlanPrice(plan)}</span>
                  <span className="text-muted-foreground">/month</span>
                </span>
              </div>
              <ul className="flex-1 space-y-1.5">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2 text-muted-foreground text-sm">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button
                variant={plan.key === 'agency' ? 'default' : 'outline'}
                onClick={() => {
                  setSelectedPlan(plan.key);
                  navigate('/subscribe');
                }}
              >
                {verb} {plan.name}
                <ArrowRight aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
