import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { verifiesWebhooks, WebhookSignatureError } from '../../integrations/billing-provider.ts';
import type { FeatureContext } from '../context.ts';
import { applyBillingEvent } from './apply-billing-event.ts';
import { billingDepsOf } from './billing-deps.ts';

/** Stripe's events are small; anything much larger is not one of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const stripeWebhookNotConfiguredMessage = 'Stripe payments are not configured on this server';

/**
 * POST /api/stripe/webhook: Stripe's events. The signature is checked over the raw body (so this
 * route reads its body as bytes, in a scope of its own); an event with no or a wrong signature is
 * a 400 and changes nothing. Each event is applied once (applyBillingEvent). An event that cannot
 * be applied now (Stripe unreachable while reading the object) answers 502 and is not recorded, so
 * Stripe retries it. The route exists whatever takes payments, so the API reference always lists
 * it; without Stripe it answers 503 not_configured, like the other payment routes.
 */
export function registerStripeWebhookRoute(app: FastifyInstance, ctx: FeatureContext) {
  const provider = ctx.billing;
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/stripe/webhook', async (request) => {
      if (!verifiesWebhooks(provider)) throw new AppError('not_configured', stripeWebhookNotConfiguredMessage);
      const signature = request.headers['stripe-signature'];
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: ReturnType<typeof provider.parseWebhook>;
      try {
        event = provider.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError('validation', error.message);
        throw error;
      }
      const result = await applyBillingEvent(billingDepsOf(ctx), event);
      return { received: true, duplicate: result.duplicate, outcome: result.outcome };
    });
  });
}
