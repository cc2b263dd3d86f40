import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';

/** The account whose plan governs a workspace: a brand's owner, whose limits every check reads. */
export type Owner = typeof users.$inferSelect;

/** The owner's row, or the owner's id to look it up by. */
export type OwnerOrId = Owner | string;

export async function ownerOrThrow(db: Database, owner: OwnerOrId): Promise<Owner> {
  if (typeof owner !== 'string') return owner;
  const [row] = await db.select().from(users).where(eq(users.id, owner));
  // Owned records go with their owner, so a missing owner is a missing record.
  if (!row) throw notFound('Brand not found');
  return row;
}
