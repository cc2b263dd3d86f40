/**
 * Sending e-mail, for every feature: queueEmail stores the message and a job composes and sends it
 * (SMTP_URL, or the local outbox). A feature defines its composer with defineEmailComposer, builds
 * the content with templates/render-email.tsx, and lists the composer in registry.ts.
 */
export {
  type ComposedEmail,
  defineEmailComposer,
  type EmailAttachment,
  type EmailComposeDeps,
  type EmailComposer,
  EmailNotSendableError,
} from './composer.ts';
export { type OutboxMessageRow, type QueueEmailDeps, type QueueEmailInput, queueEmail } from './queue-email.ts';
export { emailComposerFor, registerEmailComposer } from './registry.ts';
