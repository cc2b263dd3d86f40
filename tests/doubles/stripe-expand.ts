/**
 * Stripe's `expand`: an expandable field's id replaced by its object, one level per dot of the
 * path (`latest_invoice.confirmation_secret`), and fields that are only sent when asked for.
 * Anything else is refused as Stripe refuses it.
 */
import type { DoubleObject } from './stripe-objects.ts';

/** Fields each kind of object can expand into the object they name. */
const expandableFields: Record<string, readonly string[]> = {
  subscription: ['customer', 'default_payment_method', 'latest_invoice', 'pending_setup_intent'],
  invoice: ['customer'],
  payment_intent: ['customer', 'payment_method'],
  setup_intent: ['customer', 'payment_method'],
};

export class UnexpandableError extends Error {}

/**
 * An object as the API answers it: each `expand` path (`latest_invoice.confirmation_secret`)
 * replaces an id with its object, one level per dot; `include` supplies fields sent only when
 * expanded (an invoice's confirmation_secret).
 */
export function expandObject(
  object: DoubleObject,
  paths: string[],
  lookup: (id: string) => DoubleObject | undefined,
  include: (object: DoubleObject, field: string) => unknown,
): Record<string, unknown> {
  const result: Record<string, unknown> = structuredClone(object);
  const byField = new Map<string, string[]>();
  for (const path of paths) {
    const [field, ...rest] = path.split('.') as [string, ...string[]];
    byField.set(field, [...(byField.get(field) ?? []), ...(rest.length > 0 ? [rest.join('.')] : [])]);
  }
  for (const [field, nested] of byField) {
    const included = include(object, field);
    if (included !== undefined) {
      result[field] = included;
      continue;
    }
    if (!expandableFields[object.object]?.includes(field)) throw new UnexpandableError(field);
    const value = result[field];
    const target = typeof value === 'string' ? lookup(value) : undefined;
    if (target) result[field] = expandObject(target, nested, lookup, include);
  }
  return result;
}
