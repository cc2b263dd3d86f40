import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TSupportMessageList, TSupportMessageListQuery } from '../../../shared/schemas/support.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { supportMessages, users } from '../../db/schema/index.ts';
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

/**
 * The administrators' inbox, newest first: every account's messages, so the route checks that the
 * caller is an administrator. Search is case-insensitive over name, e-mail, subject and message.
 */
export async function listSupportMessages(
  db: Database,
  config: Config,
  query: TSupportMessageListQuery,
): Promise<TSupportMessageList> {
  const rows = await db
    .select({ message: supportMessages, accountEmail: users.email })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.userId))
    .where(filtersOf(query))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(query.limit + 1);
  return {
    messages: rows.slice(0, query.limit).map((row) => toSupportMessage(row.message, row.accountEmail)),
    truncated: rows.length > query.limit,
    mailDelivery: config.mail.smtpUrl ? 'smtp' : 'outbox',
  };
}
