import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { type SessionData, sessions } from '../db/schema/index.ts';

/**
 * Server-side sessions in the `sessions` table (sid, sess, expire), so they survive restarts and
 * are shared by every app process. The browser holds only a signed, httpOnly cookie with the sid.
 */
export const SESSION_COOKIE = 'brandlens.sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Rolling expiry is written back at most this often, so most requests read without writing. */
const ROLLING_REFRESH_MS = 60 * 60 * 1000;

export type LoadedSession = { sid: string; data: SessionData; expire: Date };

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

  function readSid(request: FastifyRequest): string | undefined {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? unsigned.value : undefined;
  }

  async function load(request: FastifyRequest, reply: FastifyReply): Promise<LoadedSession | undefined> {
    const sid = readSid(request);
    if (!sid) return undefined;
    const [row] = await sessionBySid.execute({ sid });
    if (!row || row.expire.getTime() <= Date.now()) return undefined;
    if (row.expire.getTime() - Date.now() < SESSION_TTL_MS - ROLLING_REFRESH_MS) {
      const expire = new Date(Date.now() + SESSION_TTL_MS);
      await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
      reply.setCookie(SESSION_COOKIE, sid, cookieOptions(expire));
      return { sid, data: row.sess, expire };
    }
    return { sid, data: row.sess, expire: row.expire };
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

  return { load, save, signIn, destroy };
}

function newSid(): string {
  return randomBytes(32).toString('base64url');
}
