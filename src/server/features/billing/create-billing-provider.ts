import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { BillingProvider } from '../../integrations/billing-provider.ts';
import { createDemoBilling } from '../../integrations/demo-billing/demo-billing.ts';

/**
 * Stripe when configured; demo billing outside production without it; otherwise no payments.
 * Stripe's SDK (some 30 MB resident) is loaded only when Stripe is configured.
 */
export async function createBillingProvider(config: Config, db: Database): Promise<BillingProvider | null> {
  switch (config.billing.mode) {
    case 'stripe': {
      const { createStripeBilling } = await import('../../integrations/stripe/stripe-billing.ts');
      return createStripeBilling(config.billing.stripe);
    }
    case 'demo':
      return config.isProduction ? null : createDemoBilling(db);
    case 'unconfigured':
      return null;
  }
}
