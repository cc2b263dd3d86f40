import { createHmac, timingSafeEqual } from 'node:crypto';
import { type TUnsubscribeKind, unsubscribeKinds } from '../../../shared/schemas/notifications.ts';

/**
 * The token of an unsubscribe link: `<userId>.<kind>.<signature>`, the signature an HMAC-SHA256 of
 * user and kind under SESSION_SECRET. It works without signing in and only ever turns that one
 * kind of e-mail off for that one account, so it needs no expiry; changing the secret ends it.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signatureOf(secret: string, userId: string, kind: TUnsubscribeKind): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest();
}

export function createUnsubscribeToken(secret: string, userId: string, kind: TUnsubscribeKind): string {
  return `${userId}.${kind}.${signatureOf(secret, userId, kind).toString('base64url')}`;
}

export type UnsubscribeTarget = { userId: string; kind: TUnsubscribeKind };

/** The account and kind a token names, or null when it is malformed or was not signed by this server. */
export function readUnsubscribeToken(secret: string, token: unknown): UnsubscribeTarget | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [userId, kind, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !kind || !signature || !UUID.test(userId)) return null;
  if (!(unsubscribeKinds as readonly string[]).includes(kind)) return null;
  const expected = signatureOf(secret, userId, kind as TUnsubscribeKind);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as TUnsubscribeKind };
}

/** The link an e-mail carries; GET shows a confirmation page, its button posts the same address. */
export function unsubscribeUrlFor(
  config: { publicUrl: string; sessionSecret: string },
  userId: string,
  kind: TUnsubscribeKind,
): string {
  const token = createUnsubscribeToken(config.sessionSecret, userId, kind);
  return `${config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}
