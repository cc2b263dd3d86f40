import { count, eq, inArray, sql } from 'drizzle-orm';
import { maxBrandsMessage, readOnlyBrandMessage } from '../../../../shared/plan-messages.ts';
import type { Database } from '../../../db/client.ts';
import { brands } from '../../../db/schema/index.ts';
import { AppError } from '../../../http/errors.ts';
import type { Owner } from './owner.ts';

/**
 * An account keeps every brand when its plan shrinks; the plan's brands are its oldest ones (by
 * creation, then id, so the order never changes), and the rest are read-only until the account
 * upgrades or deletes brands. Positions count from 1 within each owner's brands: `brandPosition()`
 * in a query that reads all of an owner's brands (a window over them).
 */
export const brandPosition = () =>
  sql<number>`cast(row_number() over (partition by ${brands.userId} order by ${brands.createdAt}, ${brands.id}) as integer)`;

function positionedBrands(db: Database, ownerIds: string[]) {
  return db
    .select({ id: brands.id, position: brandPosition().as('position') })
    .from(brands)
    .where(inArray(brands.userId, ownerIds))
    .as('positioned_brands');
}

/** Each brand of these owners by id, with its position among its owner's brands. */
export async function brandPositionsOf(db: Database, ownerIds: string[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const positioned = positionedBrands(db, ownerIds);
  const rows = await db.select().from(positioned);
  return new Map(rows.map((row) => [row.id, row.position]));
}

/** Whether the brand at this position is one the owner's plan includes. */
export function isWithinBrandLimit(owner: Pick<Owner, 'maxBrands'>, position: number): boolean {
  return position <= owner.maxBrands;
}

/** Why the brand at this position is read-only under the owner's plan; null when it is not. */
export function brandLimitReason(
  owner: Pick<Owner, 'planType' | 'maxBrands'>,
  brand: { name: string },
  position: number,
): string | null {
  return isWithinBrandLimit(owner, position) ? null : readOnlyBrandMessage(owner.planType, brand.name, owner.maxBrands);
}

/** Refuses a change to a brand beyond the owner's plan's brands (403 plan_limit, read-only). */
export async function assertBrandWithinPlan(
  db: Database,
  owner: Owner,
  brand: { id: string; name: string },
): Promise<void> {
  const positioned = positionedBrands(db, [owner.id]);
  const [row] = await db.select().from(positioned).where(eq(positioned.id, brand.id));
  const reason = row ? brandLimitReason(owner, brand, row.position) : null;
  if (reason) throw new AppError('plan_limit', reason);
}

/**
 * Refuses a new brand once the owner has all the brands the plan includes (403 plan_limit, SPEC's
 * 'Maximum brands limit (n) reached.'). The caller holds the owner's row locked, so two requests
 * cannot both take the last slot.
 */
export async function assertBrandSlotFree(db: Database, owner: Owner): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(brands).where(eq(brands.userId, owner.id));
  if ((existing?.value ?? 0) >= owner.maxBrands) throw new AppError('plan_limit', maxBrandsMessage(owner.maxBrands));
}
