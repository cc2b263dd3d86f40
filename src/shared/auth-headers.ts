/**
 * Request headers of the auth calls, in a module without zod so the public pages' code stays small.
 *
 * Sent by the browser's own current-user read: with it, GET /api/auth/user answers 204 No Content
 * for a signed-out visitor instead of 401, so public pages make no failed request (decision 0009).
 * API clients without it get the 401 of SPEC §7.
 */
export const SIGNED_OUT_OK_HEADER = 'x-signed-out-ok';
