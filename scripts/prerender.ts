/**
 * Prerenders the public pages at build time: after the client build, a server-side build of
 * src/client/prerender-entry.tsx renders each public page (and the not-found page) into its own HTML
 * file next to index.html, so the content paints before any script runs; the browser hydrates it.
 * Each file gets its title, meta description and canonical link; index.html, the shell of the app
 * screens and shared links, keeps its noindex.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import { notFoundPage, publicPages } from '../src/shared/routes.ts';

/** Replaced by the server with the configured public URL (canonical links must be absolute). */
export const PUBLIC_URL_PLACEHOLDER = '%BRANDLENS_PUBLIC_URL%';

/** The module of each prerendered page, whose chunks the page preloads alongside the entry. */
const pageModules: Record<string, string> = {
  '/': 'features/landing/landing-page.tsx',
  '/landing': 'features/landing/landing-page.tsx',
  '/privacy-policy': 'features/legal/privacy-policy-page.tsx',
  '/signin': 'features/auth/signin-page.tsx',
  '/demo-dashboard': 'features/demo/demo-dashboard-page.tsx',
  [notFoundPage.file]: 'features/not-found/not-found-page.tsx',
};

type PageHead = { title: string; description?: string; canonicalPath?: string; preload: string[]; css: string };

/**
 * The build's one stylesheet link. Prerendered pages carry the stylesheet inline instead, so the
 * first paint waits on no second request (the app shell keeps the cacheable link).
 */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="[^"]+\.css">/;

function stylesheetOf(shell: string, outDir: string): string {
  const href = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/.exec(shell)?.[1];
  if (!href) throw new Error('Prerender: the built index.html links no stylesheet');
  return fs.readFileSync(path.join(outDir, href.replace(/^\//, '')), 'utf8');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The page's static chunks, dependencies first, as URLs under base. */
function chunksOf(bundle: Rollup.OutputBundle, moduleSuffix: string, base: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${moduleSuffix}`));
  if (!page) throw new Error(`Prerender: no chunk for ${moduleSuffix}`);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || !chunk || chunk.type !== 'chunk' || chunk.isEntry) return;
    seen.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(page.fileName);
  return [...seen].map((fileName) => `${base}${fileName}`);
}

/** The shell with the page's head and its rendered markup inside #root. */
export function pageHtml(shell: string, markup: string, head: PageHead): string {
  const lines = [
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}" />` : '',
    head.canonicalPath ? `<link rel="canonical" href="${PUBLIC_URL_PLACEHOLDER}${head.canonicalPath}" />` : '',
    ...head.preload
      .filter((href) => !shell.includes(`href="${href}"`))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
  ].filter(Boolean);
  let html = shell
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
        for (const page of publicPages) {
          const preload = chunksOf(bundle, pageModules[page.path] ?? '', base);
          const markup = await renderPage(page.path);
          const html = pageHtml(shell, markup, { ...page, preload, css });
          fs.writeFileSync(path.join(outDir, page.file), html);
        }
        const preload = chunksOf(bundle, pageModules[notFoundPage.file] ?? '', base);
        const markup = await renderPage('/this-page-does-not-exist');
        fs.writeFileSync(
          path.join(outDir, notFoundPage.file),
          pageHtml(shell, markup, { ...notFoundPage, preload, css }),
        );
      } finally {
        fs.rmSync(renderDir, { recursive: true, force: true });
      }
    },
  };
}
