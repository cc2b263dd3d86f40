import { and, count, eq } from 'drizzle-orm';
import type {
  TOutboxList,
  TOutboxListQuery,
  TOutboxMessageDetail,
  TOutboxMessageSummary,
} from '../../../shared/schemas/outbox.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { outboxMessages, users } from '../../db/schema/index.ts';
import { hasStoredEml, readStoredContent, readStoredEml } from '../../emails/outbox-files.ts';
import { notFound } from '../../http/errors.ts';
import { newestFirst } from '../../http/newest-first.ts';
import { type Page, pageOf } from '../../http/paging.ts';
import { fileStoreOf } from '../../storage/create-file-store.ts';

/**
 * The administrator's view of every e-mail the app has queued, from every account. Access is
 * checked by the routes (requireAdmin); these read across tenants on purpose.
 */

type Row = { message: typeof outboxMessages.$inferSelect; accountEmail: string | null };

function toSummary({ message, accountEmail }: Row): TOutboxMessageSummary {
  return {
    id: message.id,
    kind: message.kind,
    accountEmail,
    recipients: message.recipients,
    subject: message.subject,
    status: message.status,
    transport: message.transport,
    attempts: message.attempts,
    lastError: message.lastError,
    messageId: message.messageId,
    createdAt: message.createdAt.toISOString(),
    sentAt: message.sentAt?.toISOString() ?? null,
  };
}

function selectMessages(db: Database) {
  return db
    .select({ message: outboxMessages, accountEmail: users.email })
    .from(outboxMessages)
    .leftJoin(users, eq(users.id, outboxMessages.userId));
}

const order = newestFirst(outboxMessages.createdAt, outboxMessages.id);

/** One page of the messages, newest first, and how this server delivers mail now. */
export async function listOutboxMessages(
  db: Database,
  config: Config,
  query: TOutboxListQuery,
): Promise<{ page: Page<TOutboxMessageSummary>; delivery: TOutboxList['delivery'] }> {
  const filters = query.status ? eq(outboxMessages.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: outboxMessages, accountEmail: users.email, pageAt: order.at })
      .from(outboxMessages)
      .leftJoin(users, eq(users.id, outboxMessages.userId))
      .where(and(filters, order.after(query.cursor)))
      .orderBy(...order.orderBy)
      .limit(query.limit + 1),
    db.select({ value: count() }).from(outboxMessages).where(filters),
  ]);
  const page = pageOf(
    rows,
    query.limit,
    total?.value ?? 0,
    (row) => order.keyOf({ pageAt: row.pageAt, id: row.message.id }),
    toSummary,
  );
  return { page, delivery: { transport: config.mail.smtpUrl ? 'smtp' : 'outbox', from: config.mail.from } };
}

async function getRowOrThrow(db: Database, id: string): Promise<Row> {
  const [row] = await selectMessages(db).where(eq(outboxMessages.id, id));
  if (!row) throw notFound('Message not found');
  return row;
}

/** One message with the readable parts of its stored copy. */
export async function getOutboxMessage(db: Database, config: Config, id: string): Promise<TOutboxMessageDetail> {
  const row = await getRowOrThrow(db, id);
  const content = await readStoredContent(fileStoreOf(config), id);
  return {
    ...toSummary(row),
    content: content
      ? { from: content.from, text: content.text, html: content.html, attachments: content.attachments }
      : null,
    emlAvailable: content !== null || (await hasStoredEml(fileStoreOf(config), id)),
  };
}

/** The raw message as stored; 404 when the message is unknown or was never composed. */
export async function getOutboxEml(db: Database, config: Config, id: string): Promise<Buffer> {
  await getRowOrThrow(db, id);
  const raw = await readStoredEml(fileStoreOf(config), id);
  if (!raw) throw notFound('This message has not been composed yet, or its stored copy is gone');
  return raw;
}
