/** Whether a database error is a unique-constraint violation (both drivers; drizzle wraps the cause). */
export function isUniqueViolation(error: unknown): boolean {
  return someCause(error, (current) => current.code === '23505');
}

/**
 * Whether PostgreSQL refused the values of a row (class 22 data exception: bad encoding, too long;
 * class 23 integrity constraint), as opposed to the database being unavailable: the same statement
 * without that row would succeed.
 */
export function isRowRefused(error: unknown): boolean {
  return someCause(error, (current) => typeof current.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(current.code));
}

/** Socket errors: the server refused, dropped or never answered the connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
/**
 * PostgreSQL's own codes for "not reachable right now": 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections; class 08 is
 * every connection exception.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and PGlite say these in words only, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // node-postgres: server went away, or connectionTimeoutMillis passed
  /^timeout exceeded when trying to connect/, // pg-pool: no connection within connectionTimeoutMillis
  /^Client has encountered a connection error/,
  /^PGlite is closed/,
];

/**
 * Whether the error says the database cannot be reached at the moment (stopped, restarting,
 * unreachable, or closed), as opposed to a fault in the query: the request may work again later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (current) => {
    const code = typeof current.code === 'string' ? current.code : '';
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    const message = typeof current.message === 'string' ? current.message : '';
    return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** Walks the error, its causes (drizzle wraps the driver's error) and an AggregateError's parts. */
function someCause(error: unknown, test: (error: ErrorLike) => boolean, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  const current = error as ErrorLike;
  if (test(current)) return true;
  if (Array.isArray(current.errors) && current.errors.some((part) => someCause(part, test, depth + 1))) return true;
  return someCause(current.cause, test, depth + 1);
}
