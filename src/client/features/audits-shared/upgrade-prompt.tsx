import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import {
  featureUpgradePromptFor,
  limitsAudits,
  type PlanFeature,
  type PlanKey,
  plans,
  type UpgradeReason,
  upgradePromptFor,
} from '../../../shared/plans.ts';
import { Button } from '../../components/ui/button.tsx';
import { setSelectedPlan } from '../../lib/storage.ts';
import { cn } from '../../lib/utils.ts';

export type { UpgradeReason };

/** Plans whose audit allowance the prompt is for (DESIGN §7.9); unlimited plans never see it. */
export function planLimitsAudits(planType: PlanKey | undefined): boolean {
  return planType !== undefined && limitsAudits(planType);
}

/**
 * A banner offering the next plan, in the plans table's words, linking to pricing and the subscribe
 * screen. With `feature`, it is the prompt of a screen whose whole feature the plan lacks.
 */
export function UpgradePrompt({
  reason,
  planType,
  feature,
  className,
}: {
  reason: UpgradeReason;
  planType: PlanKey;
  feature?: PlanFeature;
  className?: string;
}) {
  const prompt = feature ? featureUpgradePromptFor(planType, feature) : upgradePromptFor(planType, reason);
  if (!prompt) return null;
  const { title, body } = prompt;
  const next = plans[prompt.upgradeTo];

  return (
    <section
      aria-label="Upgrade your plan"
      data-reason={reason}
      className={cn(
        'flex flex-col gap-4 rounded-xl border border-primary/20 bg-gradient-to-br from-primary/10 via-violet-500/5 to-transparent p-5 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Sparkles aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          <p className="mt-0.5 text-muted-foreground text-sm">{body}</p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="outline" asChild>
          <a href="/landing#pricing">View Plans</a>
        </Button>
        <Button asChild>
          <Link href="/subscribe" onClick={() => setSelectedPlan(next.key)}>
            Upgrade Now
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
