import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type TBillingConfig,
  ZCheckPaymentStatusRequest,
  ZCreatePaymentIntentRequest,
  ZDemoCheckoutRequest,
  ZGetOrCreateSubscriptionRequest,
} from '../../../shared/schemas/billing.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { DemoBilling } from '../../integrations/demo-billing/demo-billing.ts';
import type { FeatureContext } from '../context.ts';
import { billingDepsOf } from './billing-deps.ts';
import { cancelSubscription, reactivateSubscription } from './change-cancellation.ts';
import { checkPaymentStatus } from './check-payment-status.ts';
import { confirmDemoCheckout } from './confirm-demo-checkout.ts';
import { getOrCreateSubscription } from './get-or-create-subscription.ts';
import { startStarterPayment } from './start-starter-payment.ts';
import { subscriptionDetails } from './subscription-details.ts';

/** Each call may reach the payment provider: a person checks out a few times a minute at most. */
const providerCalls = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function registerBillingRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/billing/config', signedIn, async (): Promise<TBillingConfig> => {
    const { billing } = ctx.config;
    return {
      mode: billing.mode,
      publishableKey: billing.mode === 'stripe' ? billing.stripe.publishableKey : null,
    };
  });

  app.post(
    '/api/create-payment-intent',
    { ...signedIn, config: providerCalls, schema: { body: ZCreatePaymentIntentRequest } },
    async (request) => startStarterPayment(billingDepsOf(ctx), { actor: actorOf(request) }),
  );

  app.post(
    '/api/get-or-create-subscription',
    { ...signedIn, config: providerCalls, schema: { body: ZGetOrCreateSubscriptionRequest } },
    async (request) => getOrCreateSubscription(billingDepsOf(ctx), { actor: actorOf(request), input: request.body }),
  );

  app.post(
    '/api/check-payment-status',
    { ...signedIn, config: providerCalls, schema: { body: ZCheckPaymentStatusRequest } },
    async (request) => checkPaymentStatus(billingDepsOf(ctx), { actor: actorOf(request), input: request.body }),
  );

  app.get('/api/subscription-details', signedIn, async (request) =>
    subscriptionDetails(ctx.db, { actor: actorOf(request) }),
  );

  app.post('/api/cancel-subscription', { ...signedIn, config: providerCalls }, async (request) =>
    cancelSubscription(billingDepsOf(ctx), { actor: actorOf(request) }),
  );

  app.post('/api/reactivate-subscription', { ...signedIn, config: providerCalls }, async (request) =>
    reactivateSubscription(billingDepsOf(ctx), { actor: actorOf(request) }),
  );

  // The test checkout exists only with demo billing, which production never has: there the
  // route is not registered at all.
  if (ctx.config.billing.mode === 'demo' && ctx.billing?.kind === 'demo' && !ctx.config.isProduction) {
    const demo = ctx.billing as DemoBilling;
    app.post(
      '/api/demo-billing/confirm',
      { ...signedIn, config: providerCalls, schema: { body: ZDemoCheckoutRequest } },
      async (request) =>
        confirmDemoCheckout(
          { ...billingDepsOf(ctx), provider: demo },
          { actor: actorOf(request), input: request.body },
        ),
    );
  }
}
