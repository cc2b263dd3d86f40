/**
 * The built client's HTML answers: prerendered public pages (static documents, see
 * docs/decisions/0009), the app shell for app screens and shared links (noindex), the not-found page
 * with status 404 for every other path, and robots.txt and sitemap.xml for the public pages.
 *
 * Two public paths depend on who asks: / is the landing page signed out and the app (the dashboard)
 * signed in; /landing has a signed-in variant with the visitor's name.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../shared/html.ts';
import {
  appScreenPaths,
  classifyPath,
  notFoundPage,
  pagePlaceholders,
  publicPages,
  sharedLinkPaths,
  signedInLandingPage,
} from '../../shared/routes.ts';
import type { TAuthProviders } from '../../shared/schemas/auth.ts';
import { type SignInCondition, signInConditions, signInElementIds } from '../../shared/sign-in-page.ts';
import { type NamedUser, userGreetingName } from '../../shared/user-names.ts';

export type ClientPage = {
  status: 200 | 404;
  html: string;
  indexable: boolean;
  /** the answer depends on whether the visitor is signed in */
  perVisitor: boolean;
  /** the HTML carries the visitor's own name: never cached */
  personal?: true;
};

/** The signed-in visitor, looked up only for the paths whose answer depends on it. */
export type FindVisitor = () => Promise<NamedUser | null>;

/**
 * What the sign-in page shows for the methods this server offers: each condition names the elements
 * the page renders hidden (`data-shown-when`), enabled (`data-disabled-when`) or undescribed
 * (`data-described-when`) at build time (signin-page.tsx), turned on here once, so the page paints as
 * it stays.
 */
export function signInPageConditions(methods: TAuthProviders): Record<SignInCondition, boolean> {
  return {
    [signInConditions.googleMissing]: !methods.google,
    [signInConditions.replitMissing]: !methods.replit && !methods.devSignIn,
    [signInConditions.devNote]: methods.devSignIn,
    [signInConditions.devNoteReplit]: methods.devSignIn && methods.replit,
    [signInConditions.devNoteDemo]: methods.devSignIn && !methods.replit,
  };
}

/** The sign-in page's note under the e-mail field, which describes the field when it shows. */
const SIGN_IN_DEV_NOTE_ID = signInElementIds.devNote;

export function applySignInConditions(html: string, methods: TAuthProviders): string {
  let result = html;
  for (const [condition, holds] of Object.entries(signInPageConditions(methods))) {
    if (!holds) continue;
    result = result
      .replaceAll(`data-shown-when="${condition}" hidden=""`, `data-shown-when="${condition}"`)
      .replaceAll(`data-disabled-when="${condition}"`, `data-disabled-when="${condition}" disabled=""`)
      .replaceAll(
        `data-described-when="${condition}"`,
        `data-described-when="${condition}" aria-describedby="${SIGN_IN_DEV_NOTE_ID}"`,
      );
  }
  return result;
}

/** The HTML files of the build in clientDir, read once; null when there is no build there. */
export function loadClientPages(clientDir: string, publicUrl: string, signInMethods: TAuthProviders) {
  const read = (file: string): string | null => {
    const filePath = path.join(clientDir, file);
    if (!fs.existsSync(filePath)) return null;
    return fs
      .readFileSync(filePath, 'utf8')
      .replaceAll(pagePlaceholders.publicUrl, publicUrl)
      .replaceAll(pagePlaceholders.authProviders, escapeHtml(JSON.stringify(signInMethods)));
  };
  const shell = read('index.html');
  if (!shell) return null;
  const pages = new Map(publicPages.map((page) => [page.path, read(page.file) ?? shell]));
  const signIn = pages.get('/signin');
  if (signIn) pages.set('/signin', applySignInConditions(signIn, signInMethods));
  const signedInLanding = read(signedInLandingPage.file);
  const notFound = read(notFoundPage.file) ?? shell;

  return async function pageFor(pathname: string, findVisitor: FindVisitor): Promise<ClientPage> {
    const match = classifyPath(pathname);
    if (match.kind === 'unknown') return { status: 404, html: notFound, indexable: false, perVisitor: false };
    if (match.kind !== 'public') return { status: 200, html: shell, indexable: false, perVisitor: false };
    const html = pages.get(match.page.path) ?? shell;
    if (match.page.path !== '/' && match.page.path !== '/landing') {
      return { status: 200, html, indexable: true, perVisitor: false };
    }
    const visitor = await findVisitor();
    if (!visitor) return { status: 200, html, indexable: true, perVisitor: true };
    if (match.page.path === '/') return { status: 200, html: shell, indexable: false, perVisitor: true };
    const name = escapeHtml(userGreetingName(visitor, 'there'));
    const landing = signedInLanding?.replaceAll(pagePlaceholders.welcomeName, name) ?? html;
    return { status: 200, html: landing, indexable: true, perVisitor: true, personal: true };
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

type PageEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send a page in. Pages are answered from the not-found handler, which the
 * compression plugin does not reach, so they are compressed here.
 */
export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, quality]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

function encodePage(html: string, encoding: PageEncoding): Buffer {
  const body = Buffer.from(html, 'utf8');
  if (encoding === 'br') {
    return zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  }
  return encoding === 'gzip' ? zlib.gzipSync(body, { level: 9 }) : body;
}

/**
 * Compressed bodies of the pages every visitor gets alike, made on first request and kept: the
 * build's pages are a handful of fixed strings. Per-visitor pages are compressed on each request.
 */
const encodedPages = new Map<string, Partial<Record<PageEncoding, Buffer>>>();

function encodedBody(page: ClientPage, encoding: PageEncoding): Buffer {
  if (page.personal) return encodePage(page.html, encoding);
  let bodies = encodedPages.get(page.html);
  if (!bodies) {
    bodies = {};
    encodedPages.set(page.html, bodies);
  }
  bodies[encoding] ??= encodePage(page.html, encoding);
  return bodies[encoding];
}

export function sendClientPage(reply: FastifyReply, page: ClientPage, acceptEncoding?: string) {
  const encoding = pageEncodingFor(acceptEncoding);
  reply
    .status(page.status)
    .header('Cache-Control', 'no-cache')
    .header('Vary', page.perVisitor ? 'Accept-Encoding, Cookie' : 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  if (!page.indexable) reply.header('X-Robots-Tag', 'noindex');
  return reply.send(encodedBody(page, encoding));
}
