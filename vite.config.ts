import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildMarker } from './scripts/build-marker.ts';
import { prerenderPublicPages } from './scripts/prerender.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const apiPort = process.env.API_PORT ?? 5001;

/**
 * A screen opened fresh loaded over 50 small chunks, six at a time over HTTP/1.1, in waves: the
 * packages every screen uses and the shared components now come in two chunks; the charts, which
 * two screens use, stay apart; each screen keeps its own chunk.
 */
const APP_CHUNKS = [
  {
    name: 'charts',
    test: /node_modules[\\/](recharts|d3-[\w-]+|victory-vendor|decimal\.js-light|es-toolkit|immer|reselect|@reduxjs|react-redux|redux)[\\/]/,
    priority: 2,
  },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
  { name: 'ui', test: /src[\\/]client[\\/]components[\\/]/, priority: 1 },
];

export default defineConfig(({ command }) => {
  // Every build is a production build, whatever NODE_ENV the calling process has (a test runner
  // sets test): a build made under any other NODE_ENV ships React's development build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: fileURLToPath(new URL('./src/client', import.meta.url)),
    publicDir: fileURLToPath(new URL('./src/client/public', import.meta.url)),
    plugins: [react(), tailwindcss(), buildMarker(), prerenderPublicPages()],
    build: {
      outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
      emptyOutDir: true,
      rollupOptions: {
        // The app shell, and the public pages' own small script (scripts/prerender.ts links it).
        input: {
          index: fileURLToPath(new URL('./src/client/index.html', import.meta.url)),
          'public-page': fileURLToPath(new URL('./src/client/public-page.ts', import.meta.url)),
        },
        output: { codeSplitting: { groups: APP_CHUNKS, includeDependenciesRecursively: false } },
      },
      // Every browser the product supports preloads modules natively.
      modulePreload: { polyfill: false },
    },
    server: {
      fs: { allow: [repoRoot] },
      proxy: {
        '/api': { target: `http://127.0.0.1:${apiPort}` },
      },
    },
  };
});
