import { z } from 'zod';
import { ZPageQuery } from './paging.ts';

/** What the administrator's outbox screen reads (GET /api/admin/outbox...). */

export const outboxStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export type TOutboxStatus = (typeof outboxStatuses)[number];
export const outboxTransports = ['smtp', 'outbox'] as const;
export type TOutboxTransport = (typeof outboxTransports)[number];

export const outboxStatusLabels: Record<TOutboxStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export const outboxTransportLabels: Record<TOutboxTransport, string> = {
  smtp: 'SMTP',
  outbox: 'Local outbox',
};

/** GET /api/admin/outbox: newest first, one page at a time (paging.ts), of one status or all. */
export const ZOutboxListQuery = z.object({
  status: z.enum(outboxStatuses, { error: 'Status must be one of queued, sending, sent or failed' }).optional(),
  ...ZPageQuery.shape,
});
export type TOutboxListQuery = z.infer<typeof ZOutboxListQuery>;

export const ZOutboxMessageSummary = z.object({
  id: z.uuid(),
  /** Which composer builds it, e.g. consumer-insights-report */
  kind: z.string(),
  /** The account it was sent for; null for system mail or a deleted account */
  accountEmail: z.string().nullable(),
  recipients: z.array(z.string()),
  /** Empty until the message is composed */
  subject: z.string(),
  status: z.enum(outboxStatuses),
  /** How the last attempt delivered it; null before the first attempt */
  transport: z.enum(outboxTransports).nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The Message-ID header, fixed when the message was queued */
  messageId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TOutboxMessageSummary = z.infer<typeof ZOutboxMessageSummary>;

export const ZOutboxList = z.object({
  /** How this server delivers mail now: smtp when SMTP_URL is set, else the local outbox */
  delivery: z.object({ transport: z.enum(outboxTransports), from: z.string() }),
  /** This page of the messages, newest first */
  messages: z.array(ZOutboxMessageSummary),
});
export type TOutboxList = z.infer<typeof ZOutboxList>;

export const ZOutboxAttachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  /** bytes */
  size: z.number().int(),
});
export type TOutboxAttachment = z.infer<typeof ZOutboxAttachment>;

export const ZOutboxMessageDetail = ZOutboxMessageSummary.extend({
  /** The stored copy of the composed message; null before it is composed, or when the copy is gone */
  content: z
    .object({
      from: z.string(),
      text: z.string(),
      html: z.string(),
      attachments: z.array(ZOutboxAttachment),
    })
    .nullable(),
  /** Whether GET /api/admin/outbox/{id}/eml has the raw message to download */
  emlAvailable: z.boolean(),
});
export type TOutboxMessageDetail = z.infer<typeof ZOutboxMessageDetail>;
