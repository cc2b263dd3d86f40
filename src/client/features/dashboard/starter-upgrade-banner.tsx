import { ArrowRight, Sparkles } from 'lucide-react';
import { useLocation } from 'wouter';
import { formatPlanPrice, plans } from '../../../shared/plans.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { setSelectedPlan } from '../../lib/storage.ts';

/** Offers the Starter plan to a free user who has run an audit: stores the plan, then /subscribe. */
export function StarterUpgradeBanner() {
  const [, navigate] = useLocation();
  const starter = plans.starter;

  const upgrade = () => {
    setSelectedPlan('starter');
    navigate('/subscribe');
  };

  return (
    <Card
      aria-label="Upgrade to Starter"
      className="flex-col gap-4 border-0 bg-gradient-to-br from-indigo-600 to-violet-600 px-5 py-5 text-white sm:flex-row sm:items-center sm:justify-between sm:px-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="font-semibold text-lg">
            Try everything with {starter.name} for {formatPlanPrice(starter)}
          </p>
          <p className="text-sm text-white/85">
            A one-off payment unlocks {starter.limits.audits} audits, consumer insights, competitor tracking and AI
            recommendations for {starter.limits.accessDays} days on 1 brand.
          </p>
        </div>
      </div>
      <Button variant="secondary" size="lg" className="shrink-0" onClick={upgrade}>
        Upgrade to {starter.name}
        <ArrowRight aria-hidden="true" />
      </Button>
    </Card>
  );
}
