import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { AGENCY_MINIMUM_COMMITMENT_MONTHS } from '../../../shared/plans.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip.tsx';
import { formatLongDate } from '../../lib/format.ts';
import { useCancelSubscription, useReactivateSubscription } from '../billing/billing-queries.ts';
import { daysText, subscriptionControl, type TSubscription } from './subscription-status.ts';

function CancelButton({ subscription }: { subscription: TSubscription }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription(() => setOpen(false));
  const endsOn = formatLongDate(subscription.currentPeriodEnd ?? subscription.trialEnd);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cancel Subscription
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel your {subscription.plan.name} subscription?</AlertDialogTitle>
          <AlertDialogDescription>
            {endsOn
              ? `Your plan stays active until ${endsOn}, and nothing more is charged. You can reactivate it before then.`
              : 'Your plan stays active until the end of the current period, and nothing more is charged. You can reactivate it before then.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep Subscription</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={cancel.isPending}
            onClick={(event) => {
              event.preventDefault();
              cancel.mutate();
            }}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel Subscription'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Agency's minimum commitment (3 months from the first payment): Cancel is held back, saying when it becomes possible. */
function LockedCancelButton({ subscription }: { subscription: TSubscription }) {
  const days = subscription.remainingDays ?? 0;
  const from = formatLongDate(subscription.canCancelAt);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* aria-disabled rather than disabled: the button keeps focus and hover, so its tooltip can explain. */}
        <Button
          variant="outline"
          aria-disabled="true"
          className="cursor-not-allowed opacity-50 hover:bg-background"
          onClick={(event) => event.preventDefault()}
        >
          Cancel available in {daysText(days)}
        </Button>
      </TooltipTrigger>
      <TooltipContent className="max-w-xs">
        The {subscription.plan.name} plan has a {AGENCY_MINIMUM_COMMITMENT_MONTHS}-month minimum commitment from your
        first payment. You can cancel in {daysText(days)}
        {from ? `, from ${from}` : ''}.
      </TooltipContent>
    </Tooltip>
  );
}

function ReactivateButton() {
  const reactivate = useReactivateSubscription();
  return (
    <Button onClick={() => reactivate.mutate()} disabled={reactivate.isPending}>
      <RotateCcw aria-hidden="true" />
      {reactivate.isPending ? 'Reactivating...' : 'Reactivate Subscription'}
    </Button>
  );
}

/** Cancel, Reactivate, or nothing (Starter, ended subscriptions), as SPEC §4 "Subscription display" says. */
export function SubscriptionControls({ subscription }: { subscription: TSubscription }) {
  switch (subscriptionControl(subscription)) {
    case 'cancel':
      return <CancelButton subscription={subscription} />;
    case 'cancel-locked':
      return <LockedCancelButton subscription={subscription} />;
    case 'reactivate':
      return <ReactivateButton />;
    default:
      return null;
  }
}
