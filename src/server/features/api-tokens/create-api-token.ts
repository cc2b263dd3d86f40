import { and, count, eq, gt, isNull, or } from 'drizzle-orm';
import {
  MAX_ACTIVE_API_TOKENS,
  type TCreateApiTokenRequest,
  type TCreatedApiToken,
} from '../../../shared/schemas/api-tokens.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { type Actor, assertWorkspaceOwner } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { assertPlanAllows } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { toApiTokenDto } from './api-token-dto.ts';
import { generateApiToken } from './token-secret.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Tokens that still authenticate: not revoked and not past their expiry. */
export function activeTokenFilter(now: Date) {
  return and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)));
}

/**
 * Creates a personal API token for the account owner (Agency plan). The reply carries the token
 * itself, the only time it is ever shown: the database keeps its hash.
 */
export async function createApiToken(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, input }: { actor: Actor; input: TCreateApiTokenRequest },
): Promise<TCreatedApiToken> {
  assertWorkspaceOwner(actor, 'manage API tokens');
  await assertPlanAllows(ctx.db, actor.user.id, 'apiAccess');
  const now = new Date();
  const [active] = await ctx.db
    .select({ value: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, actor.user.id), activeTokenFilter(now)));
  if ((active?.value ?? 0) >= MAX_ACTIVE_API_TOKENS) {
    throw new AppError(
      'conflict',
      `You can have up to ${MAX_ACTIVE_API_TOKENS} active API tokens. Revoke one you no longer use to create another.`,
    );
  }
  const { token, tokenHash, prefix } = generateApiToken();
  const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null;
  const [row] = await ctx.db
    .insert(apiTokens)
    .values({ userId: actor.user.id, name: input.name, tokenHash, prefix, expiresAt, createdAt: now })
    .returning();
  if (!row) throw new Error('The API token was not stored');
  return { ...toApiTokenDto(row), token };
}
