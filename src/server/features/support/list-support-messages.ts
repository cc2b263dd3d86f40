import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type {
  TSupportMessage,
  TSupportMessageList,
  TSupportMessageListQuery,
} from '../../../shared/schemas/support.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { supportMessages, users } from '../../db/schema/index.ts';
import { newestFirst } from '../../http/newest-first.ts';
import { type Page, pageOf } from '../../http/paging.ts';
import { toSupportMessage } from './support-message-dto.ts';

/** `%` and `_` typed in the search box are looked for as themselves, not as wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filtersOf(query: TSupportMessageListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(supportMessages.name, pattern),
        ilike(supportMessages.email, pattern),
        ilike(supportMessages.subject, pattern),
        ilike(supportMessages.message, pattern),
      ),
    );
  }
  if (query.status) conditions.push(eq(supportMessages.status, query.status));
  if (query.priority) conditions.push(eq(supportMessages.priority, query.priority));
  return and(...conditions);
}

const order = newestFirst(supportMessages.createdAt, supportMessages.id);

/**
 * The administrators' inbox, one page at a time, newest first: every account's messages, so the
 * route checks that the caller is an administrator. Search is case-insensitive over name, e-mail,
 * subject and message.
 */
export async function listSupportMessages(
  db: Database,
  config: Config,
  query: TSupportMessageListQuery,
): Promise<{ page: Page<TSupportMessage>; mailDelivery: TSupportMessageList['mailDelivery'] }> {
  const filters = filtersOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: supportMessages, accountEmail: users.email, pageAt: order.at })
      .from(supportMessages)
      .leftJoin(users, eq(users.id, supportMessages.userId))
      .where(and(filters, order.after(query.cursor)))
      .orderBy(...order.orderBy)
      .limit(query.limit + 1),
    db.select({ value: count() }).from(supportMessages).where(filters),
  ]);
  const page = pageOf(
    rows,
    query.limit,
    total?.value ?? 0,
    (row) => order.keyOf({ pageAt: row.pageAt, id: row.message.id }),
    (row) => toSupportMessage(row.message, row.accountEmail),
  );
  return { page, mailDelivery: config.mail.smtpUrl ? 'smtp' : 'outbox' };
}
