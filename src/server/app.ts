import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '../shared/schemas/brands.ts';
import { createAiWriter } from './ai/provider.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { databaseOutage } from './db/outage.ts';
import { collectApiRoutes } from './features/api-docs/collect-api-routes.ts';
import { registerApiDocsRoutes } from './features/api-docs/routes.ts';
import { createBillingProvider } from './features/billing/create-billing-provider.ts';
import type { FeatureContext } from './features/context.ts';
import { registerFeatureRoutes } from './features/index.ts';
import { createUploadStorage } from './features/uploads/storage.ts';
import { registerApiTokenGuards } from './http/api-token-auth.ts';
import { createAuthenticator } from './http/authenticate.ts';
import { loadClientPages, registerCrawlerFiles, sendClientPage } from './http/client-pages.ts';
import { registerCrossSiteProtection } from './http/cross-site.ts';
import { registerErrorHandling } from './http/errors.ts';
import {
  databaseCheck,
  localDirectoriesCheck,
  migrationsCheck,
  type ReadinessCheck,
  registerHealthRoutes,
} from './http/health-routes.ts';
import { createOidcSignIn } from './http/oidc.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { bufferedLogDestination, OneLinePerRequest } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createSessionStore } from './http/session.ts';
import { offeredSignInMethods, registerSignInRoutes, type SignInProviders } from './http/sign-in-routes.ts';
import type { JobQueue } from './jobs/queue.ts';
import { projectRoot } from './project-root.ts';
import { fileStoreOf } from './storage/create-file-store.ts';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Overrides the sign-in providers built from config (tests point them at a loopback double). */
  signInProviders?: SignInProviders;
  /** Directory of the built client; null serves the API only. */
  clientDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** The started job queue; without one, routes that start background work answer 503. */
  queue?: JobQueue | null;
  /**
   * What /readyz checks besides the database and its migrations (object storage, say); by default
   * the local directories files are kept in.
   */
  readinessChecks?: ReadinessCheck[];
};

/** Files live in the bucket when one is configured (DATA_DIR is then only a cache), else on local disk. */
function storageCheckOf(config: Config): ReadinessCheck {
  if (!config.storage.s3) return localDirectoriesCheck([config.dataDir, config.uploadDir]);
  const store = fileStoreOf(config);
  return { name: 'storage', run: () => store.check() };
}

export const defaultClientDir = path.join(projectRoot, 'dist/client');
const appVersion: string = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).version;

/** Share tokens and sign-in codes are secrets: request logs show where, never which. */
export function redactUrl(url: string): string {
  const masked = url.replace(/^(\/api\/(?:reports|marketing-recommendations\/share)\/)[^/?]+/, '$1[token]');
  return /^\/api\/(?:callback|auth\/google\/callback)\?/.test(masked) ? masked.replace(/\?.*$/, '?[redacted]') : masked;
}

export function signInProvidersFrom(config: Config): SignInProviders {
  const { replit, google } = config.oidc;
  return {
    replit: replit ? createOidcSignIn(replit, `${config.publicUrl}/api/callback`) : undefined,
    google: google ? createOidcSignIn(google, `${config.publicUrl}/api/auth/google/callback`) : undefined,
  };
}

export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      stream: bufferedLogDestination(),
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, databaseOutage(database, app.log));
  registerCrossSiteProtection(app, config.origins);

  // Stripe's Payment Element runs Stripe.js in frames of Stripe's own, only when Stripe takes payments.
  const stripeSources =
    config.billing.mode === 'stripe'
      ? {
          script: ['https://js.stripe.com'],
          connect: ['https://api.stripe.com'],
          frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        }
      : { script: [], connect: [], frame: [] };
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeSources.script],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...stripeSources.connect],
        frameSrc: ["'self'", ...stripeSources.frame],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https:'),
    // No referrer leaves for other sites (share links carry tokens), while the app's own form
    // posts carry a real Origin for the cross-site check.
    referrerPolicy: { policy: 'same-origin' },
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // Counted in the database, so every process on it shares each limit.
  const rateLimitStore = databaseRateLimitStore(database.executeSql, {
    onPurgeError: (error) => app.log.warn({ err: error }, 'could not purge expired rate-limit counters'),
  });
  await app.register(fastifyRateLimit, { global: false, store: rateLimitStore });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10 } });

  registerHealthRoutes(app, {
    checks: [
      databaseCheck(database.executeSql),
      migrationsCheck(database.executeSql),
      ...(options.readinessChecks ?? [storageCheckOf(config)]),
    ],
  });

  const sessions = createSessionStore(database.db, { secureCookies: config.publicUrl.startsWith('https:') });
  const auth = createAuthenticator({ db: database.db, config, sessions });
  app.decorateRequest('actor', null);
  registerApiTokenGuards(app, { db: database.db, config });
  // Before any /api route is registered: the OpenAPI document lists what this sees.
  const apiRoutes = collectApiRoutes(app, { requireActor: auth.requireActor });
  app.decorate('apiRoutes', apiRoutes);

  const signInProviders = options.signInProviders ?? signInProvidersFrom(config);
  registerSignInRoutes(app, { db: database.db, config, sessions, auth, providers: signInProviders });

  const ctx: FeatureContext = {
    db: database.db,
    config,
    auth,
    uploads: createUploadStorage(fileStoreOf(config)),
    queue: options.queue ?? null,
    ai: createAiWriter(config.ai, { logger: app.log }),
    logger: app.log,
    billing: await createBillingProvider(config, database.db),
  };
  registerFeatureRoutes(app, ctx);
  registerApiDocsRoutes(app, { routes: apiRoutes, publicUrl: config.publicUrl, version: appVersion });

  registerCrawlerFiles(app, config.publicUrl);
  const clientDir = options.clientDir === undefined ? defaultClientDir : options.clientDir;
  const pageFor = clientDir
    ? loadClientPages(clientDir, config.publicUrl, offeredSignInMethods(signInProviders, config))
    : null;
  if (clientDir && pageFor) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build's HTML files carry placeholders: pages are answered by pageFor below, never raw.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      setHeaders: (res, filePath) => {
        // Vite names assets by content hash, so they never change under the same name.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  if (clientDir) {
    // Browsers ask for /favicon.ico on pages that name no icon (a JSON document, a PDF): the app's
    // icon is an SVG, so they are sent to it rather than given a 404.
    app.get('/favicon.ico', async (_request, reply) => reply.redirect('/favicon.svg', 301));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || !isPageRequest || !pageFor) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
    }
    // Public pages come prerendered; app screens and shared links get the app shell; any other path
    // is a real 404 with the not-found page.
    const findVisitor = async () => (await auth.findActor(request, reply))?.user ?? null;
    return sendClientPage(reply, await pageFor(pathname, findVisitor), request.headers['accept-encoding']);
  });

  return app;
}
