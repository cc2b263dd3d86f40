import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { projectRoot } from '../../src/server/project-root.ts';
import { type StripeDouble, startStripeDouble } from '../doubles/stripe.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

type BodySchema = { required?: string[]; properties: Record<string, Record<string, unknown>> };
type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: BodySchema }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
  security: Record<string, string[]>[];
  'x-api-tokens': 'accepted' | 'refused' | 'not needed';
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

let target: TestApp;
let document: Document;

beforeAll(async () => {
  target = await createTestApp();
  const response = await target.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(async () => {
  await target.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([apiPath, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ method: method.toUpperCase(), path: apiPath, operation })),
  );

/** Every `app.get('/api/...')` (and post, put, patch, delete) in the server's source, as `METHOD /api/{param}`. */
function routesInSource(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = fs.readFileSync(full, 'utf8');
        for (const match of source.matchAll(/\.(get|post|put|patch|delete)\(\s*'(\/api\/[^']*)'/g)) {
          found.push(`${match[1]!.toUpperCase()} ${match[2]!.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
        }
      }
    }
  };
  walk(path.join(projectRoot, 'src/server'));
  return [...new Set(found)].sort();
}

const documented = (doc: Document) =>
  new Set(
    Object.entries(doc.paths).flatMap(([apiPath, byMethod]) =>
      Object.keys(byMethod).map((method) => `${method.toUpperCase()} ${apiPath}`),
    ),
  );

describe('the OpenAPI document', () => {
  it('lists every /api route registered in the source, each with a written summary', async () => {
    const source = routesInSource();
    expect(source.length).toBeGreaterThan(80);
    // Each app's own document lists every route: a route registered only in some configurations
    // (Stripe's webhook once was) would be missing from the document of the others.
    expect(
      source.filter((route) => !documented(document).has(route)),
      'routes missing from /api/openapi.json (demo billing)',
    ).toEqual([]);
    expect(documented(document).has('POST /api/stripe/webhook')).toBe(true);
    expect(documented(document).has('POST /api/demo-billing/confirm')).toBe(true);

    const stripe: StripeDouble = await startStripeDouble();
    const stripeApp = await createTestApp({ database: target.database, env: stripe.env() });
    try {
      const stripeDocument: Document = (await stripeApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const inStripeDocument = documented(stripeDocument);
      // Demo billing's confirm route exists only without Stripe (and never in production).
      const expected = source.filter((route) => route !== 'POST /api/demo-billing/confirm');
      expect(
        expected.filter((route) => !inStripeDocument.has(route)),
        'routes missing from /api/openapi.json (Stripe)',
      ).toEqual([]);
    } finally {
      await stripeApp.close();
      await stripe.close();
    }

    const unsummarised = operations()
      .filter(({ method, path: apiPath, operation }) => operation.summary === `${method} ${apiPath}`)
      .map(({ method, path: apiPath }) => `${method} ${apiPath}`);
    expect(
      unsummarised,
      'give these routes a schema.summary or a line in src/server/features/api-docs/route-summaries.ts',
    ).toEqual([]);
  });

  it('is OpenAPI 3.1 with the bearer token and session schemes, and says where tokens work', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });

    const brands = document.paths['/api/brands']!.get!;
    expect(brands.security).toEqual([{ apiToken: [] }, { session: [] }]);
    expect(brands['x-api-tokens']).toBe('accepted');
    expect(brands.tags).toEqual(['Brands']);

    for (const [apiPath, method] of [
      ['/api/api-tokens', 'post'],
      ['/api/cancel-subscription', 'post'],
      ['/api/subscription-details', 'get'],
      ['/api/admin/outbox', 'get'],
    ] as const) {
      const operation = document.paths[apiPath]![method]!;
      expect(operation['x-api-tokens'], apiPath).toBe('refused');
      expect(operation.security, apiPath).toEqual([{ session: [] }]);
    }
    expect(document.paths['/api/reports/{token}']!.get!.security).toEqual([]);
    expect(document.paths['/api/dev-switch']!.get!['x-api-tokens']).toBe('refused');
  });

  it('describes parameters and bodies from the routes’ zod schemas', () => {
    const brand = document.paths['/api/brands/{id}']!.get!;
    expect(brand.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', format: 'uuid' }) },
    ]);

    const competitors = document.paths['/api/competitors']!.get!;
    expect(competitors.parameters?.map(({ name, in: where }) => `${where}:${name}`)).toContain('query:brandId');

    const createToken = document.paths['/api/api-tokens']!.post!.requestBody!.content['application/json']!.schema;
    expect(createToken.required).toEqual(['name']);
    expect(createToken.properties.name).toMatchObject({ type: 'string', maxLength: 100 });
    expect(JSON.stringify(createToken.properties.expiresInDays)).toContain('365');

    const upload = document.paths['/api/upload']!.post!.requestBody!.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);

    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the mention feed', () => {
  it('documents its page query, the paging headers, the summary, the correction and the CSV download', () => {
    const feed = document.paths['/api/consumer-insights']!.get!;
    const query = feed.parameters?.filter((parameter) => parameter.in === 'query').map(({ name }) => name);
    expect(query).toEqual(
      expect.arrayContaining(['brandId', 'q', 'sentiment', 'from', 'to', 'sort', 'limit', 'cursor']),
    );
    const limit = feed.parameters!.find((parameter) => parameter.name === 'limit')!;
    expect(limit.schema).toMatchObject({ default: 50, maximum: 200 });
    expect(Object.keys(feed.responses['200']?.headers ?? {})).toEqual(['Link', 'X-Total-Count']);
    expect(feed.summary).toContain('page');

    const summary = document.paths['/api/consumer-insights/summary']!.get!;
    expect(summary.parameters?.map(({ name }) => name)).not.toContain('cursor');
    expect(summary.responses['200']).toBeUndefined();
    const download = document.paths['/api/consumer-insights/export.csv']!.get!;
    expect(Object.keys(download.responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(download.parameters?.map(({ name }) => name)).not.toContain('limit');
    const correction = document.paths['/api/consumer-insights/{id}/sentiment']!.patch!;
    expect(Object.keys(correction.requestBody!.content['application/json']!.schema.properties)).toEqual(['sentiment']);
  });
});

describe('the reference page', () => {
  it('lists every route by area, escaped, with no script', async () => {
    const response = await target.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const page = response.body;
    expect(page).not.toMatch(/<script/i);
    for (const { method, path: apiPath } of operations()) {
      expect(page, `${method} ${apiPath}`).toContain(
        `<span class="method">${method}</span><span class="path">${apiPath}</span>`,
      );
    }
    for (const area of ['Brands', 'Audits', 'Consumer insights', 'Competitor tracking', 'API tokens', 'Sign-in']) {
      expect(page).toContain(`<h2 id="area-${area.toLowerCase().replace(/[^a-z0-9]+/g, '-')}">${area}</h2>`);
    }
    // Summaries are text: an apostrophe is escaped like any markup would be.
    expect(page).toContain('An audit&#39;s progress, scores, checks and report');
    expect(page).toContain('Browser session only: API tokens are refused');
    expect(page).toContain('<a href="/api/openapi.json">');
  });
});

describe('API tokens across the route table', () => {
  const fillPath = (apiPath: string) =>
    apiPath.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      if (name === 'token') return 'x'.repeat(43);
      if (name === 'key') return 'file.png';
      if (name === 'memberEmail') return 'someone@example.com';
      return crypto.randomUUID();
    });
  const agencyOwner = async (email: string) => {
    const cookie = await target.signInAs(email);
    await target.database.db.update(users).set({ planType: 'agency', maxBrands: 999 }).where(eq(users.email, email));
    return cookie;
  };
  const inject = (method: string, url: string, token: string) =>
    target.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('refuses a token with 403 on every session-only route, and a revoked token with 401 everywhere else', async () => {
    const cookie = await agencyOwner('route-table@example.com');
    const created = await target.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: { cookie },
      payload: { name: 'Route table' },
    });
    const valid = created.json().token as string;
    const revoked = (
      await target.app.inject({
        method: 'POST',
        url: '/api/api-tokens',
        headers: { cookie },
        payload: { name: 'Gone' },
      })
    ).json();
    await target.app.inject({ method: 'DELETE', url: `/api/api-tokens/${revoked.id}`, headers: { cookie } });

    const refused = operations().filter(({ operation }) => operation['x-api-tokens'] === 'refused');
    expect(refused.length).toBeGreaterThanOrEqual(20);
    for (const { method, path: apiPath } of refused) {
      const response = await inject(method, fillPath(apiPath), valid);
      expect(response.statusCode, `${method} ${apiPath}`).toBe(403);
      expect(response.json().message).toBe(
        'API tokens cannot be used here: sign in to Brandlens in the browser to do this.',
      );
      expect(response.headers['set-cookie'], `${method} ${apiPath}`).toBeUndefined();
    }

    const others = operations().filter(({ operation }) => operation['x-api-tokens'] !== 'refused');
    for (const { method, path: apiPath } of others) {
      const response = await inject(method, fillPath(apiPath), revoked.token);
      expect(response.statusCode, `${method} ${apiPath}`).toBe(401);
      expect(response.json().message).toBe('Unauthorized: the API token has been revoked');
    }
  });

  it('lets a valid token through every signed-in read that needs no id, setting no cookie', async () => {
    const cookie = await agencyOwner('route-reads@example.com');
    const { token } = (
      await target.app.inject({
        method: 'POST',
        url: '/api/api-tokens',
        headers: { cookie },
        payload: { name: 'Reads' },
      })
    ).json();
    const reads = operations().filter(
      ({ method, path: apiPath, operation }) =>
        method === 'GET' && operation['x-api-tokens'] === 'accepted' && !apiPath.includes('{'),
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const { path: apiPath } of reads) {
      const response = await inject('GET', apiPath, token);
      // Some reads need a brand named in the query (400); none may refuse the token.
      expect([200, 400], `GET ${apiPath}: ${response.body}`).toContain(response.statusCode);
      expect(response.headers['set-cookie'], apiPath).toBeUndefined();
    }
  });
});
