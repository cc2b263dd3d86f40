import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { reportBrandingOf } from '../white-label/branding.ts';

/**
 * How an agency is named to its team: its white-label company name when it has one, else its
 * owner's name, else its owner's e-mail.
 */
export async function agencyOf(db: Database, ownerId: string): Promise<{ name: string; email: string } | null> {
  const [owner] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!owner) return null;
  const ownerName = [owner.firstName, owner.lastName].filter(Boolean).join(' ');
  const companyName = (await reportBrandingOf(db, ownerId))?.companyName;
  return { name: companyName || ownerName || owner.email, email: owner.email };
}
