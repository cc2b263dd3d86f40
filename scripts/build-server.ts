/**
 * Compiles the server (TypeScript, and TSX for the PDF documents) into plain JavaScript in
 * dist/server with Vite's server-side build, so production runs on Node without a runtime
 * transpiler. Packages stay as imports of node_modules; modules the server loads lazily (the audit
 * engine, the PDF renderers) become their own chunks, loaded at first use.
 *
 * `node scripts/build-server.ts` builds; `--if-stale` builds only when a source is newer than the
 * last build. Chunks are named by content and old ones are kept, so a server still running from
 * the previous build can load the lazy chunks it expects.
 */
import fs from 'node:fs';
import path from 'node:path';
import { newestMtime } from './build-marker.ts';

const root = path.resolve(import.meta.dirname, '..');
export const serverOutDir = path.join(root, 'dist/server');
export const serverEntries = { main: 'src/server/main.ts', worker: 'src/server/worker.ts' };
const buildInputs = ['src/server', 'src/shared', 'package-lock.json', 'scripts/build-server.ts'];

/** Whether a source of the server changed since dist/server was built (or it never was). */
export function serverBuildIsStale(): boolean {
  const builtAt = Math.min(
    ...Object.keys(serverEntries).map((name) => {
      const output = path.join(serverOutDir, `${name}.js`);
      return fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
    }),
  );
  return newestMtime(buildInputs.map((input) => path.join(root, input))) > builtAt;
}

export async function buildServer(): Promise<void> {
  // Always production JSX: a build started by a test or development process (NODE_ENV=test) would
  // otherwise call React's development runtime, whose jsxDEV a production server does not have,
  // and every PDF would fail once `npm start` reused that build.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    // drizzle-orm is hundreds of small modules under a package.json of thousands of exports, which
    // Node reads again for every module it resolves: loading it took seconds and over 100 MB of
    // short-lived memory at start. Bundled into the build, it is resolved once, here.
    ssr: { noExternal: ['drizzle-orm'] },
    build: {
      ssr: true,
      outDir: serverOutDir,
      emptyOutDir: false,
      target: 'node22',
      minify: false,
      sourcemap: true,
      rollupOptions: {
        input: serverEntries,
        output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}

if (import.meta.main && (!process.argv.includes('--if-stale') || serverBuildIsStale())) {
  console.log('Building the server...');
  await buildServer();
}
