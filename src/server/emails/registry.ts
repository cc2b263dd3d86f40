import { adChangesEmail } from '../features/ad-changes/ad-changes-email.ts';
import { billingConfirmationEmail } from '../features/billing/billing-confirmation-email.ts';
import { scoreDropEmail } from '../features/brand-tracking/score-drop-email.ts';
import { competitiveAnalysisEmail } from '../features/competitor-reports/competitive-analysis-email.ts';
import { scheduledReportEmail } from '../features/email-reports/compose-scheduled-report.ts';
import { mentionSpikeEmail } from '../features/mention-discovery/mention-spike-email.ts';
import { auditCompleteEmail } from '../features/notifications/audit-complete-email.ts';
import { weeklyDigestEmail } from '../features/notifications/weekly-digest-email.ts';
import { consumerInsightsEmail } from '../features/sentiment-reports/consumer-insights-email.ts';
import { supportMessageEmail } from '../features/support/support-message-email.ts';
import { teamInvitationEmail } from '../features/team/team-invitation-email.ts';
import type { EmailComposer, EmailParamsSchema } from './composer.ts';

/**
 * Every kind of e-mail the product sends, each built by its feature's composer.
 * Add one: define it with defineEmailComposer beside its feature, then add it to this list.
 * The same list is read by the process that queues a message and the worker that sends it.
 */
const productComposers: EmailComposer[] = [
  consumerInsightsEmail as unknown as EmailComposer,
  competitiveAnalysisEmail as unknown as EmailComposer,
  billingConfirmationEmail as unknown as EmailComposer,
  supportMessageEmail as unknown as EmailComposer,
  auditCompleteEmail as unknown as EmailComposer,
  weeklyDigestEmail as unknown as EmailComposer,
  scoreDropEmail as unknown as EmailComposer,
  scheduledReportEmail as unknown as EmailComposer,
  teamInvitationEmail as unknown as EmailComposer,
  adChangesEmail as unknown as EmailComposer,
  mentionSpikeEmail as unknown as EmailComposer,
];

const composers = new Map<string, EmailComposer>();

/**
 * Adds a composer to the registry. Product composers are listed above; this is also how a test adds
 * one of its own. A kind is registered once: a second, different composer for it is a mistake.
 */
export function registerEmailComposer<TSchema extends EmailParamsSchema>(composer: EmailComposer<TSchema>): void {
  const known = composers.get(composer.kind);
  if (known && known !== composer) throw new Error(`Two e-mail composers are named "${composer.kind}"`);
  composers.set(composer.kind, composer as unknown as EmailComposer);
}

for (const composer of productComposers) registerEmailComposer(composer);

/** The composer of a kind, or undefined when no composer has that name. */
export function emailComposerFor(kind: string): EmailComposer | undefined {
  return composers.get(kind);
}
