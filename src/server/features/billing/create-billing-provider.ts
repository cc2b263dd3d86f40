import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { BillingProvider } from '../../integrations/billing-provider.ts';
import { createDemoBilling } from '../../integrations/demo-billing/demo-billing.ts';
import { createStripeBilling } from '../../integrations/stripe/stripe-billing.ts';

/** Stripe when configured; demo billing outside production without it; otherwise no payments. */
export function createBillingProvider(config: Config, db: Database): BillingProvider | null {
  switch (config.billing.mode) {
    case 'stripe':
      return createStripeBilling(config.billing.stripe);
    case 'demo':
      return config.isProduction ? null : createDemoBilling(db);
    case 'unconfigured':
      return null;
  }
}
