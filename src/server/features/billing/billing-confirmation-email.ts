/**
 * The confirmation sent once a payment or a subscription goes through (the pending payment screen
 * promises it). Built from its parameters alone: what was bought and the dates that matter.
 */
import { z } from 'zod';
import { formatBillingDate } from '../../../shared/billing-dates.ts';
import { plans } from '../../../shared/plans.ts';
import { defineEmailComposer } from '../../emails/composer.ts';
import { renderEmail } from '../../emails/templates/render-email.tsx';

export const billingConfirmationEmailParams = z.object({
  plan: z.enum(['starter', 'smb', 'agency']),
  /** whole pounds */
  amount: z.number(),
  /** ISO dates */
  accessUntil: z.string().nullable(),
  trialEnd: z.string().nullable(),
  firstName: z.string().nullable(),
});

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 2 });

export const billingConfirmationEmail = defineEmailComposer({
  kind: 'billing-confirmation',
  params: billingConfirmationEmailParams,
  async compose(deps, params) {
    const plan = plans[params.plan];
    const price = gbp.format(params.amount);
    const greeting = params.firstName ? `Hello ${params.firstName},` : 'Hello,';
    const date = (iso: string | null) => (iso ? formatBillingDate(new Date(iso)) : null);
    const rows =
      params.plan === 'starter'
        ? [
            { label: 'Plan', value: `${plan.name} (one-off)` },
            { label: 'Paid', value: price },
            { label: 'Full access until', value: date(params.accessUntil) ?? '' },
          ]
        : [
            { label: 'Plan', value: `${plan.name} (monthly)` },
            { label: 'Price', value: `${price} per month` },
            ...(params.trialEnd
              ? [{ label: 'Free trial ends', value: date(params.trialEnd) ?? '' }]
              : [{ label: 'Paid', value: price }]),
          ];
    const summary =
      params.plan === 'starter'
        ? `Your ${plan.name} payment went through: you have full access to Brandlens for one brand.`
        : params.trialEnd
          ? `Your ${plan.name} subscription has started with a free trial. Your card is first charged ${price} on ${date(params.trialEnd)}; cancel before then in Settings and you pay nothing.`
          : `Your ${plan.name} subscription is active and your first month is paid.`;
    const { html, text } = renderEmail({
      preheader: summary,
      title: params.plan === 'starter' ? 'Payment confirmed' : `Your ${plan.name} subscription`,
      blocks: [
        { type: 'paragraph', text: greeting },
        { type: 'paragraph', text: summary },
        { type: 'figures', rows },
        { type: 'button', label: 'Open Brandlens', url: `${deps.config.publicUrl}/` },
        { type: 'note', text: 'Manage your plan, cancel or reactivate at any time in Settings.' },
      ],
      footerNote: 'You received this because a payment was made for your Brandlens account.',
      publicUrl: deps.config.publicUrl,
    });
    return {
      subject: params.plan === 'starter' ? 'Brandlens: payment confirmed' : `Brandlens: your ${plan.name} subscription`,
      html,
      text,
      attachments: [],
    };
  },
});
