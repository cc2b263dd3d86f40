import { z } from 'zod';
import { invalidEmailMessage, MAX_EMAIL_LENGTH } from './email.ts';
import { ZPageQuery } from './paging.ts';
import { ZText } from './text.ts';

/** SPEC §5: the contact form's one message for any missing field. */
export const fillAllFieldsMessage = 'Please fill in all fields';

export const supportPriorities = ['low', 'normal', 'high'] as const;
export type TSupportPriority = (typeof supportPriorities)[number];
export const supportPriorityLabels: Record<TSupportPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
};

export const supportStatuses = ['open', 'in_progress', 'resolved'] as const;
export type TSupportStatus = (typeof supportStatuses)[number];
export const supportStatusLabels: Record<TSupportStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
};

/**
 * SPEC §4: open to in_progress ('Start Working', only from open), open or in_progress to resolved
 * ('Mark Resolved'); a resolved message moves no further. The server refuses anything else (409).
 */
export const supportStatusTransitions: Record<TSupportStatus, readonly TSupportStatus[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['resolved'],
  resolved: [],
};

export function canMoveSupportMessage(from: TSupportStatus, to: TSupportStatus): boolean {
  return supportStatusTransitions[from].includes(to);
}

/** Lengths the columns hold; the message is bounded so one request cannot fill the inbox. */
export const MAX_SUPPORT_NAME_LENGTH = 200;
export const MAX_SUPPORT_SUBJECT_LENGTH = 300;
export const MAX_SUPPORT_MESSAGE_LENGTH = 10_000;

/** A required free-text field: trimmed, with SPEC's message when it is missing or blank. */
function requiredText(label: string, max: number, { multiline = false } = {}) {
  return ZText(label, { multiline, required: fillAllFieldsMessage })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, fillAllFieldsMessage)
        .max(max, `${label} must be at most ${max.toLocaleString('en-GB')} characters`),
    );
}

/** POST /api/support/contact (SPEC §7). HTML is kept as typed and shown as text, never as markup. */
export const ZSupportContactRequest = z.object({
  name: requiredText('Name', MAX_SUPPORT_NAME_LENGTH),
  email: z
    .string(fillAllFieldsMessage)
    .trim()
    .min(1, fillAllFieldsMessage)
    .max(MAX_EMAIL_LENGTH, invalidEmailMessage)
    .pipe(z.email(invalidEmailMessage)),
  subject: requiredText('Subject', MAX_SUPPORT_SUBJECT_LENGTH),
  priority: z.enum(supportPriorities, { error: 'Priority must be low, normal or high' }).default('normal'),
  message: requiredText('Message', MAX_SUPPORT_MESSAGE_LENGTH, { multiline: true }),
});
export type TSupportContactRequest = z.input<typeof ZSupportContactRequest>;
/** The request as the server has it: trimmed, priority defaulted. */
export type TSupportContact = z.output<typeof ZSupportContactRequest>;

export const ZSupportContactResponse = z.object({ id: z.uuid(), status: z.enum(supportStatuses) });
export type TSupportContactResponse = z.infer<typeof ZSupportContactResponse>;

/** One message as the administrator's inbox shows it. Dates are ISO strings. */
export const ZSupportMessage = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  priority: z.enum(supportPriorities),
  status: z.enum(supportStatuses),
  /** The signed-in account that sent it; null once that account is deleted */
  accountEmail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

export const MAX_SUPPORT_SEARCH_LENGTH = 200;

/**
 * GET /api/admin/support-messages: search and filters, applied by the server, and the page (paging.ts):
 * newest first, `limit` and `cursor` in the query, `Link` and `X-Total-Count` in the reply.
 */
export const ZSupportMessageListQuery = z.object({
  q: ZText('Search')
    .max(MAX_SUPPORT_SEARCH_LENGTH, `Search must be at most ${MAX_SUPPORT_SEARCH_LENGTH} characters`)
    .transform((value) => value.trim() || undefined)
    .optional(),
  status: z.enum(supportStatuses, { error: 'Status must be one of open, in_progress or resolved' }).optional(),
  priority: z.enum(supportPriorities, { error: 'Priority must be low, normal or high' }).optional(),
  ...ZPageQuery.shape,
});
export type TSupportMessageListQuery = z.infer<typeof ZSupportMessageListQuery>;

export const ZSupportMessageList = z.object({
  /** This page of the messages that match, newest first, at most `limit` */
  messages: z.array(ZSupportMessage),
  /** More messages match than this page and those before it hold: the `Link` header names the next page */
  truncated: z.boolean(),
  /** How the administrators' notifications leave: 'outbox' means they wait in /admin/outbox */
  mailDelivery: z.enum(['smtp', 'outbox']),
});
export type TSupportMessageList = z.infer<typeof ZSupportMessageList>;

/**
 * The inbox's search and filters as one test, the same the server applies: the screen filters what
 * it already shows at once while the server's answer for the new filters is on its way.
 */
export function supportMessageMatches(
  message: Pick<TSupportMessage, 'name' | 'email' | 'subject' | 'message' | 'status' | 'priority'>,
  filters: { q?: string | undefined; status?: TSupportStatus | undefined; priority?: TSupportPriority | undefined },
): boolean {
  if (filters.status && message.status !== filters.status) return false;
  if (filters.priority && message.priority !== filters.priority) return false;
  const q = filters.q?.trim().toLowerCase();
  if (!q) return true;
  return [message.name, message.email, message.subject, message.message].some((field) =>
    field.toLowerCase().includes(q),
  );
}

/** PATCH /api/admin/support-messages/{id} */
export const ZUpdateSupportStatusRequest = z.object({
  status: z.enum(supportStatuses, { error: 'Status must be one of open, in_progress or resolved' }),
});
export type TUpdateSupportStatusRequest = z.infer<typeof ZUpdateSupportStatusRequest>;
