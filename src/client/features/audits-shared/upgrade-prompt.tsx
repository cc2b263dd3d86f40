import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { type PlanKey, plans } from '../../../shared/plans.ts';
import { Button } from '../../components/ui/button.tsx';
import { setSelectedPlan } from '../../lib/storage.ts';
import { cn } from '../../lib/utils.ts';

/** Why the prompt is shown: the plan's audit allowance, or features the plan does not include. */
export type UpgradeReason = 'audit_limit' | 'feature_limit';

/** Plans whose limits the prompt is for (DESIGN §7.9); larger plans never see it. */
export function planLimitsAudits(planType: PlanKey | undefined): boolean {
  return planType === 'free' || planType === 'starter';
}

function nextPlanFor(planType: PlanKey): PlanKey {
  return planType === 'free' ? 'starter' : 'smb';
}

function copyFor(reason: UpgradeReason, planType: PlanKey): { title: string; body: string } {
  const plan = plans[planType];
  const next = plans[nextPlanFor(planType)];
  if (reason === 'feature_limit') {
    return {
      title: 'Get more from this audit',
      body: `Your ${plan.name} plan includes the brand score and PDF export. ${next.name} adds consumer insights, competitor tracking and AI recommendations.`,
    };
  }
  const audits = plan.limits.audits;
  const allowance =
    audits === null
      ? ''
      : planType === 'starter'
        ? `Your ${plan.name} plan includes ${audits} audits within ${plan.limits.accessDays} days. `
        : `Your ${plan.name} plan includes ${audits} audit. `;
  return {
    title: planType === 'free' ? 'Keep tracking your brand' : 'Track your brand every month',
    body: `${allowance}Upgrade to ${next.name} to re-run audits as you fix things and see your score move.`,
  };
}

/** A banner offering the next plan, linking to the pricing section and the subscribe screen. */
export function UpgradePrompt({
  reason,
  planType,
  className,
}: {
  reason: UpgradeReason;
  planType: PlanKey;
  className?: string;
}) {
  const { title, body } = copyFor(reason, planType);
  const next = plans[nextPlanFor(planType)];

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
          <Link href="/landing#pricing">View Plans</Link>
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
