/**
 * SMTP connections a process keeps open to the mail server at most: as many as the send-email
 * jobs it works at once (jobs/definitions/send-email.ts: SEND_EMAIL_WORK), so no message waits
 * for a connection and the server never sees more than this from one process.
 */
export const SMTP_MAX_CONNECTIONS = 8;
