/**
 * The built client's HTML answers: prerendered public pages, the app shell for app screens and shared
 * links (noindex), the not-found page with status 404 for every other path, and robots.txt and
 * sitemap.xml for the public pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { appScreenPaths, classifyPath, notFoundPage, publicPages, sharedLinkPaths } from '../../shared/routes.ts';

/** Written into the prerendered pages at build time (scripts/prerender.ts); replaced here. */
const PUBLIC_URL_PLACEHOLDER = '%BRANDLENS_PUBLIC_URL%';

export type ClientPage = { status: 200 | 404; html: string; indexable: boolean };

/** The HTML files of the build in clientDir, read once; null when there is no build there. */
export function loadClientPages(clientDir: string, publicUrl: string) {
  const read = (file: string): string | null => {
    const filePath = path.join(clientDir, file);
    if (!fs.existsSync(filePath)) return null;
    return fs.readFileSync(filePath, 'utf8').replaceAll(PUBLIC_URL_PLACEHOLDER, publicUrl);
  };
  const shell = read('index.html');
  if (!shell) return null;
  const pages = new Map(publicPages.map((page) => [page.path, read(page.file) ?? shell]));
  const notFound = read(notFoundPage.file) ?? shell;

  return function pageFor(pathname: string): ClientPage {
    const match = classifyPath(pathname);
    if (match.kind === 'public') return { status: 200, html: pages.get(match.page.path) ?? shell, indexable: true };
    if (match.kind === 'unknown') return { status: 404, html: notFound, indexable: false };
    return { status: 200, html: shell, indexable: false };
  };
}

/** robots.txt: public pages open to crawlers; the API and the signed-in screens closed. */
export function robotsTxt(publicUrl: string): string {
  const closed = [
    '/api/',
    ...appScreenPaths.filter((screen) => screen !== '/').map((screen) => screen.replace(/\/:[^/]+$/, '/')),
    ...sharedLinkPaths.map((link) => link.replace(/\/:[^/]+$/, '/')),
  ];
  return [
    'User-agent: *',
    'Allow: /',
    ...[...new Set(closed)].map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** sitemap.xml: each public page once, under its canonical address. */
export function sitemapXml(publicUrl: string): string {
  const canonical = [...new Set(publicPages.map((page) => page.canonicalPath))];
  const urls = canonical.map((pagePath) => `  <url><loc>${publicUrl}${pagePath}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function registerCrawlerFiles(app: FastifyInstance, publicUrl: string) {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').send(robots));
  app.get('/sitemap.xml', (_request, reply) => reply.type('application/xml; charset=utf-8').send(sitemap));
}

export function sendClientPage(reply: FastifyReply, page: ClientPage) {
  reply.status(page.status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
  if (!page.indexable) reply.header('X-Robots-Tag', 'noindex');
  return reply.send(page.html);
}
