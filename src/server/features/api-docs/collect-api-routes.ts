import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { isSessionOnlyRoute } from '../../http/api-token-auth.ts';
import type { BodyType } from '../../http/cross-site.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** One line for the API reference (/api/openapi.json, /api/docs). */
    summary?: string;
    /**
     * For the API reference only: the schema of one item of a paged list (a route whose query has
     * `limit` and `cursor`). The reply is not checked against it.
     */
    pageItem?: unknown;
  }
  interface FastifyInstance {
    /** Every /api route as registered, with its schemas: the API reference is built from them. */
    readonly apiRoutes: readonly ApiRoute[];
  }
}

export type ApiRoute = {
  method: string;
  /** Fastify's pattern, e.g. /api/brands/:id */
  url: string;
  schema: FastifySchema;
  bodyType: BodyType;
  /** whether the route answers 401 to a caller who is not signed in */
  signedIn: boolean;
  /** whether an API token is refused (403): only a browser session may call it */
  sessionOnly: boolean;
};

/** /api/brands/:id becomes /api/brands/{id}; a trailing wildcard becomes {path}. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

/**
 * Routes that check who is signed in themselves rather than through requireActor: they answer
 * 401 when nobody is.
 */
const signedInWithoutPreHandler = new Set(['GET /api/auth/user']);

function hasPreHandler(route: RouteOptions, requireActor: unknown): boolean {
  const handlers = route.preHandler;
  return Array.isArray(handlers) ? handlers.includes(requireActor as never) : handlers === requireActor;
}

/**
 * Records every /api route as it is registered, for the OpenAPI document. Must be called before
 * any /api route is registered: a route registered earlier is not seen (the API docs test checks
 * the document against the source).
 */
export function collectApiRoutes(app: FastifyInstance, deps: { requireActor: unknown }): ApiRoute[] {
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify answers HEAD for every GET by itself; it is not a route of its own.
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        schema: route.schema ?? {},
        bodyType: route.config?.bodyType ?? 'json',
        signedIn: hasPreHandler(route, deps.requireActor) || signedInWithoutPreHandler.has(`${method} ${route.url}`),
        sessionOnly: isSessionOnlyRoute(route.url, route.config),
      });
    }
  });
  return routes;
}
