/**
 * `npm start`: builds the client when its sources are newer than the last build or the last build
 * is not a production build (one a test or development process left behind), then starts the server
 * (which applies migrations) on PORT, default 5000, from its compiled JavaScript in dist/server,
 * built here too when the server's sources changed (scripts/build-server.ts).
 *
 * The server runs in this same process (process.execve replaces this script with it, scripts/run-compiled.ts),
 * and the package.json script `exec`s this file: npm runs
 * scripts through `sh -c`, which does not hand its process over to a command on its own (dash
 * keeps waiting as its parent), and passes SIGTERM and SIGINT on only to that shell. Without
 * `exec` the shell died of the signal, npm exited 143 at once and the server ran on, orphaned.
 * With it, the signal reaches the server, which drains and exits 0, and npm exits with its code.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newestMtime, readBuildMarker } from './build-marker.ts';
import { serverBuildIsStale, serverOutDir } from './build-server.ts';
import { runCompiled } from './run-compiled.ts';

const root = path.resolve(import.meta.dirname, '..');
const stampPath = path.join(root, 'dist/client/index.html');
const sourceDirs = ['src/client', 'src/shared'].map((dir) => path.join(root, dir));
const buildInputs = ['vite.config.ts', 'package-lock.json', 'scripts/prerender.ts', 'scripts/build-marker.ts'].map(
  (file) => path.join(root, file),
);

const builtAt = fs.existsSync(stampPath) ? fs.statSync(stampPath).mtimeMs : 0;
const production = readBuildMarker(path.dirname(stampPath))?.production === true;
if (!production || newestMtime([...sourceDirs, ...buildInputs]) > builtAt) {
  console.log(
    production ? 'Building the client...' : 'Building the client (the last build is not a production build)...',
  );
  // A child process: Vite sets NODE_ENV=production in the process that builds, which must not leak
  // into the server's configuration.
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

if (serverBuildIsStale()) {
  // A child process for the same reason as the client's build.
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.ts')], { cwd: root, stdio: 'inherit' });
}
// In place of this process (same pid, so the signals below still reach the server): see run-compiled.ts.
await runCompiled(path.join(serverOutDir, 'main.js'));
