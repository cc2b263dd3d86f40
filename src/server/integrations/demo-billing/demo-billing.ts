/**
 * Demo billing: a stand-in for the payment provider when Stripe is not configured (never in
 * production). It keeps customers, payment and setup intents and subscriptions as the provider
 * would, in demo_billing_objects, and answers the same BillingProvider calls, so the checkout,
 * the event handling and everything after them are Brandlens's real code. No money moves: the
 * test checkout says what the "card" does (succeed, stay pending, fail).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addMonths } from '../../../shared/billing-dates.ts';
import type { Database } from '../../db/client.ts';
import { demoBillingObjects } from '../../db/schema/index.ts';
import type {
  BillingProvider,
  CreateCustomerInput,
  CreatePaymentIntentInput,
  CreateSubscriptionInput,
  ProviderIntentStatus,
  ProviderPaymentIntent,
  ProviderSetupIntent,
  ProviderSubscription,
} from '../billing-provider.ts';

export const DEMO_ID_PREFIX = 'demo_';
const DAY_MS = 24 * 60 * 60 * 1000;

type Kind = (typeof demoBillingObjects.$inferSelect)['kind'];

/** Dates are kept as ISO strings in the JSON column. */
type Stored<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
type StoredSubscription = Stored<ProviderSubscription> & { defaultPaymentMethodId: string | null };
type Processing = { id: string; status: ProviderIntentStatus; processingSince?: string | null };

export function newDemoId(kind: string): string {
  return `${DEMO_ID_PREFIX}${kind}_${randomBytes(12).toString('hex')}`;
}

function secretFor(id: string): string {
  return `${id}_secret_${randomBytes(12).toString('hex')}`;
}

/** The intent id a client secret belongs to (`demo_pi_…_secret_…`). */
export function intentIdOfSecret(clientSecret: string): string | null {
  const match = /^(demo_(?:pi|seti)_[0-9a-f]+)_secret_[0-9a-f]+$/.exec(clientSecret);
  return match?.[1] ?? null;
}

function toPaymentIntent(data: Stored<ProviderPaymentIntent>): ProviderPaymentIntent {
  return { ...data, created: new Date(data.created) };
}

function toSubscription(data: StoredSubscription): ProviderSubscription {
  const { defaultPaymentMethodId, ...rest } = data;
  const date = (value: string | null) => (value ? new Date(value) : null);
  return {
    ...rest,
    currentPeriodEnd: date(rest.currentPeriodEnd),
    trialEnd: date(rest.trialEnd),
    endedAt: date(rest.endedAt),
    startedAt: new Date(rest.startedAt),
    hasDefaultPaymentMethod: defaultPaymentMethodId !== null,
  };
}

export type DemoBilling = BillingProvider & {
  readonly kind: 'demo';
  /** Stored objects by kind, for the demo clock. */
  listSubscriptions(): Promise<ProviderSubscription[]>;
  /** Intents the test checkout left processing, and since when. */
  listProcessingIntents(): Promise<{ id: string; processingSince: Date }[]>;
  /** What the test checkout's card did to an intent. */
  setIntentStatus(
    id: string,
    status: ProviderIntentStatus,
    lastError?: string | null,
  ): Promise<{
    kind: 'payment_intent' | 'setup_intent';
    customerId: string | null;
    metadata: Record<string, string>;
  } | null>;
  /** A subscription's state as time passes (trial ends, a period renews, a cancellation takes effect). */
  updateSubscription(id: string, patch: Partial<StoredSubscription>): Promise<ProviderSubscription | null>;
};

export function createDemoBilling(db: Database): DemoBilling {
  async function read<T>(id: string, kind: Kind): Promise<T | null> {
    const [row] = await db.select().from(demoBillingObjects).where(eq(demoBillingObjects.id, id));
    return row && row.kind === kind ? (row.data as T) : null;
  }

  async function write(id: string, data: object): Promise<void> {
    await db
      .update(demoBillingObjects)
      .set({ data: data as Record<string, unknown> })
      .where(eq(demoBillingObjects.id, id));
  }

  /** Creates an object once per idempotency key: the same request twice returns the first object. */
  async function createOnce<T extends { id: string }>(kind: Kind, idempotencyKey: string, data: T): Promise<T> {
    const [created] = await db
      .insert(demoBillingObjects)
      .values({ id: data.id, kind, idempotencyKey, data: data as unknown as Record<string, unknown> })
      .onConflictDoNothing({ target: demoBillingObjects.idempotencyKey })
      .returning();
    if (created) return created.data as unknown as T;
    const [existing] = await db
      .select()
      .from(demoBillingObjects)
      .where(eq(demoBillingObjects.idempotencyKey, idempotencyKey));
    if (!existing) throw new Error('A demo billing object vanished after its idempotent create');
    return existing.data as unknown as T;
  }

  async function listOf<T>(kind: Kind): Promise<T[]> {
    const rows = await db.select().from(demoBillingObjects).where(eq(demoBillingObjects.kind, kind));
    return rows.map((row) => row.data as T);
  }

  async function updateSubscription(id: string, patch: Partial<StoredSubscription>) {
    const current = await read<StoredSubscription>(id, 'subscription');
    if (!current) return null;
    const next = { ...current, ...patch };
    await write(id, next);
    return toSubscription(next);
  }

  async function subscriptionOrThrow(id: string): Promise<StoredSubscription> {
    const current = await read<StoredSubscription>(id, 'subscription');
    if (!current) throw new Error(`No demo subscription ${id}`);
    return current;
  }

  async function setIntentStatus(id: string, status: ProviderIntentStatus, lastError: string | null = null) {
    const processingSince = status === 'processing' ? new Date().toISOString() : null;
    const payment = await read<Stored<ProviderPaymentIntent>>(id, 'payment_intent');
    if (payment) {
      await write(id, { ...payment, status, lastError, processingSince });
      return { kind: 'payment_intent' as const, customerId: payment.customerId, metadata: payment.metadata };
    }
    const setup = await read<ProviderSetupIntent>(id, 'setup_intent');
    if (setup) {
      const paymentMethodId = status === 'succeeded' ? (setup.paymentMethodId ?? newDemoId('pm')) : null;
      await write(id, { ...setup, status, lastError, paymentMethodId, processingSince });
      return { kind: 'setup_intent' as const, customerId: setup.customerId, metadata: setup.metadata };
    }
    return null;
  }

  return {
    kind: 'demo',
    ownsId: (id) => id.startsWith(DEMO_ID_PREFIX),

    async createCustomer(input: CreateCustomerInput, idempotencyKey) {
      const customer = await createOnce('customer', `customer:${idempotencyKey}`, {
        id: newDemoId('cus'),
        email: input.email,
        name: input.name,
        metadata: { userId: input.userId },
      });
      return { id: customer.id };
    },

    async createPaymentIntent(input: CreatePaymentIntentInput, idempotencyKey) {
      const id = newDemoId('pi');
      const intent = await createOnce<Stored<ProviderPaymentIntent>>('payment_intent', `pi:${idempotencyKey}`, {
        id,
        clientSecret: secretFor(id),
        status: 'requires_payment_method',
        amount: input.amount,
        currency: input.currency,
        customerId: input.customerId,
        metadata: input.metadata,
        created: new Date().toISOString(),
        lastError: null,
      });
      return toPaymentIntent(intent);
    },

    async retrievePaymentIntent(id) {
      const data = await read<Stored<ProviderPaymentIntent>>(id, 'payment_intent');
      return data ? toPaymentIntent(data) : null;
    },

    async retrieveSetupIntent(id) {
      return read<ProviderSetupIntent>(id, 'setup_intent');
    },

    async createSubscription(input: CreateSubscriptionInput, idempotencyKey) {
      const now = new Date();
      const trialEnd = input.trialDays > 0 ? new Date(now.getTime() + input.trialDays * DAY_MS) : null;
      const subscriptionId = newDemoId('sub');
      const intentKind = trialEnd ? 'setup' : 'payment';
      const intentId = newDemoId(trialEnd ? 'seti' : 'pi');
      const pendingIntent = { kind: intentKind, id: intentId, clientSecret: secretFor(intentId) } as const;
      const subscription = await createOnce<StoredSubscription>('subscription', `sub:${idempotencyKey}`, {
        id: subscriptionId,
        customerId: input.customerId,
        status: trialEnd ? 'trialing' : 'incomplete',
        plan: input.plan,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: (trialEnd ?? addMonths(now, 1)).toISOString(),
        trialEnd: trialEnd?.toISOString() ?? null,
        startedAt: now.toISOString(),
        endedAt: null,
        pendingIntent,
        hasDefaultPaymentMethod: false,
        defaultPaymentMethodId: null,
        metadata: input.metadata,
      });
      // The intent is made with the subscription; a repeated request finds both already there.
      if (subscription.id === subscriptionId) {
        const metadata = { ...input.metadata, subscriptionId };
        if (intentKind === 'setup') {
          const setupIntent: ProviderSetupIntent = {
            id: intentId,
            clientSecret: pendingIntent.clientSecret,
            status: 'requires_payment_method',
            customerId: input.customerId,
            paymentMethodId: null,
            metadata,
            lastError: null,
          };
          await createOnce('setup_intent', `seti:${idempotencyKey}`, setupIntent);
        } else {
          const plans = { smb: 5900, agency: 22900 } as const;
          await createOnce<Stored<ProviderPaymentIntent>>('payment_intent', `pi:sub:${idempotencyKey}`, {
            id: intentId,
            clientSecret: pendingIntent.clientSecret,
            status: 'requires_payment_method',
            amount: plans[input.plan],
            currency: 'gbp',
            customerId: input.customerId,
            metadata,
            created: now.toISOString(),
            lastError: null,
          });
        }
      }
      return toSubscription(subscription);
    },

    async retrieveSubscription(id) {
      const data = await read<StoredSubscription>(id, 'subscription');
      return data ? toSubscription(data) : null;
    },

    async setDefaultPaymentMethod(subscriptionId, paymentMethodId) {
      await subscriptionOrThrow(subscriptionId);
      return (await updateSubscription(subscriptionId, {
        defaultPaymentMethodId: paymentMethodId,
        hasDefaultPaymentMethod: true,
        pendingIntent: null,
      })) as ProviderSubscription;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await subscriptionOrThrow(subscriptionId);
      return (await updateSubscription(subscriptionId, { cancelAtPeriodEnd: cancel })) as ProviderSubscription;
    },

    async cancelNow(subscriptionId) {
      const current = await subscriptionOrThrow(subscriptionId);
      // Its unfinished checkout goes with it: the form can no longer be paid.
      if (current.pendingIntent) await setIntentStatus(current.pendingIntent.id, 'canceled');
      return (await updateSubscription(subscriptionId, {
        status: 'canceled',
        endedAt: new Date().toISOString(),
        pendingIntent: null,
      })) as ProviderSubscription;
    },

    async listSubscriptions() {
      return (await listOf<StoredSubscription>('subscription')).map(toSubscription);
    },

    async listProcessingIntents() {
      const intents = [...(await listOf<Processing>('payment_intent')), ...(await listOf<Processing>('setup_intent'))];
      return intents
        .filter((intent) => intent.status === 'processing' && intent.processingSince)
        .map((intent) => ({ id: intent.id, processingSince: new Date(intent.processingSince as string) }));
    },

    setIntentStatus,

    updateSubscription,
  };
}
