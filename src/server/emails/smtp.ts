import type { NodemailerError, Transporter } from 'nodemailer';
import { SMTP_MAX_CONNECTIONS } from './smtp-limits.ts';

/** Seconds are short on purpose: a hung server is a failed attempt, retried with backoff. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** Messages one pooled connection carries before it is replaced (servers limit them per session). */
const SMTP_MESSAGES_PER_CONNECTION = 100;

/**
 * One pooled transporter per SMTP_URL for the life of the process: a message goes over an open
 * connection instead of a new connection, greeting and login each time. nodemailer loads with
 * the first message, not when a web process starts.
 */
const transporters = new Map<string, Promise<Transporter>>();

function transporterFor(smtpUrl: string): Promise<Transporter> {
  let transporter = transporters.get(smtpUrl);
  if (!transporter) {
    transporter = import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: SMTP_MAX_CONNECTIONS,
        maxMessages: SMTP_MESSAGES_PER_CONNECTION,
        ...SMTP_TIMEOUTS,
      }),
    );
    transporters.set(smtpUrl, transporter);
  }
  return transporter;
}

/** Closes the pooled connections (at shutdown, once no job sends any more). */
export async function closeSmtpConnections(): Promise<void> {
  const open = [...transporters.values()];
  transporters.clear();
  for (const transporter of await Promise.allSettled(open)) {
    if (transporter.status === 'fulfilled') transporter.value.close();
  }
}

/** host:port of the SMTP server, without the credentials the URL may carry. */
export function smtpServerName(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return 'the SMTP server';
  }
}

export type SmtpDelivery = {
  /** Recipients the server refused while accepting the message for the others. */
  rejected: string[];
};

/**
 * Hands the raw message to SMTP_URL for these recipients. The message is sent as built (the same
 * bytes as the stored .eml), so its Message-ID and Date are the ones fixed before the first attempt.
 */
export async function deliverBySmtp(
  smtpUrl: string,
  message: { raw: Buffer; from: string; recipients: string[] },
  signal: AbortSignal,
): Promise<SmtpDelivery> {
  const info = await (await transporterFor(smtpUrl)).sendMail({
    envelope: { from: message.from, to: message.recipients },
    raw: message.raw,
    signal,
  });
  const rejected = (info.rejected ?? []).map((address: string | { address: string }) =>
    typeof address === 'string' ? address : address.address,
  );
  return { rejected };
}

/**
 * Whether sending again can help: an SMTP reply of 5xx (other than 503) refuses the message for
 * good, so does a refused login; a 4xx reply, a timeout or a dropped connection may pass later.
 */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const failure = error as NodemailerError;
  if (failure?.permanent === true) return true;
  return failure?.code === 'EAUTH' || failure?.code === 'ENOAUTH' || failure?.code === 'ECONFIG';
}

/** A sentence an administrator can act on, naming the server but never its credentials. */
export function describeSmtpFailure(error: unknown, smtpUrl: string): string {
  const failure = error as NodemailerError;
  const server = smtpServerName(smtpUrl);
  if (failure?.code === 'EAUTH' || failure?.code === 'ENOAUTH') {
    return `The mail server ${server} refused the login in SMTP_URL`;
  }
  if (failure?.responseCode) {
    const reply = (failure.response ?? failure.message ?? '').replace(/\s+/g, ' ').trim();
    return `The mail server ${server} refused the message: ${reply}`;
  }
  switch (failure?.code) {
    case 'ECONNECTION':
    case 'ESOCKET':
      return `Could not connect to the mail server ${server}: ${failure.message}`;
    case 'ETIMEDOUT':
      return `The mail server ${server} did not answer in time`;
    case 'EDNS':
      return `The mail server's name ${server} could not be resolved`;
    case 'ETLS':
      return `The secure connection to the mail server ${server} failed: ${failure.message}`;
    case 'EABORT':
      return 'Sending was stopped before the mail server confirmed it';
    default:
      return `Sending through ${server} failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
