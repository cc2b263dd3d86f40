/** `npm run bench`: prints figures; not a test. Builds the client first so it measures what ships. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { measureLandingBundle } from './landing-bundle.ts';

const root = path.resolve(import.meta.dirname, '..');
execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
await measureLandingBundle();
process.exit(0);
