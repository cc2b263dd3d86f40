import { CircleAlert, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatPlanPrice, plans, TRIAL_DAYS } from '../../../shared/plans.ts';
import { isPaidPlanKey, paymentsNotConfiguredMessage, type TPaidPlanKey } from '../../../shared/schemas/billing.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { CenteredSpinner, Spinner } from '../../components/spinner.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { errorDisplayMessage } from '../../lib/api.ts';
import {
  clearSelectedPlan,
  getLastCheckoutPlan,
  readSelectedPlanValue,
  setLastCheckoutPlan,
} from '../../lib/storage.ts';
import { notifyError } from '../audits-shared/notify-error.ts';
import { type CheckoutIntent, useBillingConfig, useCheckoutIntent } from './billing-queries.ts';
import { AlreadySubscribedNotice, CheckoutError, PlanChangeRequired, SlowLoading } from './checkout-notices.tsx';
import { checkoutPlanFrom, isPlanChangeError } from './checkout-plan.ts';
import { DemoCheckout } from './demo-checkout.tsx';
import { PlanSummary } from './plan-summary.tsx';

// Stripe's form, and Stripe.js with it, load only on a server that takes payments through Stripe.
const StripeCheckout = lazy(() => import('./stripe-checkout.tsx'));

/** SPEC §9 timings: the slow-loading page after 10 s without a client secret; the already-subscribed redirect. */
export const SLOW_CHECKOUT_MS = 10_000;
export const ALREADY_SUBSCRIBED_REDIRECT_MS = 2000;

/** True once `waiting` has lasted `ms` without a break. */
function useSlowAfter(ms: number, waiting: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), ms);
    return () => clearTimeout(timer);
  }, [ms, waiting]);
  return slow && waiting;
}

/** 'Failed to initialize payment' with the server's reason, once per failure; a plan change shows its page instead. */
function useInitErrorToast(error: Error | null) {
  const reported = useRef<Error | null>(null);
  useEffect(() => {
    if (!error || reported.current === error || isPlanChangeError(error)) return;
    reported.current = error;
    notifyError(error, 'Failed to initialize payment', 'Failed to initialize payment');
  }, [error]);
}

/** The plan is already this account's: the chosen plan is forgotten and the dashboard follows after 2 s. */
function useAlreadySubscribedRedirect(alreadySubscribed: boolean) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!alreadySubscribed) return;
    clearSelectedPlan();
    const timer = setTimeout(() => navigate('/'), ALREADY_SUBSCRIBED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [alreadySubscribed, navigate]);
}

function PaymentPanel({
  plan,
  intent,
  payLabel,
}: {
  plan: TPaidPlanKey;
  intent: ReturnType<typeof useCheckoutIntent>;
  payLabel: string;
}) {
  const config = useBillingConfig();
  const mode = config.data?.mode;
  if (config.error) return <CheckoutError error={config.error} onRetry={() => void config.refetch()} />;
  if (mode === 'unconfigured') {
    return (
      <Alert variant="info">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>Payments are not available</AlertTitle>
        <AlertDescription>
          <p>{paymentsNotConfiguredMessage}</p>
        </AlertDescription>
      </Alert>
    );
  }
  if (intent.error) return <CheckoutError error={intent.error} onRetry={() => void intent.refetch()} />;
  const ready: CheckoutIntent | undefined = intent.data;
  if (!mode || !ready?.clientSecret) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-muted-foreground text-sm">
        <Spinner label="Preparing checkout" />
        Preparing secure checkout for {plans[plan].name}...
      </div>
    );
  }
  if (mode === 'demo') {
    return <DemoCheckout clientSecret={ready.clientSecret} intentKind={ready.intentKind} payLabel={payLabel} />;
  }
  if (!config.data?.publishableKey) {
    return (
      <CheckoutError
        error={new Error('Stripe has no publishable key on this server.')}
        onRetry={() => void config.refetch()}
      />
    );
  }
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner label="Loading the card form" />
        </div>
      }
    >
      <StripeCheckout
        publishableKey={config.data.publishableKey}
        clientSecret={ready.clientSecret}
        intentKind={ready.intentKind}
        payLabel={payLabel}
      />
    </Suspense>
  );
}

/** The checkout of one paid plan: its summary beside the payment form the server's billing mode gives. */
function Checkout({ plan }: { plan: TPaidPlanKey }) {
  const { user } = useAuth();
  const config = useBillingConfig();
  const mode = config.data?.mode;
  const intent = useCheckoutIntent(plan, mode === 'stripe' || mode === 'demo');
  const error = config.error ?? intent.error;
  const alreadySubscribed = intent.data?.alreadySubscribed === true;
  const waiting = !error && mode !== 'unconfigured' && !alreadySubscribed && !intent.data?.clientSecret;
  const slow = useSlowAfter(SLOW_CHECKOUT_MS, waiting);
  useInitErrorToast(error);
  useAlreadySubscribedRedirect(alreadySubscribed);

  const details = plans[plan];
  if (error && isPlanChangeError(error)) {
    return (
      <PlanChangeRequired currentPlan={user?.planType} wantedPlan={plan} message={errorDisplayMessage(error, '')} />
    );
  }
  if (alreadySubscribed) {
    return <AlreadySubscribedNotice message={intent.data?.message || `You already have the ${details.name} plan.`} />;
  }
  if (slow) return <SlowLoading />;

  // A monthly plan starts with the free trial unless the server charges it at once (a payment intent).
  const trial = details.interval === 'month' && intent.data?.intentKind !== 'payment';
  const payLabel = trial ? `Start ${TRIAL_DAYS}-day free trial` : `Pay ${formatPlanPrice(details)}`;
  return (
    <>
      <PageHeader title={`Get ${details.name}`} description="Review your plan, then complete checkout." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PlanSummary plan={details} trial={trial} />
        <Card role="region" aria-label="Payment">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
              Payment
            </CardTitle>
            <CardDescription>
              {trial ? 'Nothing is charged until your trial ends.' : `${formatPlanPrice(details)} today.`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PaymentPanel plan={plan} intent={intent} payLabel={payLabel} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

/**
 * /subscribe and /upgrade: the plan from ?plan, else the chosen plan or the plan last shown here
 * (/upgrade takes the latter first), else SMB (SPEC §2, DESIGN §7.7). The free plan has nothing to pay and goes to the dashboard.
 */
export default function SubscribePage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const screen = location === '/upgrade' ? 'upgrade' : 'subscribe';
  const plan = useMemo(
    () =>
      checkoutPlanFrom(
        {
          query: new URLSearchParams(search).get('plan'),
          selectedPlan: readSelectedPlanValue(),
          lastCheckoutPlan: getLastCheckoutPlan(),
        },
        screen,
      ),
    [search, screen],
  );

  useEffect(() => {
    if (isPaidPlanKey(plan)) {
      setLastCheckoutPlan(plan);
      return;
    }
    clearSelectedPlan();
    navigate('/', { replace: true });
  }, [plan, navigate]);

  if (!isPaidPlanKey(plan)) return <CenteredSpinner />;
  return <Checkout key={plan} plan={plan} />;
}
