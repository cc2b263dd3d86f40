import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OriginsConfig } from '../config.ts';
import { AppError } from './errors.ts';

/** What a route takes as its body; JSON unless the route says otherwise in its config. */
export type BodyType = 'json' | 'multipart' | 'form';

declare module 'fastify' {
  interface FastifyContextConfig {
    bodyType?: BodyType;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const mediaTypes: Record<BodyType, string> = {
  json: 'application/json',
  multipart: 'multipart/form-data',
  form: 'application/x-www-form-urlencoded',
};
const bodyNames: Record<BodyType, string> = { json: 'JSON', multipart: 'multipart/form-data', form: 'a form' };

const crossSite = () => new AppError('forbidden', 'Cross-site requests are not accepted');

function mediaTypeOf(request: FastifyRequest): string | undefined {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/** What a browser says about where a request came from, and the address it was sent to. */
export type RequestSource = {
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** The request's host (with its port), X-Forwarded-Host's when the proxy is trusted. */
  host: string | undefined;
};

/** Whether `origin` names the same host and port as the request's `host` (default ports left out). */
function originIsHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const page = new URL(origin);
    return page.host === new URL(`${page.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * Whether a change request came from a page that is not the app's own. A foreign Origin (or "null"
 * from anywhere but the same origin) or Sec-Fetch-Site "cross-site" is. The app's own pages are
 * those at an allowed origin (PUBLIC_URL's, ALLOWED_ORIGINS); in development without PUBLIC_URL
 * also the address it was opened at, whatever that is: an Origin naming the request's own host,
 * or Sec-Fetch-Site "same-origin" (a proxy or port forward may have rewritten Host on the way).
 * Requests carrying neither header are not from a browser page that could ride on someone's
 * cookie (scripts, the API clients of tokens), so they pass.
 */
export function isCrossSite({ origin, secFetchSite, host }: RequestSource, origins: OriginsConfig): boolean {
  if (secFetchSite === 'cross-site') return true;
  if (origin === undefined || origins.allowed.includes(origin)) return false;
  // A page whose referrer policy withholds its origin sends "null"; the browser's own
  // Sec-Fetch-Site still says where the request came from.
  if (secFetchSite === 'same-origin' && (origin === 'null' || origins.sameHostIsOwn)) return false;
  return !(origins.sameHostIsOwn && originIsHost(origin, host));
}

/**
 * Changes come only from Brandlens's own pages (isCrossSite), refused with 403 otherwise. Bodies
 * must be of the route's type: a JSON route refuses a form or text body with 415, so no form on
 * another site can post to it.
 */
export function registerCrossSiteProtection(app: FastifyInstance, origins: OriginsConfig) {
  // The only form post is Sign Out, whose form has no fields: its body is never read.
  app.addContentTypeParser(mediaTypes.form, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    const source = {
      origin: request.headers.origin,
      secFetchSite: typeof site === 'string' ? site : undefined,
      host: request.host,
    };
    if (isCrossSite(source, origins)) throw crossSite();
    const mediaType = mediaTypeOf(request);
    if (mediaType === undefined) return;
    const expected = request.routeOptions.config?.bodyType ?? 'json';
    if (mediaType !== mediaTypes[expected]) {
      throw new AppError('unsupported_media_type', `Send the request body as ${bodyNames[expected]}`);
    }
  });
}
