import type { TSupportMessage } from '../../../shared/schemas/support.ts';
import type { supportMessages } from '../../db/schema/index.ts';

export type SupportMessageRow = typeof supportMessages.$inferSelect;

export function toSupportMessage(row: SupportMessageRow, accountEmail: string | null): TSupportMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    priority: row.priority,
    status: row.status,
    accountEmail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
