import { CreditCard } from 'lucide-react';
import type { TSubscriptionDetails } from '../../../shared/schemas/billing.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Separator } from '../../components/ui/separator.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { useSubscriptionDetails } from '../billing/billing-queries.ts';
import { AvailablePlans } from './available-plans.tsx';
import { SubscriptionOverview } from './subscription-overview.tsx';
import { UsageLimits } from './usage-limits.tsx';
import { type TWorkspace, WorkspacePlan } from './workspace-plan.tsx';

/**
 * A team member sees two things, apart: first the agency's plan they work under (its features and
 * limits, no offer to buy: the agency's billing is its owner's), then their own account, whose
 * billing stays theirs (its subscription and its Cancel or Reactivate, no upgrade offers while
 * they work in the agency).
 */
function MemberSubscription({ details, workspace }: { details: TSubscriptionDetails; workspace: TWorkspace }) {
  return (
    <>
      <WorkspacePlan workspace={workspace} />
      <Separator />
      <section aria-label="Your own account" className="space-y-3">
        <SubscriptionOverview details={details} ownAccountOfMember />
        <p className="text-muted-foreground text-sm">
          Your own account's billing stays yours. While you are on {workspace.agency.name}'s team, you work under its
          plan above.
        </p>
      </section>
    </>
  );
}

/**
 * SPEC §2 Settings' subscription card: plan, brands, status, details, cancel or reactivate, usage
 * limits, and the other monthly plans; View Plans when there is no subscription.
 */
export function SubscriptionCard() {
  const details = useSubscriptionDetails();
  const data = details.data;

  return (
    <Card aria-labelledby="subscription-card-title">
      <CardHeader>
        <CardTitle id="subscription-card-title" className="flex items-center gap-2">
          <CreditCard aria-hidden="true" className="size-5 text-primary" />
          Subscription
        </CardTitle>
        <CardDescription>
          {data?.workspace
            ? 'The agency plan you work under, and your own account’s billing.'
            : 'Your plan, its billing and what you have used.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {details.error && (
          <LoadErrorAlert error={details.error} what="your subscription" onRetry={() => void details.refetch()} />
        )}
        {!data && !details.error && (
          <div className="space-y-4" aria-busy="true">
            <Skeleton className="h-14" />
            <Skeleton className="h-24" />
          </div>
        )}
        {data?.workspace && <MemberSubscription details={data} workspace={data.workspace} />}
        {data && !data.workspace && (
          <>
            <SubscriptionOverview details={data} />
            <Separator />
            <UsageLimits usage={data.usage} />
            <Separator />
            <AvailablePlans currentPlan={data.planType} />
            {!data.subscription && (
              <Button variant="outline" asChild>
                <a href="/landing#pricing">View Plans</a>
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
