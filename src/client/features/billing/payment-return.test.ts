import { describe, expect, it } from 'vitest';
import type { TCheckPaymentStatusResponse } from '../../../shared/schemas/billing.ts';
import { paymentReturnFrom, paymentSuccessText } from './payment-return.ts';

describe('paymentReturnFrom', () => {
  it('reads a returned payment', () => {
    expect(
      paymentReturnFrom(
        '?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded',
      ),
    ).toEqual({ paymentIntentId: 'pi_123', redirectStatus: 'succeeded' });
  });

  it("reads a free trial's saved card", () => {
    expect(
      paymentReturnFrom('setup_intent=seti_9&setup_intent_client_secret=seti_9_secret&redirect_status=processing'),
    ).toEqual({ setupIntentId: 'seti_9', redirectStatus: 'processing' });
  });

  it('gives nothing to check when a part is missing', () => {
    expect(paymentReturnFrom('')).toBeNull();
    expect(paymentReturnFrom('?payment_intent=pi_1&redirect_status=succeeded')).toBeNull();
    expect(paymentReturnFrom('?payment_intent=pi_1&payment_intent_client_secret=s')).toBeNull();
    expect(paymentReturnFrom('?setup_intent=seti_1&redirect_status=succeeded')).toBeNull();
  });

  it('refuses a malformed payment reference', () => {
    expect(
      paymentReturnFrom('?payment_intent=pi%3Cscript%3E&payment_intent_client_secret=s&redirect_status=succeeded'),
    ).toBeNull();
  });
});

describe('paymentSuccessText', () => {
  const base: TCheckPaymentStatusResponse = {
    status: 'succeeded',
    plan: 'starter',
    amount: 19,
    message: '',
    trialEnd: null,
  };

  it("uses the server's words, which carry the dates", () => {
    const message = 'You now have full access to Brandlens for 1 brand until 24 April 2026.';
    expect(paymentSuccessText({ ...base, message })).toBe(message);
  });

  it('gives Starter full access for 1 brand when the server sent no words', () => {
    expect(paymentSuccessText(base)).toBe('You now have full access for 1 brand.');
  });

  it('says a monthly subscription is active, with the trial end in British English', () => {
    expect(paymentSuccessText({ ...base, plan: 'agency', amount: 229, trialEnd: '2026-03-15' })).toBe(
      'Your Agency subscription is now active. Your free trial ends on 15 March 2026, when your card is first charged £229.',
    );
  });
});
