/**
 * Stripe's failures as BillingProviderErrors. No answer (a refused or dropped connection, a
 * timeout, after the SDK's own retries) is `unreachable` and safe to try again, because every
 * create and update carries an idempotency key; an answer of no (4xx/5xx) is `rejected` with
 * Stripe's reason. No message ever carries an API key.
 */
import Stripe from 'stripe';
import { BillingProviderError } from '../billing-provider.ts';

export const UNREACHABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a moment.';
const REJECTED_FALLBACK = 'The payment provider refused the request.';

const apiKeyPattern = /\b(sk|rk|pk)_(test|live)_[A-Za-z0-9]+/g;

/** Stripe masks keys in its own messages; this makes sure of it whatever answered. */
function withoutKeys(message: string, secretKey: string): string {
  const masked = secretKey ? message.split(secretKey).join('sk_***') : message;
  return masked.replace(apiKeyPattern, (_key, kind: string, mode: string) => `${kind}_${mode}_***`);
}

/** Whether Stripe answered that the object does not exist (404, resource_missing). */
export function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404 && error.code === 'resource_missing';
}

/** The BillingProviderError for a failed Stripe call; errors that are not Stripe's pass through. */
export function billingErrorOf(error: unknown, secretKey: string): unknown {
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new BillingProviderError(UNREACHABLE_MESSAGE, 'unreachable');
  }
  if (error instanceof Stripe.errors.StripeError) {
    // No status code: what answered was not Stripe's API (a proxy's error page, a cut-off body).
    if (error.statusCode === undefined) return new BillingProviderError(UNREACHABLE_MESSAGE, 'unreachable');
    return new BillingProviderError(withoutKeys(error.message || REJECTED_FALLBACK, secretKey), 'rejected');
  }
  return error;
}

/** Runs one Stripe call, turning its failure into a BillingProviderError. */
export async function callStripe<T>(secretKey: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw billingErrorOf(error, secretKey);
  }
}

/** Like callStripe, for a retrieve: an object Stripe does not have is null, not an error. */
export async function retrieveOrNull<T>(secretKey: string, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isResourceMissing(error)) return null;
    throw billingErrorOf(error, secretKey);
  }
}
