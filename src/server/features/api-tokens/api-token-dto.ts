import type { TApiToken } from '../../../shared/schemas/api-tokens.ts';
import type { apiTokens } from '../../db/schema/index.ts';

type ApiTokenRow = typeof apiTokens.$inferSelect;

/** A token as the API lists it: everything but its hash. */
export function toApiTokenDto(row: ApiTokenRow): TApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
