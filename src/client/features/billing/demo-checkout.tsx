import { useMutation } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import type {
  TDemoCheckoutRequest,
  TDemoCheckoutResponse,
  TDemoOutcome,
  TIntentKind,
} from '../../../shared/schemas/billing.ts';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { apiJson } from '../../lib/api.ts';
import { cn } from '../../lib/utils.ts';
import { notifyError } from '../audits-shared/notify-error.ts';
import { DEFAULT_PAYMENT_ERROR } from './payment-return.ts';

type OutcomeChoice = { outcome: TDemoOutcome; label: string; description: string };

function outcomeChoices(intentKind: TIntentKind): OutcomeChoice[] {
  const trial = intentKind === 'setup';
  return [
    {
      outcome: 'succeed',
      label: trial ? 'The card is accepted' : 'The payment succeeds',
      description: trial ? 'The card is saved and the free trial starts.' : 'The card is charged and the plan starts.',
    },
    {
      outcome: 'pending',
      label: 'It stays pending',
      description: "The payment waits for the bank's confirmation; the plan starts once it completes.",
    },
    {
      outcome: 'fail',
      label: 'The card is declined',
      description: 'The payment fails and the plan does not change.',
    },
  ];
}

/** Sends the demo checkout's answer to /payment-success in the app, or elsewhere by a full load. */
function goTo(returnUrl: string, navigate: (path: string) => void) {
  const url = new URL(returnUrl, window.location.origin);
  if (url.origin === window.location.origin) navigate(`${url.pathname}${url.search}`);
  else window.location.assign(url.href);
}

/**
 * The checkout of a server with no payment provider connected (never in production): clearly a
 * test, with the payment's outcome chosen here. It answers through /payment-success like a real
 * payment, so the plan, trial and everything after it run the real code.
 */
export function DemoCheckout({
  clientSecret,
  intentKind,
  payLabel,
}: {
  clientSecret: string;
  intentKind: TIntentKind;
  payLabel: string;
}) {
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<TDemoOutcome>('succeed');
  const name = useId();
  const confirm = useMutation({
    mutationFn: (request: TDemoCheckoutRequest) =>
      apiJson<TDemoCheckoutResponse>('POST', '/api/demo-billing/confirm', request),
    onSuccess: ({ returnUrl }) => goTo(returnUrl, navigate),
    onError: (error) => notifyError(error, 'Payment Failed', DEFAULT_PAYMENT_ERROR),
  });

  return (
    <form
      aria-label="Test checkout"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate({ clientSecret, outcome });
      }}
    >
      <Alert variant="warning">
        <FlaskConical aria-hidden="true" />
        <AlertTitle>Test checkout: no money moves</AlertTitle>
        <AlertDescription>
          <p>
            No payment provider is connected to this server, so this stands in for the card form. Nothing is charged and
            no card is needed. Connecting a Stripe account replaces it with the real card form.
          </p>
        </AlertDescription>
      </Alert>

      <fieldset className="space-y-2.5">
        <legend className="mb-2 font-medium text-sm">What should this test payment do?</legend>
        {outcomeChoices(intentKind).map((choice) => (
          <label
            key={choice.outcome}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50',
              outcome === choice.outcome && 'border-primary bg-primary/5 ring-1 ring-primary',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.outcome}
              checked={outcome === choice.outcome}
              onChange={() => setOutcome(choice.outcome)}
              className="mt-1 size-4 accent-primary"
            />
            <span className="min-w-0">
              <span className="block font-medium text-sm">{choice.label}</span>
              <span className="block text-muted-foreground text-sm">{choice.description}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending || confirm.isSuccess}>
        {confirm.isPending || confirm.isSuccess ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}
