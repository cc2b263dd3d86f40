import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * Changes come only from Brandlens's own pages. A browser names the page a request came from in
 * Origin and Sec-Fetch-Site: a foreign Origin (or "null" from anywhere but the same origin) or
 * Sec-Fetch-Site "cross-site" is refused with 403.
 * Requests carrying neither header are not from a browser page that could ride on someone's
 * cookie (scripts, the API clients of tokens), so they pass. Bodies must be of the route's type:
 * a JSON route refuses a form or text body with 415, so no form on another site can post to it.
 */
export function registerCrossSiteProtection(app: FastifyInstance, publicUrl: string) {
  const ownOrigin = new URL(publicUrl).origin;
  // The only form post is Sign Out, whose form has no fields: its body is never read.
  app.addContentTypeParser(mediaTypes.form, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw crossSite();
    const origin = request.headers.origin;
    // A page whose referrer policy withholds its origin sends "null"; the browser's own
    // Sec-Fetch-Site still says where the request came from.
    const withheldOwnOrigin = origin === 'null' && site === 'same-origin';
    if (origin !== undefined && origin !== ownOrigin && !withheldOwnOrigin) throw crossSite();
    const mediaType = mediaTypeOf(request);
    if (mediaType === undefined) return;
    const expected = request.routeOptions.config?.bodyType ?? 'json';
    if (mediaType !== mediaTypes[expected]) {
      throw new AppError('unsupported_media_type', `Send the request body as ${bodyNames[expected]}`);
    }
  });
}
