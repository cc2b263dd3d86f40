import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, outboxMessages, sessions, subscriptions, users } from '../../src/server/db/schema/index.ts';
import { applyBillingEvent } from '../../src/server/features/billing/apply-billing-event.ts';
import { runDemoClock } from '../../src/server/features/billing/confirm-demo-checkout.ts';
import { stripeWebhookNotConfiguredMessage } from '../../src/server/features/billing/webhook-routes.ts';
import { upsertUserByEmail } from '../../src/server/features/users/upsert-user-by-email.ts';
import { SESSION_COOKIE } from '../../src/server/http/session.ts';
import { createDemoBilling } from '../../src/server/integrations/demo-billing/demo-billing.ts';
import { DEMO_SETTLE_MS } from '../../src/server/integrations/demo-billing/demo-events.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { addMonths, daysUntil, formatBillingDate } from '../../src/shared/billing-dates.ts';
import { plans, TRIAL_DAYS } from '../../src/shared/plans.ts';
import { PLAN_CHANGE_MARKER, paymentsNotConfiguredMessage } from '../../src/shared/schemas/billing.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let target: TestApp;
let queue: JobQueue;

beforeAll(async () => {
  const database = await createTestDatabase();
  // A queue that is started but has no workers: confirmation e-mails are queued, never sent.
  queue = createJobQueue({ database, logger: pino({ level: 'silent' }) });
  await queue.start();
  target = await createTestApp({ database, queue });
});

afterAll(async () => {
  await queue.stop({ graceful: false });
  await target.close();
  await target.database.close();
});

function post(url: string, cookie: string | null, payload?: object) {
  return target.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
}
const get = (url: string, cookie: string) => target.app.inject({ method: 'GET', url, headers: { cookie } });

async function userRow(email: string) {
  const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
  return user!;
}

/** Runs the demo checkout as the browser does: the test card, then the payment result check. */
async function checkout(cookie: string, clientSecret: string, outcome: 'succeed' | 'pending' | 'fail') {
  const confirmed = await post('/api/demo-billing/confirm', cookie, { clientSecret, outcome });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const returnUrl = new URL(confirmed.json().returnUrl, 'http://localhost');
  expect(returnUrl.pathname).toBe('/payment-success');
  const paymentIntentId = returnUrl.searchParams.get('payment_intent') ?? undefined;
  const setupIntentId = returnUrl.searchParams.get('setup_intent') ?? undefined;
  const status = await post('/api/check-payment-status', cookie, {
    paymentIntentId,
    setupIntentId,
    redirectStatus: returnUrl.searchParams.get('redirect_status'),
  });
  return { returnUrl, status, intentId: paymentIntentId ?? setupIntentId };
}

async function subscribe(cookie: string, plan: 'smb' | 'agency') {
  const response = await post('/api/get-or-create-subscription', cookie, { plan });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { clientSecret: string; intentKind: string; alreadySubscribed: boolean };
}

const demo = () => ({
  db: target.database.db,
  config: target.config,
  queue,
  logger: pino({ level: 'silent' }),
  provider: createDemoBilling(target.database.db),
});

describe('billing configuration', () => {
  it('tells the signed-in browser that the test checkout takes payments', async () => {
    const cookie = await target.signInAs('config@example.com');
    expect((await get('/api/billing/config', cookie)).json()).toEqual({ mode: 'demo', publishableKey: null });
    expect((await target.app.inject({ method: 'GET', url: '/api/billing/config' })).statusCode).toBe(401);
  });
});

describe('Starter: a one-off payment', () => {
  it('takes the server’s amount only, and refuses other amounts, plans and signed-out callers', async () => {
    const cookie = await target.signInAs('amounts@example.com');
    const wrongAmount = await post('/api/create-payment-intent', cookie, { amount: 1, plan: 'starter' });
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().message).toBe('The Starter plan costs £19, paid once; the amount is set by Brandlens.');
    const wrongPlan = await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'agency' });
    expect(wrongPlan.statusCode).toBe(400);
    const unknownPlan = await post('/api/get-or-create-subscription', cookie, { plan: 'platinum' });
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json().message).toBe('Choose the SMB or Agency plan');
    expect((await post('/api/create-payment-intent', null, { amount: 19, plan: 'starter' })).statusCode).toBe(401);
  });

  it('makes the account Starter for 30 days once the test card succeeds, and queues the confirmation', async () => {
    const cookie = await target.signInAs('starter@example.com');
    const intent = await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'starter' });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret } = intent.json();
    // The same unfinished checkout is offered again rather than a second payment made.
    const again = await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'starter' });
    expect(again.json().clientSecret).toBe(clientSecret);

    const { status, returnUrl } = await checkout(cookie, clientSecret, 'succeed');
    expect(returnUrl.searchParams.get('payment_intent_client_secret')).toBe(clientSecret);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ status: 'succeeded', plan: 'starter', amount: 19, trialEnd: null });
    expect(status.json().message).toMatch(/^You now have full access to Brandlens for 1 brand until \d+ \w+ \d{4}\.$/);

    const user = await userRow('starter@example.com');
    expect(user.planType).toBe('starter');
    expect(user.maxBrands).toBe(1);
    expect(user.starterPurchaseDate).not.toBeNull();

    const details = (await get('/api/subscription-details', cookie)).json();
    expect(details.subscription).toMatchObject({
      type: 'starter',
      status: 'active',
      isExpired: false,
      daysRemaining: 30,
      canCancel: false,
      plan: { key: 'starter', amount: 19, currency: 'GBP', interval: 'one-time' },
    });
    expect(details.usage.audits).toEqual({ used: 0, limit: plans.starter.limits.audits });

    const mail = await target.database.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user.id));
    expect(mail.map((message) => message.kind)).toEqual(['billing-confirmation']);

    // A checkout is completed once; buying Starter again while it runs is refused.
    expect((await post('/api/demo-billing/confirm', cookie, { clientSecret, outcome: 'succeed' })).statusCode).toBe(
      404,
    );
    const twice = await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'starter' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^Your Starter access already runs until /);
  });

  it('hides one account’s checkout from another: 404 for its status and its test card', async () => {
    const owner = await target.signInAs('owner-of-intent@example.com');
    const other = await target.signInAs('someone-else@example.com');
    const { clientSecret } = (await post('/api/create-payment-intent', owner, { amount: 19, plan: 'starter' })).json();
    const intentId = clientSecret.split('_secret_')[0];
    const confirm = await post('/api/demo-billing/confirm', other, { clientSecret, outcome: 'succeed' });
    expect(confirm.statusCode).toBe(404);
    const status = await post('/api/check-payment-status', other, { paymentIntentId: intentId });
    expect(status.statusCode).toBe(404);
    const forged = await post('/api/check-payment-status', owner, { paymentIntentId: 'demo_pi_000000' });
    expect(forged.statusCode).toBe(404);
    const missing = await post('/api/check-payment-status', owner, { redirectStatus: 'succeeded' });
    expect(missing.statusCode).toBe(400);
    expect((await userRow('someone-else@example.com')).planType).toBe('free');
  });

  it('shows a failed payment as failed with the card’s reason, and the same checkout can be tried again', async () => {
    const cookie = await target.signInAs('declined@example.com');
    const { clientSecret } = (await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'starter' })).json();
    const failed = await checkout(cookie, clientSecret, 'fail');
    expect(failed.returnUrl.searchParams.get('redirect_status')).toBe('failed');
    expect(failed.status.json()).toMatchObject({ status: 'failed', plan: 'starter' });
    expect(failed.status.json().message).toMatch(/^Your card was declined/);
    expect((await userRow('declined@example.com')).planType).toBe('free');

    const retry = await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'starter' });
    expect(retry.json().clientSecret).toBe(clientSecret);
    expect((await checkout(cookie, clientSecret, 'succeed')).status.json().status).toBe('succeeded');
  });

  it('keeps a pending payment pending until it settles, then grants the plan', async () => {
    const cookie = await target.signInAs('pending@example.com');
    const { clientSecret } = (await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'starter' })).json();
    const pending = await checkout(cookie, clientSecret, 'pending');
    expect(pending.status.json()).toMatchObject({ status: 'processing', plan: 'starter' });
    expect((await userRow('pending@example.com')).planType).toBe('free');

    await runDemoClock(demo(), new Date(Date.now() + DEMO_SETTLE_MS + 1000));
    expect((await userRow('pending@example.com')).planType).toBe('starter');
    const status = await post('/api/check-payment-status', cookie, { paymentIntentId: pending.intentId });
    expect(status.json().status).toBe('succeeded');
  });
});

describe('SMB and Agency: monthly subscriptions with a free trial', () => {
  it('starts SMB with a 14-day trial once the card is saved, and says so again instead of charging twice', async () => {
    const cookie = await target.signInAs('smb@example.com');
    const first = await subscribe(cookie, 'smb');
    expect(first).toMatchObject({ intentKind: 'setup', alreadySubscribed: false });
    // Coming back to the screen finds the same checkout.
    expect((await subscribe(cookie, 'smb')).clientSecret).toBe(first.clientSecret);
    expect((await userRow('smb@example.com')).planType).toBe('free');

    const { status, returnUrl } = await checkout(cookie, first.clientSecret, 'succeed');
    expect(returnUrl.searchParams.get('setup_intent_client_secret')).toBe(first.clientSecret);
    expect(status.json()).toMatchObject({ status: 'succeeded', plan: 'smb', amount: 59 });
    const trialEnd = new Date(status.json().trialEnd);
    expect(Math.round((trialEnd.getTime() - Date.now()) / DAY_MS)).toBe(TRIAL_DAYS);

    const user = await userRow('smb@example.com');
    expect(user).toMatchObject({ planType: 'smb', maxBrands: 5 });
    expect(user.stripeSubscriptionId).toMatch(/^demo_sub_/);

    const details = (await get('/api/subscription-details', cookie)).json();
    expect(details.subscription).toMatchObject({
      type: 'subscription',
      status: 'trialing',
      cancelAtPeriodEnd: false,
      canCancel: true,
      plan: { key: 'smb', name: 'SMB', amount: 59, currency: 'GBP', interval: 'month' },
    });
    expect(details.subscription.trialEnd).toBe(status.json().trialEnd);
    expect(details.usage.audits.limit).toBeNull();

    const same = await subscribe(cookie, 'smb');
    expect(same).toMatchObject({ alreadySubscribed: true, clientSecret: null });
    expect(same).toHaveProperty('message', 'You already have an active SMB subscription.');
  });

  it('answers a plan change while subscribed with SPEC’s cancel-first message', async () => {
    const cookie = await target.signInAs('changer@example.com');
    await checkout(cookie, (await subscribe(cookie, 'smb')).clientSecret, 'succeed');
    const agency = await post('/api/get-or-create-subscription', cookie, { plan: 'agency' });
    expect(agency.statusCode).toBe(409);
    expect(agency.json().message).toContain(PLAN_CHANGE_MARKER);
    const starter = await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'starter' });
    expect(starter.statusCode).toBe(409);
    expect(starter.json().message).toContain(PLAN_CHANGE_MARKER);
  });

  it('cancels at the end of the trial and reactivates', async () => {
    const cookie = await target.signInAs('canceller@example.com');
    await checkout(cookie, (await subscribe(cookie, 'smb')).clientSecret, 'succeed');
    const cancel = await post('/api/cancel-subscription', cookie);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().message).toMatch(/^Your free trial ends on .+ and you will not be charged\./);
    let details = (await get('/api/subscription-details', cookie)).json();
    expect(details.subscription).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
    expect((await userRow('canceller@example.com')).planType).toBe('smb');

    const reactivate = await post('/api/reactivate-subscription', cookie);
    expect(reactivate.statusCode).toBe(200);
    expect(reactivate.json().message).toMatch(/^Your SMB subscription is active again\./);
    details = (await get('/api/subscription-details', cookie)).json();
    expect(details.subscription.cancelAtPeriodEnd).toBe(false);
  });

  it('lets an Agency free trial be cancelled at any time before its first payment', async () => {
    const cookie = await target.signInAs('agency-trial@example.com');
    await checkout(cookie, (await subscribe(cookie, 'agency')).clientSecret, 'succeed');
    expect(await userRow('agency-trial@example.com')).toMatchObject({ planType: 'agency', maxBrands: 999 });

    const details = (await get('/api/subscription-details', cookie)).json();
    expect(details.subscription).toMatchObject({
      status: 'trialing',
      canCancel: true,
      canCancelAt: null,
      remainingDays: 0,
    });
    const cancel = await post('/api/cancel-subscription', cookie);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().message).toMatch(/^Your free trial ends on .+ and you will not be charged\./);
    expect((await get('/api/subscription-details', cookie)).json().subscription).toMatchObject({
      status: 'trialing',
      cancelAtPeriodEnd: true,
    });
    // The cancelled trial ends with its period: nothing is charged and the account is back on Free.
    await runDemoClock(demo(), new Date(Date.now() + (TRIAL_DAYS + 1) * DAY_MS));
    expect(await userRow('agency-trial@example.com')).toMatchObject({ planType: 'free', maxBrands: 1 });
  });

  it('holds a paid Agency plan to 3 months from its first payment, then lets it cancel', async () => {
    const cookie = await target.signInAs('agency@example.com');
    await checkout(cookie, (await subscribe(cookie, 'agency')).clientSecret, 'succeed');
    const user = await userRow('agency@example.com');
    const subscriptionId = user.stripeSubscriptionId!;
    // The trial began 24 days ago and ended, paid, 10 days ago.
    const firstPayment = new Date(Date.now() - 10 * DAY_MS);
    const demoBilling = createDemoBilling(target.database.db);
    await demoBilling.updateSubscription(subscriptionId, {
      status: 'active',
      startedAt: new Date(Date.now() - 24 * DAY_MS).toISOString(),
      trialEnd: firstPayment.toISOString(),
      currentPeriodEnd: addMonths(firstPayment, 1).toISOString(),
    });
    const paid = { type: 'invoice.paid', objectId: subscriptionId, objectKind: 'subscription' as const };
    await applyBillingEvent(demo(), { id: `evt_${crypto.randomUUID()}`, customerId: null, ...paid });

    const from = addMonths(firstPayment, 3);
    const details = (await get('/api/subscription-details', cookie)).json();
    expect(details.subscription).toMatchObject({ status: 'active', canCancel: false, canCancelAt: from.toISOString() });
    expect(details.subscription.remainingDays).toBe(daysUntil(from));
    const refused = await post('/api/cancel-subscription', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `The Agency plan has a 3-month minimum commitment from its first payment. You can cancel from ${formatBillingDate(from)} (${daysUntil(from)} days remaining).`,
    );

    // Three months after the first payment, cancelling works.
    await target.database.db
      .update(subscriptions)
      .set({ firstPaidAt: new Date(Date.now() - 95 * DAY_MS) })
      .where(eq(subscriptions.userId, user.id));
    expect((await get('/api/subscription-details', cookie)).json().subscription.canCancel).toBe(true);
    expect((await post('/api/cancel-subscription', cookie)).statusCode).toBe(200);
  });

  it('refuses cancel and reactivate with a reason when there is nothing to change', async () => {
    const cookie = await target.signInAs('nothing@example.com');
    const cancel = await post('/api/cancel-subscription', cookie);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('You have no active subscription.');
    expect((await post('/api/reactivate-subscription', cookie)).statusCode).toBe(409);
    expect((await post('/api/cancel-subscription', null)).statusCode).toBe(401);
  });

  it('returns a subscription that ends to Free, keeps every brand, and shows the ended subscription', async () => {
    const cookie = await target.signInAs('ending@example.com');
    await checkout(cookie, (await subscribe(cookie, 'smb')).clientSecret, 'succeed');
    for (const name of ['One', 'Two', 'Three']) {
      expect((await post('/api/brands', cookie, { name })).statusCode).toBe(201);
    }
    await post('/api/cancel-subscription', cookie);
    await runDemoClock(demo(), new Date(Date.now() + (TRIAL_DAYS + 1) * DAY_MS));

    const user = await userRow('ending@example.com');
    expect(user).toMatchObject({ planType: 'free', maxBrands: 1, stripeSubscriptionId: null });
    const kept = await target.database.db.select().from(brands).where(eq(brands.userId, user.id));
    expect(kept).toHaveLength(3);
    const details = (await get('/api/subscription-details', cookie)).json();
    expect(details.planType).toBe('free');
    expect(details.subscription).toMatchObject({ status: 'canceled', canCancel: false });
    expect(details.brands).toEqual({ used: 3, limit: 1 });

    // A returning subscriber pays from the first month: no second free trial.
    const back = await subscribe(cookie, 'smb');
    expect(back.intentKind).toBe('payment');
    const paid = await checkout(cookie, back.clientSecret, 'succeed');
    expect(paid.status.json()).toMatchObject({ status: 'succeeded', plan: 'smb', trialEnd: null });
    expect((await userRow('ending@example.com')).planType).toBe('smb');
  });

  it('renews a trial with a card into a paid month', async () => {
    const cookie = await target.signInAs('renewing@example.com');
    await checkout(cookie, (await subscribe(cookie, 'smb')).clientSecret, 'succeed');
    await runDemoClock(demo(), new Date(Date.now() + (TRIAL_DAYS + 1) * DAY_MS));
    const details = (await get('/api/subscription-details', cookie)).json();
    expect(details.subscription).toMatchObject({ status: 'active', trialEnd: null, cancelAtPeriodEnd: false });
    expect(new Date(details.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(
      Date.now() + (TRIAL_DAYS + 20) * DAY_MS,
    );
  });

  it('abandons an unconfirmed checkout when another plan is chosen', async () => {
    const cookie = await target.signInAs('undecided@example.com');
    const smb = await subscribe(cookie, 'smb');
    const agency = await subscribe(cookie, 'agency');
    expect(agency.clientSecret).not.toBe(smb.clientSecret);
    expect(
      (await post('/api/demo-billing/confirm', cookie, { clientSecret: smb.clientSecret, outcome: 'succeed' }))
        .statusCode,
    ).toBe(404);
    await checkout(cookie, agency.clientSecret, 'succeed');
    expect((await userRow('undecided@example.com')).planType).toBe('agency');
  });
});

describe('production mode', () => {
  it('has no test checkout, and says payments are not configured without Stripe keys', async () => {
    const production = await createTestApp({
      database: target.database,
      env: { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) },
    });
    try {
      const user = await upsertUserByEmail(production.database.db, { email: 'live@example.com' });
      const sid = `test-${crypto.randomUUID()}`;
      await production.database.db
        .insert(sessions)
        .values({ sid, sess: { userId: user.id }, expire: new Date(Date.now() + 60_000) });
      const cookie = `${SESSION_COOKIE}=${production.app.signCookie(sid)}`;
      const headers = { cookie };

      const confirm = await production.app.inject({
        method: 'POST',
        url: '/api/demo-billing/confirm',
        headers,
        payload: { clientSecret: 'demo_pi_00_secret_00', outcome: 'succeed' },
      });
      expect(confirm.statusCode).toBe(404);
      const config = await production.app.inject({ method: 'GET', url: '/api/billing/config', headers });
      expect(config.json()).toEqual({ mode: 'unconfigured', publishableKey: null });
      const intent = await production.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers,
        payload: { amount: 19, plan: 'starter' },
      });
      expect(intent.statusCode).toBe(503);
      expect(intent.json()).toEqual({ message: paymentsNotConfiguredMessage, code: 'not_configured' });
      // Stripe's webhook is listed in the API reference everywhere; without Stripe it is not configured.
      const webhook = await production.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      });
      expect(webhook.statusCode).toBe(503);
      expect(webhook.json()).toEqual({ message: stripeWebhookNotConfiguredMessage, code: 'not_configured' });
    } finally {
      await production.app.close();
    }
  });
});
