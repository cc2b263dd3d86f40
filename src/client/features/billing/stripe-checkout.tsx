import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CircleAlert, Lock } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { TIntentKind } from '../../../shared/schemas/billing.ts';
import { Spinner } from '../../components/spinner.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { DEFAULT_PAYMENT_ERROR } from './payment-return.ts';

/*
 * Loaded on demand by the subscribe screen in Stripe mode only: Stripe.js itself is fetched from
 * Stripe (the pure entry loads nothing until asked), so demo and unconfigured servers never load it.
 */

/** One Stripe.js per publishable key for the page's life; null when it could not be loaded. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export const paymentReturnPath = '/payment-success';

/** Where Stripe sends the browser after confirming: this site's payment result screen. */
export function paymentReturnUrl(): string {
  return `${window.location.origin}${paymentReturnPath}`;
}

function PaymentForm({ intentKind, payLabel }: { intentKind: TIntentKind; payLabel: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    const confirmParams = { return_url: paymentReturnUrl() };
    // A free trial saves the card (a setup intent); anything charged now confirms the payment.
    const { error } =
      intentKind === 'setup'
        ? await stripe.confirmSetup({ elements, confirmParams })
        : await stripe.confirmPayment({ elements, confirmParams });
    // Reached only when confirming failed: on success Stripe has already left for the return URL.
    toast({ title: 'Payment Failed', description: error?.message || DEFAULT_PAYMENT_ERROR, variant: 'destructive' });
    setSubmitting(false);
  };

  if (loadError) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>The card form could not be loaded</AlertTitle>
        <AlertDescription>
          <p>{loadError}</p>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <form aria-label="Card payment" className="space-y-5" onSubmit={submit}>
      {!ready && (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the card form" />
        </div>
      )}
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setReady(true)}
        onLoadError={({ error }) => setLoadError(error.message ?? 'Please refresh the page and try again.')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || !ready || submitting}>
        {submitting ? 'Processing...' : payLabel}
      </Button>
      <p className="flex items-center justify-center gap-2 text-muted-foreground text-xs">
        <Lock aria-hidden="true" className="size-3.5" />
        Card details go straight to Stripe; Brandlens never sees or stores them.
      </p>
    </form>
  );
}

/** Stripe's Payment Element for a client secret, confirming as a payment or, for a free trial, a setup. */
export default function StripeCheckout({
  publishableKey,
  clientSecret,
  intentKind,
  payLabel,
}: {
  publishableKey: string;
  clientSecret: string;
  intentKind: TIntentKind;
  payLabel: string;
}) {
  const stripe = stripeFor(publishableKey);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => {
      if (current && !loaded) setUnavailable(true);
    });
    return () => {
      current = false;
    };
  }, [stripe]);

  if (unavailable) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>The card form could not be loaded</AlertTitle>
        <AlertDescription>
          <p>Stripe could not be reached. Check your connection, then refresh the page.</p>
        </AlertDescription>
      </Alert>
    );
  }

  const options: StripeElementsOptions = {
    clientSecret,
    appearance: { theme: 'stripe', variables: { borderRadius: '8px' } },
  };
  return (
    <Elements stripe={stripe} options={options}>
      <PaymentForm intentKind={intentKind} payLabel={payLabel} />
    </Elements>
  );
}
