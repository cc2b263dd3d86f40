/**
 * An SMTP server on 127.0.0.1 for tests (smtp-server): it accepts every message, keeps its raw text
 * and parses it with postal-mime. `failFirst: n` answers the first n messages with a temporary
 * refusal (451 by default, `failWith` for another code such as a permanent 550), so retries are
 * seen as a real mail server would cause them. No TLS and no login: nodemailer sends in the clear to
 * smtp://127.0.0.1:<port>.
 */
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export type ReceivedMessage = {
  /** MAIL FROM and RCPT TO, as the client gave them */
  envelope: { from: string | null; to: string[] };
  raw: Buffer;
  parsed: Email;
  /** when the message's DATA was accepted */
  receivedAt: Date;
};

export type SmtpDouble = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL */
  url: string;
  /** Messages accepted, in order of arrival */
  messages: ReceivedMessage[];
  /** Messages whose DATA was answered, accepted or refused */
  readonly attempts: number;
  /** From now on, refuse the next n messages with this code (default 451, temporary). */
  refuseNext(count: number, code?: number): void;
  /** Resolves with the messages once at least `count` have been accepted. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  close(): Promise<void>;
};

export type SmtpDoubleOptions = {
  /** Refuse the first n messages (default 0) */
  failFirst?: number;
  /** The reply code of a refusal (default 451, temporary) */
  failWith?: number;
};

class SmtpReplyError extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startSmtpDouble(options: SmtpDoubleOptions = {}): Promise<SmtpDouble> {
  const messages: ReceivedMessage[] = [];
  const waiters = new Set<() => void>();
  let refusalsLeft = options.failFirst ?? 0;
  let refusalCode = options.failWith ?? 451;
  let attempts = 0;

  const receive = async (stream: SMTPServerDataStream, session: SMTPServerSession) => {
    const raw = await readAll(stream);
    const receivedAt = new Date();
    attempts += 1;
    if (refusalsLeft > 0) {
      refusalsLeft -= 1;
      const text = refusalCode >= 500 ? 'Mailbox unavailable' : 'Try again later';
      throw new SmtpReplyError(text, refusalCode);
    }
    const mailFrom = session.envelope.mailFrom;
    messages.push({
      envelope: {
        from: mailFrom ? mailFrom.address : null,
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
      },
      raw,
      receivedAt,
      parsed: await PostalMime.parse(raw),
    });
    for (const wake of waiters) wake();
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 25 * 1024 * 1024,
    onData(stream, session, callback) {
      receive(stream, session).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A sender that dies mid-session (a worker killed with its pooled connections open) resets its
  // connection: a mail server notes it and serves the others, and so does the double.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get attempts() {
      return attempts;
    },
    refuseNext(count, code = 451) {
      refusalsLeft = count;
      refusalCode = code;
    },
    waitForMessages(count, timeoutMs = 30_000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`Timed out after ${timeoutMs} ms waiting for ${count} messages; ${messages.length} arrived`),
          );
        }, timeoutMs);
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
