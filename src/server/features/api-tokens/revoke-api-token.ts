import { and, eq, isNull } from 'drizzle-orm';
import type { TApiToken } from '../../../shared/schemas/api-tokens.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { type Actor, assertWorkspaceOwner } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { FeatureContext } from '../context.ts';
import { toApiTokenDto } from './api-token-dto.ts';

/**
 * Revokes one of the owner's tokens: it stops working on its next request. Revoking again keeps
 * the first revocation time. Someone else's token answers 404, the same as a missing one.
 */
export async function revokeApiToken(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, tokenId }: { actor: Actor; tokenId: string },
): Promise<TApiToken> {
  assertWorkspaceOwner(actor, 'manage API tokens');
  const own = and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, actor.user.id));
  await ctx.db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(own, isNull(apiTokens.revokedAt)));
  const [row] = await ctx.db.select().from(apiTokens).where(own);
  if (!row) throw notFound('API token not found');
  return toApiTokenDto(row);
}
