import { CircleCheck, CircleX, Clock, RotateCcw } from 'lucide-react';
import { Link } from 'wouter';
import type { TCheckPaymentStatusResponse } from '../../../shared/schemas/billing.ts';
import { Spinner } from '../../components/spinner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { NoticeCard } from './checkout-notices.tsx';
import { paymentPendingText, paymentSuccessText } from './payment-return.ts';

export function VerifyingPayment() {
  return (
    <NoticeCard icon={<Spinner className="size-7" label="Verifying payment" />} title="Verifying your payment">
      <p>Checking the payment with the payment provider. This takes a moment.</p>
    </NoticeCard>
  );
}

export function PaymentSucceeded({ result }: { result: TCheckPaymentStatusResponse }) {
  return (
    <NoticeCard
      tone="success"
      icon={<CircleCheck aria-hidden="true" />}
      title="Payment Successful!"
      actions={
        <>
          <Button asChild>
            <Link href="/">Go to Dashboard</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link href="/settings">View Subscription</Link>
          </Button>
        </>
      }
    >
      <p>{paymentSuccessText(result)}</p>
    </NoticeCard>
  );
}

export function PaymentPending({
  result,
  onCheckAgain,
  checking,
}: {
  result: TCheckPaymentStatusResponse;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  return (
    <NoticeCard
      icon={<Clock aria-hidden="true" />}
      title="Payment Processing"
      actions={
        <>
          <Button onClick={onCheckAgain} disabled={checking}>
            <RotateCcw aria-hidden="true" />
            {checking ? 'Checking...' : 'Check Again'}
          </Button>
          <Button variant="outline" asChild>
            <Link href="/">Go to Dashboard</Link>
          </Button>
        </>
      }
    >
      <p>{paymentPendingText(result)}</p>
      <p className="text-sm">Your plan changes as soon as the payment is confirmed.</p>
    </NoticeCard>
  );
}

const commonIssues = [
  'Insufficient funds in the account',
  'The card was declined by the bank',
  'Incorrect card details (number, expiry date or security code)',
  'A network problem during the payment',
];

/** SPEC §8: the reason, the common issues, Try Again (/upgrade, the same plan) and Dashboard. */
export function PaymentFailed({ message }: { message: string }) {
  return (
    <NoticeCard
      tone="destructive"
      icon={<CircleX aria-hidden="true" />}
      title="Payment Failed"
      actions={
        <>
          <Button asChild>
            <Link href="/upgrade">Try Again</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link href="/">Dashboard</Link>
          </Button>
        </>
      }
    >
      <p className="font-medium text-foreground">{message}</p>
      <div className="rounded-lg border bg-muted/40 p-4 text-left text-sm">
        <p className="font-medium text-foreground">Common issues</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {commonIssues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      </div>
    </NoticeCard>
  );
}
