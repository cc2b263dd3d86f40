import { escapeHtml } from '../../../shared/html.ts';
import type { JsonSchema } from './json-schema-of.ts';
import type { OpenApiDocument } from './openapi-document.ts';

/**
 * GET /api/docs: the OpenAPI document as a page a person reads, grouped by area. Everything shown
 * comes from the document, escaped; the page loads nothing (the CSP allows no outside script).
 */

type Operation = OpenApiDocument['paths'][string][string];
type Entry = { method: string; path: string; operation: Operation };

const styles = `
body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;line-height:1.5}
main{max-width:60rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{font-size:1.75rem;margin:0 0 .5rem}h2{font-size:1.25rem;margin:2.5rem 0 .75rem;padding-bottom:.25rem;border-bottom:1px solid #e2e8f0}
p{margin:.25rem 0 .75rem;color:#334155}code{font-family:ui-monospace,monospace;font-size:.875em;background:#e2e8f0;border-radius:.25rem;padding:0 .25rem}
nav ul{display:flex;flex-wrap:wrap;gap:.5rem 1rem;padding:0;list-style:none}a{color:#1d4ed8}
section.route{background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:.75rem 1rem;margin:.75rem 0}
.head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.5rem}.path{font-family:ui-monospace,monospace;font-weight:600;word-break:break-all}
.method{font-family:ui-monospace,monospace;font-size:.75rem;font-weight:700;padding:.1rem .4rem;border-radius:.25rem;background:#0f172a;color:#fff}
.access{font-size:.8rem;color:#475569}table{border-collapse:collapse;width:100%;font-size:.875rem;margin:.5rem 0}
th,td{text-align:left;padding:.25rem .5rem;border-top:1px solid #f1f5f9;vertical-align:top}
td:first-child,td:nth-child(2){white-space:nowrap}td:nth-child(3){min-width:10rem}
.fields{overflow-x:auto}th{color:#475569;font-weight:600}
`;

function typeText(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'object';
  if (schema.enum) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeText).join(' or ');
  if (schema.type === 'array') return `array of ${typeText(schema.items ?? {})}`;
  const base = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  const facets = [
    schema.format,
    schema.minLength !== undefined && schema.minLength > 1 ? `at least ${schema.minLength} characters` : undefined,
    schema.maxLength !== undefined ? `at most ${schema.maxLength} characters` : undefined,
    schema.minimum !== undefined ? `from ${schema.minimum}` : undefined,
    schema.maximum !== undefined ? `up to ${schema.maximum}` : undefined,
  ].filter(Boolean);
  return facets.length > 0 ? `${base} (${facets.join(', ')})` : base;
}

type Row = { name: string; where: string; type: string; required: boolean; description?: string };

/** An object's fields, and one level of the fields of its object fields (dotted names). */
function fieldRows(schema: JsonSchema, where: string, prefix = '', depth = 0): Row[] {
  const rows: Row[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const fullName = `${prefix}${name}`;
    rows.push({
      name: fullName,
      where,
      type: typeText(field),
      required: schema.required?.includes(name) ?? false,
      description: field.description,
    });
    if (depth === 0 && field.properties) rows.push(...fieldRows(field, where, `${fullName}.`, depth + 1));
  }
  return rows;
}

function rowsOf(operation: Operation): Row[] {
  const parameters = (operation.parameters ?? []).map(
    (parameter): Row => ({
      name: parameter.name,
      where: parameter.in,
      type: typeText(parameter.schema),
      required: parameter.required,
      description: parameter.description,
    }),
  );
  const bodies = Object.entries(operation.requestBody?.content ?? {}).flatMap(([mediaType, { schema }]) => {
    const where = mediaType === 'application/json' ? 'body' : `body (${mediaType})`;
    return schema.properties
      ? fieldRows(schema, where)
      : [{ name: '(body)', where, type: typeText(schema), required: true }];
  });
  return [...parameters, ...bodies];
}

const accessText: Record<Operation['x-api-tokens'], string> = {
  accepted: 'Signed in: API token or browser session',
  refused: 'Browser session only: API tokens are refused',
  'not needed': 'Public',
};

type Reply = { description?: string; headers?: Record<string, { description?: string }> };

/** What a page or a file reply is and the headers it carries; nothing for a plain JSON reply. */
function replyHtml(operation: Operation): string {
  const reply = operation.responses['200'] as Reply | undefined;
  if (!reply?.headers) return '';
  const headers = Object.entries(reply.headers).map(
    ([name, header]) =>
      `<li><code>${escapeHtml(name)}</code>${header.description ? `: ${escapeHtml(header.description.replaceAll('`', ''))}` : ''}</li>`,
  );
  return `<p class="access">${escapeHtml(reply.description ?? '')}</p><ul class="access">${headers.join('')}</ul>`;
}

function routeHtml({ method, path, operation }: Entry): string {
  const rows = rowsOf(operation);
  const access =
    operation['x-api-tokens'] === 'refused' && operation.security.length === 0
      ? 'Public, but API tokens are refused'
      : accessText[operation['x-api-tokens']];
  const table =
    rows.length === 0
      ? ''
      : `<div class="fields"><table><thead><tr><th>Field</th><th>In</th><th>Type</th><th>Required</th></tr></thead><tbody>${rows
          .map(
            (row) =>
              `<tr><td><code>${escapeHtml(row.name)}</code>${row.description ? `<br>${escapeHtml(row.description)}` : ''}</td><td>${escapeHtml(row.where)}</td><td>${escapeHtml(row.type)}</td><td>${row.required ? 'yes' : 'no'}</td></tr>`,
          )
          .join('')}</tbody></table></div>`;
  return `<section class="route" id="${escapeHtml(operation.operationId)}"><div class="head"><span class="method">${escapeHtml(method.toUpperCase())}</span><span class="path">${escapeHtml(path)}</span></div><p>${escapeHtml(operation.summary)}</p><div class="access">${escapeHtml(access)}</div>${replyHtml(operation)}${table}</section>`;
}

function areaId(area: string): string {
  return `area-${area.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

export function apiDocsPageHtml(document: OpenApiDocument): string {
  const entries: Entry[] = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method, path, operation })),
  );
  const areas = document.tags.map((tag) => tag.name);
  const sections = areas
    .map((area) => {
      const inArea = entries.filter((entry) => entry.operation.tags.includes(area));
      return `<h2 id="${areaId(area)}">${escapeHtml(area)}</h2>${inArea.map(routeHtml).join('')}`;
    })
    .join('');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>API reference · Brandlens</title>
<style>${styles}</style>
</head>
<body>
<main>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description.replaceAll('`', ''))}</p>
<p>Create a token in <a href="/settings">Settings</a> (Agency plan), then send it with every request:
<code>Authorization: Bearer blk_…</code>. The machine-readable document is
<a href="/api/openapi.json"><code>/api/openapi.json</code></a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<nav aria-label="Areas"><ul>${areas.map((area) => `<li><a href="#${areaId(area)}">${escapeHtml(area)}</a></li>`).join('')}</ul></nav>
${sections}
</main>
</body>
</html>
`;
}
