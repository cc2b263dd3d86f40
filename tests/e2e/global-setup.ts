import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** End-to-end tests run against the built client, as `npm start` serves it; build it once per run. */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..');
  if (process.env.E2E_SKIP_BUILD === 'true' && fs.existsSync(path.join(root, 'dist/client/index.html'))) return;
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
