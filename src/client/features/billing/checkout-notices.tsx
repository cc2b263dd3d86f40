import { ArrowRightLeft, CircleAlert, CircleCheck, Hourglass, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { type PlanKey, plans } from '../../../shared/plans.ts';
import { Spinner } from '../../components/spinner.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { errorDisplayMessage } from '../../lib/api.ts';
import { cn } from '../../lib/utils.ts';

const toneClasses = {
  primary: 'bg-primary/10 text-primary',
  success: 'bg-success/15 text-success',
  destructive: 'bg-destructive/10 text-destructive',
};

/** A page-wide notice in place of the checkout: an icon, a heading, what happened and what to do. */
export function NoticeCard({
  icon,
  title,
  children,
  actions,
  label,
  tone = 'primary',
}: {
  tone?: 'primary' | 'success' | 'destructive';
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  label?: string;
}) {
  return (
    <Card aria-label={label ?? title} className="mx-auto mt-6 w-full max-w-lg sm:mt-10">
      <CardContent className="flex flex-col items-center gap-4 py-4 text-center">
        <span className={cn('flex size-14 items-center justify-center rounded-full [&>svg]:size-7', toneClasses[tone])}>
          {icon}
        </span>
        <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
        <div className="space-y-2 text-muted-foreground">{children}</div>
        {actions && <div className="mt-2 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">{actions}</div>}
      </CardContent>
    </Card>
  );
}

/**
 * SPEC §8's plan change: another subscription is running, and it is cancelled in Settings before
 * a different plan can be taken.
 */
export function PlanChangeRequired({
  currentPlan,
  wantedPlan,
  message,
}: {
  currentPlan: PlanKey | undefined;
  wantedPlan: PlanKey;
  message: string;
}) {
  const current = currentPlan && currentPlan !== 'free' ? plans[currentPlan] : null;
  return (
    <NoticeCard
      icon={<ArrowRightLeft aria-hidden="true" />}
      title="Plan Change Required"
      actions={
        <>
          <Button asChild>
            <Link href="/settings">Go to Settings</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link href="/">Go to Dashboard</Link>
          </Button>
        </>
      }
    >
      {current ? (
        <p>
          You are subscribed to the <span className="font-medium text-foreground">{current.name}</span> plan. To change
          to {plans[wantedPlan].name}, please cancel your current subscription in Settings first.
        </p>
      ) : (
        <p>{message}</p>
      )}
    </NoticeCard>
  );
}

/** SPEC §4: no client secret after 10 seconds. Refreshing asks the server again. */
export function SlowLoading() {
  return (
    <NoticeCard
      icon={<Hourglass aria-hidden="true" />}
      title="Checkout is taking longer than usual"
      actions={
        <Button onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" />
          Refresh
        </Button>
      }
    >
      <p>The secure payment form has not loaded yet. Refreshing the page usually fixes this.</p>
    </NoticeCard>
  );
}

/** The plan asked for is the one the account already has: it says so, then the dashboard follows. */
export function AlreadySubscribedNotice({ message }: { message: string }) {
  return (
    <NoticeCard icon={<CircleCheck aria-hidden="true" />} title="You're already subscribed">
      <p>{message}</p>
      <p className="flex items-center justify-center gap-2 text-sm">
        <Spinner className="size-4" label="Redirecting" />
        Taking you to your dashboard...
      </p>
    </NoticeCard>
  );
}

/** Checkout could not start: the server's reason and a retry, beside the toast. */
export function CheckoutError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>Failed to initialize payment</AlertTitle>
      <AlertDescription>
        <p>{errorDisplayMessage(error, 'Please try again in a moment.')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
