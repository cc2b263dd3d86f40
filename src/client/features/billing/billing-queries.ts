import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { plans } from '../../../shared/plans.ts';
import type {
  TBillingConfig,
  TCheckPaymentStatusRequest,
  TCheckPaymentStatusResponse,
  TCreatePaymentIntentRequest,
  TCreatePaymentIntentResponse,
  TGetOrCreateSubscriptionRequest,
  TGetOrCreateSubscriptionResponse,
  TMessageResponse,
  TPaidPlanKey,
  TSubscriptionDetails,
} from '../../../shared/schemas/billing.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson } from '../../lib/api.ts';
import { refreshCurrentUser } from '../../lib/current-user.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

export const billingConfigQueryKey = ['/api/billing/config'] as const;
export const subscriptionDetailsQueryKey = ['/api/subscription-details'] as const;

/** How this server takes payment: Stripe, the demo checkout, or not at all. */
export function useBillingConfig() {
  return useQuery<TBillingConfig>({ queryKey: billingConfigQueryKey });
}

/** What the checkout form confirms; the same shape for Starter's payment and a subscription. */
export type CheckoutIntent = TGetOrCreateSubscriptionResponse;

/**
 * Starts the checkout of a paid plan: Starter's one-off payment (the server sets the amount and
 * refuses any other), or the SMB or Agency subscription, which may answer alreadySubscribed.
 */
export async function createCheckoutIntent(plan: TPaidPlanKey): Promise<CheckoutIntent> {
  if (plan === 'starter') {
    const request: TCreatePaymentIntentRequest = { amount: plans.starter.price, plan: 'starter' };
    const { clientSecret } = await apiJson<TCreatePaymentIntentResponse>('POST', '/api/create-payment-intent', request);
    return { clientSecret, intentKind: 'payment', alreadySubscribed: false };
  }
  const request: TGetOrCreateSubscriptionRequest = { plan };
  return apiJson<TGetOrCreateSubscriptionResponse>('POST', '/api/get-or-create-subscription', request);
}

/**
 * The checkout intent for a plan, asked for once the screen knows payments are possible. It is
 * dropped when the screen closes, so coming back starts from the server's current state.
 */
export function useCheckoutIntent(plan: TPaidPlanKey, enabled: boolean) {
  return useQuery<CheckoutIntent>({
    queryKey: ['checkout-intent', plan],
    queryFn: () => createCheckoutIntent(plan),
    enabled,
    gcTime: 0,
  });
}

/** The server's verdict on a returned payment: it asks the provider and never trusts the address. */
export function usePaymentStatus(request: TCheckPaymentStatusRequest | null) {
  return useQuery<TCheckPaymentStatusResponse>({
    queryKey: ['/api/check-payment-status', request],
    queryFn: () => apiJson<TCheckPaymentStatusResponse>('POST', '/api/check-payment-status', request),
    enabled: request !== null,
    gcTime: 0,
  });
}

/**
 * After a plan changes, everything that depends on it is read again: the signed-in user (plan,
 * brand allowance) for the shell and every cached list.
 */
export async function refreshAfterPlanChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([refreshCurrentUser(), queryClient.invalidateQueries()]);
}

/** SPEC §7: no retry, and read again every time a screen that shows it opens. */
export function useSubscriptionDetails() {
  return useQuery<TSubscriptionDetails>({
    queryKey: subscriptionDetailsQueryKey,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}

function isForbidden(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('403: ');
}

/** Cancels at the period's end: the plan stays until then. Agency's minimum commitment answers 403. */
export function useCancelSubscription(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<TMessageResponse>('POST', '/api/cancel-subscription'),
    onSuccess: async ({ message }) => {
      toast({ title: 'Subscription Cancelled', description: message });
      onDone();
      await refreshAfterPlanChange(queryClient);
    },
    onError: (error) => {
      onDone();
      if (isForbidden(error)) notifyError(error, 'Cannot Cancel Yet', 'Failed to cancel subscription');
      else notifyError(error, 'Failed to cancel subscription', 'Failed to cancel subscription');
    },
  });
}

export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<TMessageResponse>('POST', '/api/reactivate-subscription'),
    onSuccess: async ({ message }) => {
      toast({ title: 'Subscription Reactivated', description: message });
      await refreshAfterPlanChange(queryClient);
    },
    onError: (error) => notifyError(error, 'Failed to reactivate subscription', 'Failed to reactivate subscription'),
  });
}
