import { desc, eq } from 'drizzle-orm';
import type { TApiToken } from '../../../shared/schemas/api-tokens.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { type Actor, assertWorkspaceOwner } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { toApiTokenDto } from './api-token-dto.ts';

/**
 * The owner's own tokens, newest first, revoked and expired ones included so the list says what
 * happened to them. Tokens are personal: no one else's are ever listed, a team's owner's included.
 * Listing needs no plan, so an account that left Agency can still see and revoke its tokens.
 */
export async function listApiTokens(
  ctx: Pick<FeatureContext, 'db'>,
  { actor }: { actor: Actor },
): Promise<TApiToken[]> {
  assertWorkspaceOwner(actor, 'manage API tokens');
  const rows = await ctx.db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, actor.user.id))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiTokenDto);
}
