import { appErrorStatus } from '../../../shared/errors.ts';
import { API_TOKEN_PREFIX, API_TOKEN_REQUESTS_PER_MINUTE } from '../../../shared/schemas/api-tokens.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../shared/schemas/paging.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { areaOf } from './api-areas.ts';
import { type ApiRoute, openApiPath } from './collect-api-routes.ts';
import { type JsonSchema, jsonSchemaOf } from './json-schema-of.ts';
import { summaryOf } from './route-summaries.ts';

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema; description?: string };
type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security: Record<string, string[]>[];
  'x-api-tokens': 'accepted' | 'refused' | 'not needed';
};
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
};

function pathParameterNames(url: string): string[] {
  return [...openApiPath(url).matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}

function operationIdOf(method: string, url: string): string {
  const words = openApiPath(url)
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

function parametersOf(route: ApiRoute): Parameter[] {
  const path = jsonSchemaOf(route.schema.params, 'input');
  const inPath = pathParameterNames(route.url).map(
    (name): Parameter => ({ name, in: 'path', required: true, schema: path.properties?.[name] ?? { type: 'string' } }),
  );
  const query = route.schema.querystring ? jsonSchemaOf(route.schema.querystring, 'input') : null;
  const inQuery = Object.entries(query?.properties ?? {}).map(
    ([name, schema]): Parameter => ({
      name,
      in: 'query',
      required: query?.required?.includes(name) ?? false,
      schema,
      ...(schema.description ? { description: schema.description } : {}),
    }),
  );
  return [...inPath, ...inQuery];
}

const multipartFile: JsonSchema = {
  type: 'object',
  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
  required: ['file'],
};

function requestBodyOf(route: ApiRoute): Operation['requestBody'] {
  if (route.bodyType === 'multipart') {
    return { required: true, content: { 'multipart/form-data': { schema: multipartFile } } };
  }
  if (!route.schema.body) return undefined;
  const mediaType = route.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return { required: true, content: { [mediaType]: { schema: jsonSchemaOf(route.schema.body, 'input') } } };
}

const errorReply = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A list read a page at a time: its query takes the paging's `cursor` (ZPageQuery). */
function isPaged(route: ApiRoute): boolean {
  if (!route.schema.querystring) return false;
  return 'cursor' in (jsonSchemaOf(route.schema.querystring, 'input').properties ?? {});
}

/** The headers of a page (shared/schemas/paging.ts), as GitHub's API sends them. */
const pageHeaders = {
  Link: {
    description:
      'The next page\'s address as `<...>; rel="next"`, with the same filters and the next `cursor`; absent on the last page',
    schema: { type: 'string' },
  },
  'X-Total-Count': {
    description: 'How many items match the filters, over all pages',
    schema: { type: 'integer', minimum: 0 },
  },
};

function successOf(route: ApiRoute): Record<string, unknown> | null {
  if (route.schema.produces) {
    const content = Object.fromEntries(route.schema.produces.map((type) => [type, { schema: { type: 'string' } }]));
    return { description: 'A file download (Content-Disposition: attachment)', content };
  }
  if (isPaged(route)) {
    return {
      description: `One page of the list, a JSON array; ask for the next with the \`cursor\` the Link header carries`,
      headers: pageHeaders,
    };
  }
  return null;
}

function responsesOf(route: ApiRoute): Record<string, unknown> {
  const declared = (route.schema.response ?? {}) as Record<string, unknown>;
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(declared)) {
    responses[status] = {
      description: 'Success',
      content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
    };
  }
  const success = successOf(route);
  if (success) responses['200'] = { ...success, ...(responses['200'] as object | undefined) };
  if (Object.keys(responses).length === 0) responses['2XX'] = { description: 'Success' };
  if (route.schema.body || route.schema.querystring) responses['400'] = errorReply('The request is not valid');
  if (route.signedIn) responses['401'] = errorReply('Not signed in, or the API token is not valid');
  if (route.sessionOnly) responses['403'] = errorReply('API tokens are refused here');
  if (pathParameterNames(route.url).length > 0) responses['404'] = errorReply('Not found, or not yours');
  responses.default = errorReply('Any other error');
  return responses;
}

function securityOf(route: ApiRoute): Operation['security'] {
  if (!route.signedIn) return [];
  return route.sessionOnly ? [{ session: [] }] : [{ apiToken: [] }, { session: [] }];
}

function operationOf(route: ApiRoute): Operation {
  const parameters = parametersOf(route);
  const requestBody = requestBodyOf(route);
  return {
    operationId: operationIdOf(route.method, route.url),
    summary: summaryOf(route),
    tags: [areaOf(route.url)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route),
    security: securityOf(route),
    'x-api-tokens': route.sessionOnly ? 'refused' : route.signedIn ? 'accepted' : 'not needed',
  };
}

const description = [
  'Every route the Brandlens app calls. Agency accounts create personal API tokens in Settings and',
  `send them as \`Authorization: Bearer ${API_TOKEN_PREFIX}…\`: a token acts exactly as its owner signed in,`,
  `up to ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute. Tokens are refused (403) on sign-in, billing,`,
  'token management, account, profile, team and admin routes (`x-api-tokens: refused`).',
  `Errors reply \`{ message, code }\`. Lists that grow come a page at a time: \`limit\` (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE})`,
  'and an opaque `cursor` choose the page, the body stays a JSON array, the `Link` header names the next page',
  '(rel="next") while more remain and `X-Total-Count` counts every item matching the same filters.',
].join(' ');

/** The OpenAPI 3.1 document of the collected routes. */
export function buildOpenApiDocument(
  routes: ApiRoute[],
  options: { publicUrl: string; version: string },
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  const areas = [...new Set(sorted.map((route) => areaOf(route.url)))].sort();
  return {
    openapi: '3.1.0',
    info: { title: 'Brandlens API', version: options.version, description },
    servers: [{ url: options.publicUrl }],
    tags: areas.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description: `A personal API token (${API_TOKEN_PREFIX}…) from Settings`,
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The browser session of a signed-in user',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: { message: { type: 'string' }, code: { type: 'string', enum: Object.keys(appErrorStatus) } },
          required: ['message'],
        },
      },
    },
  };
}
