import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { upsertUserByEmail } from '../features/users/upsert-user-by-email.ts';
import { type Actor, resolveActor } from './access.ts';
import { bearerTokenOf } from './api-token-auth.ts';
import { unauthorized } from './errors.ts';
import type { SessionStore } from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const FORCE_SWITCH_HEADER = 'x-force-account-switch';
const ZSwitchEmail = z.email();

/**
 * Finds who is acting on a request: the owner of its API token (`Authorization: Bearer`, set on
 * arrival by registerApiTokenGuards), else the session's user, or in development the account
 * named by the x-force-account-switch header (a signed-in developer testing several accounts).
 */
export function createAuthenticator(deps: { db: Database; config: Config; sessions: SessionStore }) {
  const { db, config, sessions } = deps;

  async function findActor(request: FastifyRequest, reply: FastifyReply): Promise<Actor | null> {
    if (request.actor) return request.actor;
    // A token request is the token's alone (registerApiTokenGuards authenticated it, or refused it,
    // as it arrived): its cookies are never read, so no session is touched or set.
    if (bearerTokenOf(request) !== null) throw unauthorized();
    // The session and its user in one query (see session.ts).
    const loaded = await sessions.loadWithUser(request, reply);
    let user = loaded?.session.data.userId ? loaded.user : null;
    if (!user) return null;
    const switchTo = request.headers[FORCE_SWITCH_HEADER];
    if (!config.isProduction && typeof switchTo === 'string') {
      const email = ZSwitchEmail.safeParse(switchTo.trim().toLowerCase());
      if (email.success && email.data !== user.email) user = await upsertUserByEmail(db, { email: email.data });
    }
    request.actor = await resolveActor(db, config, user);
    return request.actor;
  }

  /** preHandler for every signed-in route: 401 `{ message: 'Unauthorized' }` otherwise. */
  async function requireActor(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!(await findActor(request, reply))) throw unauthorized();
  }

  return { findActor, requireActor };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;

/** The actor of a request that passed requireActor. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
