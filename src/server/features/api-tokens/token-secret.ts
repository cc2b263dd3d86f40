import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_DISPLAY_LENGTH, API_TOKEN_PREFIX } from '../../../shared/schemas/api-tokens.ts';

/** 32 random bytes: 256 bits, far beyond guessing, written as 43 base64url characters. */
const SECRET_BYTES = 32;
const wellFormedToken = /^blk_[A-Za-z0-9_-]{43}$/;

export type NewApiToken = { token: string; tokenHash: string; prefix: string };

/** SHA-256 of the token, hex: what the database keeps and looks tokens up by. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a string has the shape of a Brandlens token; anything else is refused unread. */
export function isWellFormedApiToken(token: string): boolean {
  return wellFormedToken.test(token);
}

/** A new token, its hash and the characters kept to show it by. */
export function generateApiToken(): NewApiToken {
  const token = `${API_TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { token, tokenHash: hashApiToken(token), prefix: token.slice(0, API_TOKEN_DISPLAY_LENGTH) };
}
