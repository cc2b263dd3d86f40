/**
 * Prerenders the public pages at build time: after the client build, a server-side build of
 * src/client/prerender-entry.tsx renders each public page (the landing page also signed in, and the
 * not-found page) into its own HTML file next to index.html. They are static documents: no React runs
 * on them in the browser; the pages that do something load only the public pages' script
 * (src/client/public-page.ts). Each file gets its title, meta description and canonical link;
 * index.html, the shell of the app screens and shared links, keeps its noindex.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import { escapeHtml } from '../src/shared/html.ts';
import { notFoundPage, pagePlaceholders, publicPages, signedInLandingPage } from '../src/shared/routes.ts';
import { classesIn, pruneCss } from './page-css.ts';

/** The public pages' script, a build entry of its own (vite.config.ts). */
export const PUBLIC_PAGE_SCRIPT = 'public-page.ts';

/** The pages with something for the script to do; the privacy policy and not-found page need none. */
const scriptedPages = new Set(['/', '/landing', signedInLandingPage.key, '/signin', '/demo-dashboard']);

type PageHead = { title: string; description?: string; canonicalPath?: string; scripts: string[]; css: string };

/**
 * The build's one stylesheet link. Prerendered pages carry the part of the stylesheet they use inline
 * instead (page-css.ts), so the first paint waits on no second request (the app shell keeps the
 * cacheable link).
 */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="[^"]+\.css">/;

function stylesheetOf(shell: string, outDir: string): string {
  const href = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/.exec(shell)?.[1];
  if (!href) throw new Error('Prerender: the built index.html links no stylesheet');
  return fs.readFileSync(path.join(outDir, href.replace(/^\//, '')), 'utf8');
}

/** The public pages' script and the chunks it imports, as URLs under base, the script first. */
function publicScriptOf(bundle: Rollup.OutputBundle, base: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(`/${PUBLIC_PAGE_SCRIPT}`));
  if (!entry) throw new Error(`Prerender: no chunk for ${PUBLIC_PAGE_SCRIPT}`);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return;
    seen.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(entry.fileName);
  return [...seen].map((fileName) => `${base}${fileName}`);
}

/** The app's script and its preloads, which a static page does not load. */
const APP_SCRIPTS =
  /\n?\s*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="[^"]+"[^>]*>(?:<\/script>)?/g;

/** The shell with the page's head and its rendered markup inside #root. */
export function pageHtml(shell: string, markup: string, head: PageHead): string {
  const lines = [
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}" />` : '',
    head.canonicalPath ? `<link rel="canonical" href="${pagePlaceholders.publicUrl}${head.canonicalPath}" />` : '',
    ...head.scripts.map((src, index) =>
      index === 0
        ? `<script type="module" crossorigin src="${src}"></script>`
        : `<link rel="modulepreload" crossorigin href="${src}" />`,
    ),
  ].filter(Boolean);
  let html = shell
    .replace(APP_SCRIPTS, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(STYLESHEET_LINK, () => `<style>${head.css}</style>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  if (head.description) html = html.replace(/\n\s*<meta name="description"[^>]*>/, '');
  if (head.canonicalPath) html = html.replace(/\n\s*<meta name="robots" content="noindex"[^>]*>/, '');
  return html.replace('</head>', `  ${lines.join('\n    ')}\n  </head>`);
}

export function prerenderPublicPages(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  let bundle: Rollup.OutputBundle = {};
  return {
    name: 'brandlens-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      // Beside the client build, inside the project, so the rendered module resolves node_modules.
      const renderDir = path.resolve(outDir, '..', `.prerender-${process.pid}`);
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          build: { ssr: path.join(root, 'prerender-entry.tsx'), outDir: renderDir, emptyOutDir: true },
        });
        const entry = path.join(renderDir, 'prerender-entry.js');
        const { renderPage } = (await import(pathToFileURL(entry).href)) as {
          renderPage(path: string): Promise<string>;
        };
        const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const css = stylesheetOf(shell, outDir);
        const publicScript = publicScriptOf(bundle, base);
        const documents = [
          ...publicPages.map((page) => ({ ...page, key: page.path as string })),
          { ...publicPages[1], ...signedInLandingPage },
          notFoundPage,
        ];
        for (const page of documents) {
          const markup = await renderPage(page.key);
          const scripts = scriptedPages.has(page.key) ? publicScript : [];
          const pageCss = pruneCss(css, classesIn(markup));
          fs.writeFileSync(path.join(outDir, page.file), pageHtml(shell, markup, { ...page, scripts, css: pageCss }));
        }
      } finally {
        fs.rmSync(renderDir, { recursive: true, force: true });
      }
    },
  };
}
