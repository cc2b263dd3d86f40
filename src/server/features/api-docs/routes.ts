import type { FastifyInstance } from 'fastify';
import { apiDocsPageHtml } from './api-docs-page.ts';
import type { ApiRoute } from './collect-api-routes.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document.ts';

/**
 * GET /api/openapi.json and GET /api/docs: the reference of every collected /api route, public
 * like the source it describes. Both are built once, on first request, when every route is known.
 */
export function registerApiDocsRoutes(
  app: FastifyInstance,
  deps: { routes: ApiRoute[]; publicUrl: string; version: string },
) {
  let document: OpenApiDocument | null = null;
  let page: string | null = null;
  const documentOf = () => {
    document ??= buildOpenApiDocument(deps.routes, { publicUrl: deps.publicUrl, version: deps.version });
    return document;
  };

  app.get(
    '/api/openapi.json',
    { schema: { summary: 'This document: the OpenAPI 3.1 description of the API' } },
    async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(documentOf()),
  );

  app.get('/api/docs', { schema: { summary: 'The API reference as a readable page' } }, async (_request, reply) => {
    page ??= apiDocsPageHtml(documentOf());
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
}
