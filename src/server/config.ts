import path from 'node:path';
import { z } from 'zod';
import { type AiConfig, AiConfigError, aiConfigFromEnv } from './ai/provider.ts';
import {
  type OutsideServicesConfig,
  outsideServicesConfigFrom,
  outsideServicesProblems,
  ZOutsideServicesEnvironment,
} from './outside-services-config.ts';

/**
 * The only place that reads process.env. Every other module receives a Config object,
 * so tests build their own configuration without touching the environment.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
);
const commaList = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
);

/** The sender when MAIL_FROM is unset: a name people recognise and an address that takes no replies. */
/** Meta's Graph API with the version the Ad Library connector is written against. */
export const DEFAULT_META_GRAPH_URL = 'https://graph.facebook.com/v23.0';

export const DEFAULT_MAIL_FROM = 'Brandlens <no-reply@brandlens.local>';

/** `Name <address>` or a bare address; the name may be quoted. */
const MAIL_FROM_FORMAT = /^\s*(?:(?:"([^"]*)"|([^<>"]*?))\s*<([^<>\s]+)>|([^<>\s]+))\s*$/;

/** MAIL_FROM split into its display name and address, or null when it is not a sender. */
export function parseMailFrom(value: string): { name: string | null; address: string } | null {
  const match = MAIL_FROM_FORMAT.exec(value);
  if (!match) return null;
  const address = match[3] ?? match[4] ?? '';
  if (!z.email().safeParse(address).success) return null;
  const name = (match[1] ?? match[2] ?? '').trim();
  return { name: name || null, address };
}

const ZEnvironment = z
  .object({
    NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(5000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    PUBLIC_URL: optionalUrl,
    ALLOWED_ORIGINS: commaList,
    // `npm run dev` only: the address links use while PUBLIC_URL is unset (Vite's, which proxies the API).
    DEV_PUBLIC_URL: optionalUrl,
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    DATABASE_URL: optionalUrl,
    UPLOAD_DIR: optionalString,
    SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    TRUST_PROXY: booleanFlag,
    RUN_WORKER: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')),
    OIDC_ISSUER_URL: z.preprocess(emptyAsUndefined, z.url().default('https://replit.com/oidc')),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER_URL: z.preprocess(emptyAsUndefined, z.url().default('https://accounts.google.com')),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    ADMIN_USER_IDS: commaList,
    CRAWLER_ALLOW_LOOPBACK: booleanFlag,
    AUDIT_RENDER: z.preprocess(emptyAsUndefined, z.enum(['auto', 'always', 'never']).default('auto')),
    AUDIT_RENDER_TIMEOUT_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1000).max(120_000).default(10_000),
    ),
    CHROMIUM_PATH: optionalString,
    ADMIN_EMAILS: commaList,
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({
          protocol: /^smtps?$/,
          error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587',
        })
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_MAIL_FROM)),
    META_AD_LIBRARY_TOKEN: optionalString,
    META_GRAPH_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_META_GRAPH_URL)),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_SMB: optionalString,
    STRIPE_PRICE_AGENCY: optionalString,
    STRIPE_API_BASE: optionalUrl,
    // Graceful shutdown: how long a stopping process waits for requests and jobs in flight.
    SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).max(600_000).default(25_000)),
    // Object storage shared by every app machine; unset keeps files on the local disk.
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    S3_ENDPOINT: optionalUrl,
    S3_FORCE_PATH_STYLE: booleanFlag,
    AWS_REGION: optionalString,
  })
  .extend(ZOutsideServicesEnvironment.shape);

export type OidcProviderConfig = {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | undefined;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /** Which pages may make changes (POST, PATCH, DELETE): see src/server/http/cross-site.ts. */
  origins: OriginsConfig;
  dataDir: string;
  /** undefined means the embedded PGlite database under dataDir/db */
  databaseUrl: string | undefined;
  uploadDir: string;
  sessionSecret: string;
  logLevel: string;
  trustProxy: boolean;
  runWorker: boolean;
  oidc: { replit: OidcProviderConfig | undefined; google: OidcProviderConfig | undefined };
  admin: { userIds: string[]; emails: string[] };
  /** Language model for narrative text; provider 'none' keeps everything on the local engine. */
  ai: AiConfig;
  /** Lets the crawler fetch loopback addresses (tests audit a fixture site on 127.0.0.1). Never in production. */
  crawlerAllowLoopback: boolean;
  /**
   * Rendering pages that build their content with JavaScript in headless Chromium during audits:
   * auto follows each brand's setting (by default, pages that need it), always renders every page,
   * never renders none. chromiumPath: the browser to use, else /usr/bin/chromium.
   */
  auditRender: { mode: 'auto' | 'always' | 'never'; chromiumPath: string | undefined; timeoutMs: number };
  mail: MailConfig;
  /** Ad discovery: the Meta Ad Library API; without a token, ads are entered by hand or CSV. */
  metaAdLibrary: { token: string | undefined; graphUrl: string };
  /**
   * Stripe when its keys are set; otherwise demo billing (a marked test checkout) outside
   * production, and no payments at all in production.
   */
  billing: BillingConfig;
  /**
   * On SIGTERM or SIGINT, how long requests and jobs in flight may take to finish; jobs still
   * running then are handed back for another process (src/server/shutdown.ts).
   */
  shutdownTimeoutMs: number;
  /** Where files are kept: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR and UPLOAD_DIR. */
  storage: StorageConfig;
  /** Mention, review, profile and ad sources beyond Meta's Ad Library: src/server/outside-services-config.ts */
  services: OutsideServicesConfig;
};

export type OriginsConfig = {
  /** PUBLIC_URL's origin and those of ALLOWED_ORIGINS, as browsers send them in Origin. */
  allowed: string[];
  /**
   * Development without PUBLIC_URL: the app may be opened at any address (127.0.0.1, a LAN
   * address, a forwarded port), so a page whose origin is the request's own host is the app's.
   */
  sameHostIsOwn: boolean;
};

export type StorageConfig = {
  s3: { bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean } | undefined;
};

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  prices: { smb: string; agency: string };
  /** Tests point the SDK at a loopback double; unset means api.stripe.com */
  apiBase: string | undefined;
};

export type BillingConfig = { mode: 'stripe'; stripe: StripeConfig } | { mode: 'demo' } | { mode: 'unconfigured' };

export type MailConfig = {
  /** smtp(s)://user:password@host:port; undefined keeps every message in the local outbox */
  smtpUrl: string | undefined;
  /** The From header, as configured: `Brandlens <no-reply@example.com>` */
  from: string;
  /** The address alone; its domain also names the Message-IDs */
  fromAddress: string;
  /** DATA_DIR/outbox: one .eml file per message (a copy of what SMTP was given, or the message itself) */
  outboxDir: string;
};

export class ConfigError extends Error {}

const DEVELOPMENT_SESSION_SECRET = 'brandlens-development-session-secret-not-for-production';

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnvironment.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV is production');
  }
  if (isProduction && env.CRAWLER_ALLOW_LOOPBACK) {
    throw new ConfigError(
      'Invalid configuration:\n  CRAWLER_ALLOW_LOOPBACK: must not be set when NODE_ENV is production',
    );
  }
  const serviceProblems = outsideServicesProblems(env, env.CRAWLER_ALLOW_LOOPBACK);
  if (serviceProblems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${serviceProblems.join('\n  ')}`);
  }
  const sender = parseMailFrom(env.MAIL_FROM);
  if (!sender) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_FROM: must be an address or "Name <address>", e.g. Brandlens <no-reply@example.com>',
    );
  }
  let ai: AiConfig;
  try {
    ai = aiConfigFromEnv(source);
  } catch (error) {
    if (error instanceof AiConfigError)
      throw new ConfigError(`Invalid configuration:\n  ${error.problems.join('\n  ')}`);
    throw error;
  }
  const billing = billingConfigFrom(env, isProduction);
  if (isProduction && env.DEV_PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_PUBLIC_URL: must not be set when NODE_ENV is production; set PUBLIC_URL',
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? env.DEV_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const oidcProvider = (issuerUrl: string, clientId?: string, clientSecret?: string) =>
    clientId ? { issuerUrl, clientId, clientSecret } : undefined;
  const adminEmails = env.ADMIN_EMAILS.length > 0 || isProduction ? env.ADMIN_EMAILS : ['admin@brandlens.local'];
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    origins: {
      allowed: [...new Set([new URL(publicUrl).origin, ...allowedOriginsFrom(env.ALLOWED_ORIGINS)])],
      sameHostIsOwn: !isProduction && env.PUBLIC_URL === undefined,
    },
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(env.DATA_DIR, 'uploads')),
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    runWorker: env.RUN_WORKER === 'true',
    oidc: {
      replit: oidcProvider(env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET),
      google: oidcProvider(env.GOOGLE_ISSUER_URL, env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
    },
    admin: { userIds: env.ADMIN_USER_IDS, emails: adminEmails.map((email) => email.toLowerCase()) },
    crawlerAllowLoopback: env.CRAWLER_ALLOW_LOOPBACK,
    auditRender: { mode: env.AUDIT_RENDER, chromiumPath: env.CHROMIUM_PATH, timeoutMs: env.AUDIT_RENDER_TIMEOUT_MS },
    ai,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM.trim(),
      fromAddress: sender.address,
      outboxDir: path.resolve(env.DATA_DIR, 'outbox'),
    },
    metaAdLibrary: { token: env.META_AD_LIBRARY_TOKEN, graphUrl: env.META_GRAPH_URL.replace(/\/+$/, '') },
    billing,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    storage: storageConfigFrom(env),
    services: outsideServicesConfigFrom(env),
  };
}

/** ALLOWED_ORIGINS' entries, each a bare origin (scheme, host, port): anything else is refused at start. */
function allowedOriginsFrom(entries: string[]): string[] {
  const problems: string[] = [];
  const origins = entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const bare =
      url &&
      /^https?:$/.test(url.protocol) &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password &&
      !/[?#]/.test(entry);
    if (!url || !bare) {
      problems.push(
        `ALLOWED_ORIGINS: "${entry}" is not an origin; write scheme://host[:port], e.g. https://app.example.com`,
      );
    }
    return url?.origin ?? entry;
  });
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return origins;
}

/** The SDK's own variables (AWS_ACCESS_KEY_ID, AWS_PROFILE, ...) supply credentials; region falls back to AWS_REGION. */
function storageConfigFrom(env: z.infer<typeof ZEnvironment>): StorageConfig {
  if (!env.S3_BUCKET) {
    const stray = (['S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const).filter((name) => env[name]);
    if (stray.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${stray.map((name) => `${name}: set only together with S3_BUCKET`).join('\n  ')}`,
      );
    }
    return { s3: undefined };
  }
  return {
    s3: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    },
  };
}

const stripeVariables = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_SMB',
  'STRIPE_PRICE_AGENCY',
] as const;

/** Stripe needs all five of its variables: a half-configured Stripe is refused at start, not at checkout. */
function billingConfigFrom(env: z.infer<typeof ZEnvironment>, isProduction: boolean): BillingConfig {
  const missing = stripeVariables.filter((name) => !env[name]);
  if (missing.length === stripeVariables.length) {
    if (env.STRIPE_API_BASE) {
      throw new ConfigError('Invalid configuration:\n  STRIPE_API_BASE: set only together with the Stripe keys');
    }
    return isProduction ? { mode: 'unconfigured' } : { mode: 'demo' };
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.map((name) => `${name}: required when any Stripe variable is set`).join('\n  ')}`,
    );
  }
  if (isProduction && env.STRIPE_API_BASE) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_API_BASE: must not be set when NODE_ENV is production');
  }
  return {
    mode: 'stripe',
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY as string,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY as string,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
      prices: { smb: env.STRIPE_PRICE_SMB as string, agency: env.STRIPE_PRICE_AGENCY as string },
      apiBase: env.STRIPE_API_BASE,
    },
  };
}
