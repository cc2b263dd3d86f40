import { plans } from '../../../shared/plans.ts';
import type { TSubscriptionDetails } from '../../../shared/schemas/billing.ts';
import { limitText } from './subscription-status.ts';
import { UsageLimits } from './usage-limits.tsx';

export type TWorkspace = NonNullable<TSubscriptionDetails['workspace']>;

/**
 * A team member's view of the agency workspace they work in: the agency's plan, whose features and
 * limits apply to everything they do there, and its usage. No offer to buy: the agency's billing is
 * its owner's.
 */
export function WorkspacePlan({ workspace }: { workspace: TWorkspace }) {
  const plan = plans[workspace.planType];
  const { agency } = workspace;
  return (
    <section aria-labelledby="workspace-plan-heading" className="space-y-5" data-testid="workspace-plan">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <p id="workspace-plan-heading" className="text-muted-foreground text-xs">
            Plan you work under
          </p>
          <p className="font-semibold text-xl">{plan.name}</p>
          <p className="max-w-prose text-muted-foreground text-sm">
            You work in {agency.name}'s workspace as a member of its team: its {plan.name} plan's features and limits
            apply to everything you do there. Its billing is managed by {agency.email}.
          </p>
        </div>
        <dl className="space-y-1 sm:text-right">
          <dt className="text-muted-foreground text-xs">Brands</dt>
          <dd className="font-semibold text-xl tabular-nums">
            {workspace.brands.used} / {limitText(workspace.brands.limit)}
          </dd>
        </dl>
      </div>
      <UsageLimits usage={workspace.usage} whose="the agency's plan" />
    </section>
  );
}
