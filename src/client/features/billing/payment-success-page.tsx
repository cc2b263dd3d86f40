import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useSearch } from 'wouter';
import { toast } from '../../hooks/use-toast.ts';
import { clearSelectedPlan } from '../../lib/storage.ts';
import { refreshAfterPlanChange, usePaymentStatus } from './billing-queries.ts';
import { PaymentFailed, PaymentPending, PaymentSucceeded, VerifyingPayment } from './payment-result-screens.tsx';
import {
  DEFAULT_PAYMENT_ERROR,
  PAYMENT_DETAILS_MISSING,
  PAYMENT_VERIFICATION_FAILED,
  paymentReturnFrom,
  paymentSuccessText,
} from './payment-return.ts';

/**
 * /payment-success, where the payment provider (or the demo checkout) returns: the server checks
 * the payment with the provider, then success, pending or failed (SPEC §4 "Payment result").
 */
export default function PaymentSuccessPage() {
  const search = useSearch();
  const request = useMemo(() => paymentReturnFrom(search), [search]);
  const status = usePaymentStatus(request);
  const queryClient = useQueryClient();
  const result = status.data;

  // Once per payment: the toast, the chosen plan forgotten, and the new plan read everywhere.
  const celebrated = useRef<string | null>(null);
  useEffect(() => {
    if (result?.status !== 'succeeded' || celebrated.current === search) return;
    celebrated.current = search;
    clearSelectedPlan();
    toast({ title: 'Payment Successful', description: paymentSuccessText(result) });
    void refreshAfterPlanChange(queryClient);
  }, [result, search, queryClient]);

  let screen: ReactNode;
  if (!request) screen = <PaymentFailed message={PAYMENT_DETAILS_MISSING} />;
  else if (status.error) screen = <PaymentFailed message={PAYMENT_VERIFICATION_FAILED} />;
  else if (!result) screen = <VerifyingPayment />;
  else if (result.status === 'succeeded') screen = <PaymentSucceeded result={result} />;
  else if (result.status === 'processing') {
    screen = <PaymentPending result={result} checking={status.isFetching} onCheckAgain={() => void status.refetch()} />;
  } else screen = <PaymentFailed message={result.message || DEFAULT_PAYMENT_ERROR} />;

  return screen;
}
