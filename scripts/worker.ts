/**
 * `npm run worker`: compiles the server when its sources changed (scripts/build-server.ts), then
 * runs the job worker (dist/server/worker.js) in this same process. The package.json script
 * `exec`s this file, so the shell npm starts is replaced by it and the SIGTERM or SIGINT npm
 * passes on reaches the worker, which finishes its jobs and exits with its own code.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { serverBuildIsStale, serverOutDir } from './build-server.ts';
import { runCompiled } from './run-compiled.ts';

const root = path.resolve(import.meta.dirname, '..');

if (serverBuildIsStale()) {
  // A child process: Vite sets NODE_ENV=production in the process that builds, which must not leak
  // into the worker's configuration.
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.ts')], { cwd: root, stdio: 'inherit' });
}
await runCompiled(path.join(serverOutDir, 'worker.js'));
