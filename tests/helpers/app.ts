import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { SESSION_COOKIE } from '../../src/server/http/session.ts';
import type { SignInProviders } from '../../src/server/http/sign-in-routes.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Signs in (through development sign-in) and returns the Cookie header for that user. */
  signInAs(email: string): Promise<string>;
  close(): Promise<void>;
};

export type LogStream = { write(line: string): void };

/** A log stream that keeps every line, for tests that read what was logged. */
export function capturedLogs(): LogStream & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (line) => void lines.push(line) };
}

/**
 * The mention sources that need no key would search the real services: tests turn them off unless
 * they point them at their doubles (mentionSourceEnv in tests/helpers/mention-sources.ts).
 */
export const KEYLESS_MENTION_SOURCES_OFF = 'news_rss,hacker_news,mastodon,apple_app_store';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:5000',
    MENTION_SOURCES_OFF: KEYLESS_MENTION_SOURCES_OFF,
    ...env,
  });
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: DatabaseHandle;
    signInProviders?: SignInProviders;
    queue?: JobQueue;
    /** a client build to serve pages from; none by default (API only) */
    clientDir?: string | null;
    /** where the app's log lines go, every level; none are written by default */
    logStream?: LogStream;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config,
    database,
    clientDir: options.clientDir ?? null,
    logger: options.logStream ? { level: 'trace', stream: options.logStream } : false,
    signInProviders: options.signInProviders ?? {},
    queue: options.queue ?? null,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async signInAs(email) {
      const response = await app.inject({ method: 'GET', url: `/api/dev-switch?email=${encodeURIComponent(email)}` });
      const cookie = sessionCookieFrom(response.headers['set-cookie']);
      if (response.statusCode !== 302 || !cookie) {
        throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
      }
      return cookie;
    },
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** The `name=value` of the session cookie among Set-Cookie headers, ready for a Cookie header. */
export function sessionCookieFrom(setCookie: string | string[] | undefined): string | undefined {
  const headers = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = headers.find((header) => header.startsWith(`${SESSION_COOKIE}=`));
  return session?.split(';')[0];
}

/** A multipart/form-data body with one file part, for app.inject. */
export function multipartFile(
  content: Buffer,
  { fieldName = 'file', fileName = 'logo.png', contentType = 'application/octet-stream' } = {},
) {
  const boundary = `----brandlens${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
