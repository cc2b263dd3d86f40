import { CreditCard } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Separator } from '../../components/ui/separator.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { useSubscriptionDetails } from '../billing/billing-queries.ts';
import { AvailablePlans } from './available-plans.tsx';
import { SubscriptionOverview } from './subscription-overview.tsx';
import { UsageLimits } from './usage-limits.tsx';

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
        <CardDescription>Your plan, its billing and what you have used.</CardDescription>
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
        {data && (
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
