import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { featureLimitMessage, plans } from '../../shared/plans.ts';
import { API_TOKEN_REQUESTS_PER_MINUTE } from '../../shared/schemas/api-tokens.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { apiTokens, users } from '../db/schema/index.ts';
import { hashApiToken, isWellFormedApiToken } from '../features/api-tokens/token-secret.ts';
import { type Actor, resolveActor } from './access.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only a signed-in browser session may call the route: an API token is refused with 403. */
    sessionOnly?: boolean;
  }
}

/**
 * Routes no API token may call, whoever owns it: signing in and out, billing, token management,
 * the account itself (deletion, export, profile and its sign-in e-mail), the team, and the admin
 * screens. A stolen token must never buy, sign in, make more tokens, or lock its owner out.
 * A route may also say so itself with `config: { sessionOnly: true }`. A pattern ending in `*`
 * covers every route that starts with it.
 */
export const sessionOnlyRoutePatterns = [
  '/api/login',
  '/api/callback',
  '/api/auth/google*',
  '/api/logout',
  '/api/dev-switch',
  '/api/billing/*',
  '/api/create-payment-intent',
  '/api/get-or-create-subscription',
  '/api/check-payment-status',
  '/api/cancel-subscription',
  '/api/reactivate-subscription',
  '/api/subscription-details',
  '/api/demo-billing/*',
  '/api/api-tokens*',
  '/api/account*',
  '/api/profile*',
  '/api/team-members*',
  '/api/admin/*',
] as const;

export function isSessionOnlyRoute(url: string | undefined, config?: { sessionOnly?: boolean }): boolean {
  if (config?.sessionOnly) return true;
  if (!url) return false;
  return sessionOnlyRoutePatterns.some((pattern) =>
    pattern.endsWith('*') ? url.startsWith(pattern.slice(0, -1)) : url === pattern,
  );
}

/**
 * The token of `Authorization: Bearer <token>` on an /api request, '' for a Bearer header with
 * nothing usable in it, null when the request carries none (it may still have a session cookie).
 * Pages are never opened with a token.
 */
export function bearerTokenOf(request: FastifyRequest): string | null {
  if (!request.url.startsWith('/api/')) return null;
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (!match) return null;
  return match[1]?.trim() ?? '';
}

const tokenRefused = (why: string) => new AppError('unauthorized', `Unauthorized: ${why}`);

/** lastUsedAt is written at most this often, so a busy script does not write on every request. */
const LAST_USED_PRECISION_MS = 60 * 1000;

/**
 * Turns an API token into the actor of its owner, exactly as a session would (resolveActor, so
 * agency team rules apply). Refuses with 401 a token that is malformed, unknown, revoked or
 * expired, and with 403 one whose owner's plan no longer includes API access.
 */
function createApiTokenAuthenticator(db: Database, config: Config) {
  // Read on every token request, so prepared once.
  const tokenByHash = db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('hash')))
    .prepare('api_token_by_hash');

  async function noteUse(tokenId: string, now: Date, lastUsedAt: Date | null): Promise<void> {
    if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
    const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))));
  }

  async function actorForToken(token: string): Promise<Actor> {
    if (!isWellFormedApiToken(token)) throw tokenRefused('the API token is malformed');
    const [found] = await tokenByHash.execute({ hash: hashApiToken(token) });
    if (!found) throw tokenRefused('the API token is not recognised');
    const now = new Date();
    if (found.token.revokedAt) throw tokenRefused('the API token has been revoked');
    if (found.token.expiresAt && found.token.expiresAt.getTime() <= now.getTime()) {
      throw tokenRefused(`the API token expired on ${found.token.expiresAt.toISOString().slice(0, 10)}`);
    }
    if (!plans[found.user.planType].allows.apiAccess) {
      throw new AppError('plan_feature', featureLimitMessage(found.user.planType, 'apiAccess'));
    }
    await noteUse(found.token.id, now, found.token.lastUsedAt);
    return resolveActor(db, config, found.user);
  }

  return { actorForToken };
}

/**
 * Before any route runs, a request carrying a token is refused (403) on a session-only route, held
 * to API_TOKEN_REQUESTS_PER_MINUTE requests a minute per token (429 with Retry-After past that,
 * counted by the token's hash in the database, shared by every app process), and then
 * authenticated: `request.actor` becomes the token's owner, or the request is refused (401) whatever
 * route it is for, before its body is even read. Needs @fastify/rate-limit registered.
 */
export function registerApiTokenGuards(app: FastifyInstance, deps: { db: Database; config: Config }) {
  const tokens = createApiTokenAuthenticator(deps.db, deps.config);
  const limitOf = app.createRateLimit({
    max: API_TOKEN_REQUESTS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `api-token:${hashApiToken(bearerTokenOf(request) ?? '')}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerTokenOf(request);
    if (token === null) return;
    if (isSessionOnlyRoute(request.routeOptions.url, request.routeOptions.config)) {
      throw new AppError(
        'forbidden',
        'API tokens cannot be used here: sign in to Brandlens in the browser to do this.',
      );
    }
    const verdict = await limitOf(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      reply.header('Retry-After', String(verdict.ttlInSeconds));
      throw new AppError(
        'rate_limited',
        `Too many requests with this API token: at most ${API_TOKEN_REQUESTS_PER_MINUTE} a minute. Try again in ${verdict.ttlInSeconds} seconds.`,
      );
    }
    request.actor = await tokens.actorForToken(token);
  });
}
