import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readBuildMarker } from '../../scripts/build-marker.ts';

/**
 * End-to-end tests run against the built client, as `npm start` serves it; build it once per run.
 * Every build is a production build (vite.config.ts), whatever NODE_ENV the test runner has, so the
 * tests never leave a development build where `npm start` serves from.
 */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..');
  const built = readBuildMarker(path.join(root, 'dist/client'))?.production === true;
  if (process.env.E2E_SKIP_BUILD === 'true' && built) return;
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
