import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { type SessionData, sessions, users } from '../db/schema/index.ts';

/**
 * Server-side sessions in the `sessions` table (sid, sess, expire), so they survive restarts and
 * are shared by every app process. The browser holds only a signed, httpOnly cookie with the sid.
 */
export const SESSION_COOKIE = 'brandlens.sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Rolling expiry is written back at most this often, so most requests read without writing. */
const ROLLING_REFRESH_MS = 60 * 60 * 1000;

export type LoadedSession = { sid: string; data: SessionData; expire: Date };
type UserRow = typeof users.$inferSelect;

/** A session's user id as a uuid, or null when it holds none (never a cast error for a bad value). */
const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const sessionUserId = sql`case when ${sessions.sess}->>'userId' ~ ${sql.raw(`'${UUID_PATTERN}'`)} then (${sessions.sess}->>'userId')::uuid end`;

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(db: Database, options: { secureCookies: boolean }) {
  const cookieOptions = (expires: Date) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
    signed: true,
    expires,
  });
  // Every signed-in request reads its session: a prepared statement skips building the query
  // each time and lets PostgreSQL reuse its plan.
  const sessionBySid = db
    .select()
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('session_by_sid');
  // Nearly every signed-in request wants the session's user too: one round trip reads both.
  const sessionWithUserBySid = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessionUserId))
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('session_with_user_by_sid');

  function readSid(request: FastifyRequest): string | undefined {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? unsigned.value : undefined;
  }

  /** A live session row as the request sees it, its rolling expiry written back when due. */
  async function liveSession(
    reply: FastifyReply,
    sid: string,
    row: typeof sessions.$inferSelect | undefined,
  ): Promise<LoadedSession | undefined> {
    if (!row || row.expire.getTime() <= Date.now()) return undefined;
    if (row.expire.getTime() - Date.now() < SESSION_TTL_MS - ROLLING_REFRESH_MS) {
      const expire = new Date(Date.now() + SESSION_TTL_MS);
      await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
      reply.setCookie(SESSION_COOKIE, sid, cookieOptions(expire));
      return { sid, data: row.sess, expire };
    }
    return { sid, data: row.sess, expire: row.expire };
  }

  async function load(request: FastifyRequest, reply: FastifyReply): Promise<LoadedSession | undefined> {
    const sid = readSid(request);
    if (!sid) return undefined;
    const [row] = await sessionBySid.execute({ sid });
    return liveSession(reply, sid, row);
  }

  /** The session with its user's row (null when the session names no user, or one since deleted). */
  async function loadWithUser(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ session: LoadedSession; user: UserRow | null } | undefined> {
    const sid = readSid(request);
    if (!sid) return undefined;
    const [row] = await sessionWithUserBySid.execute({ sid });
    const session = await liveSession(reply, sid, row?.session);
    return session ? { session, user: row?.user ?? null } : undefined;
  }

  /** Writes the data into the current session, creating one when there is none. */
  async function save(request: FastifyRequest, reply: FastifyReply, data: SessionData): Promise<void> {
    const sid = readSid(request) ?? newSid();
    const expire = new Date(Date.now() + SESSION_TTL_MS);
    await db
      .insert(sessions)
      .values({ sid, sess: data, expire })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess: data, expire } });
    reply.setCookie(SESSION_COOKIE, sid, cookieOptions(expire));
  }

  /** Starts a fresh session for a newly signed-in user; a new sid defeats session fixation. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, data: SessionData): Promise<void> {
    const previous = readSid(request);
    if (previous) await db.delete(sessions).where(eq(sessions.sid, previous));
    const sid = newSid();
    const expire = new Date(Date.now() + SESSION_TTL_MS);
    await db.insert(sessions).values({ sid, sess: data, expire });
    reply.setCookie(SESSION_COOKIE, sid, cookieOptions(expire));
  }

  async function destroy(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const sid = readSid(request);
    if (sid) await db.delete(sessions).where(eq(sessions.sid, sid));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  return { load, loadWithUser, save, signIn, destroy };
}

function newSid(): string {
  return randomBytes(32).toString('base64url');
}
