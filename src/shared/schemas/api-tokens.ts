import { z } from 'zod';
import { ZText } from './text.ts';

/**
 * Personal API tokens (Agency "API access", DESIGN decision 14). A token is `blk_` and 43
 * base64url characters (32 random bytes); the server keeps only its SHA-256 hash and its first
 * characters, so a token is shown once, when it is created.
 */

export const API_TOKEN_PREFIX = 'blk_';
/** Characters of a token kept for display: the `blk_` mark and 8 random characters (48 of its 256 bits). */
export const API_TOKEN_DISPLAY_LENGTH = 12;
export const MAX_API_TOKEN_NAME_LENGTH = 100;
/** Active (unrevoked, unexpired) tokens an account may hold at once. */
export const MAX_ACTIVE_API_TOKENS = 25;
/** Requests one token may make per minute. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120;

/** The lifetimes offered; null is a token that never expires. */
export const apiTokenExpiryDays = [30, 90, 365] as const;
export type TApiTokenExpiryDays = (typeof apiTokenExpiryDays)[number];

const expiryMessage = 'Choose an expiry of 30, 90 or 365 days, or none';

/** POST /api/api-tokens */
export const ZCreateApiTokenRequest = z.object({
  name: ZText('Token name', { required: 'Token name is required' })
    .trim()
    .min(1, 'Token name is required')
    .max(MAX_API_TOKEN_NAME_LENGTH, `Token name must be at most ${MAX_API_TOKEN_NAME_LENGTH} characters`),
  expiresInDays: z
    .literal(apiTokenExpiryDays, expiryMessage)
    .nullable()
    .optional()
    .describe('Days until the token stops working; null or absent: it never expires'),
});
export type TCreateApiTokenRequest = z.infer<typeof ZCreateApiTokenRequest>;

/** A token as listed: never its secret. Dates are ISO strings. */
export const ZApiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  /** the token's first characters, to tell tokens apart */
  prefix: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** POST /api/api-tokens reply: the token itself, shown this once. */
export const ZCreatedApiToken = ZApiToken.extend({ token: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

/** Whether a listed token still authenticates, at `now`. */
export function apiTokenState(token: TApiToken, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now) return 'expired';
  return 'active';
}
