/**
 * Job workers as separate processes, as `npm run worker` starts them in production: the compiled
 * server (dist/server/worker.js, built when its sources changed) against one PostgreSQL database.
 * PGlite cannot be shared between processes, so these need TEST_DATABASE_URL.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { childEnvironment } from './child-environment.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type WorkerProcess = {
  child: ChildProcess;
  /** what it printed so far */
  log(): string;
  /** SIGKILL: the process dies at once, mid-job, leaving its jobs active */
  kill(): Promise<void>;
  /** SIGTERM and wait: running jobs finish first */
  stop(): Promise<void>;
};

/** What `npm run worker` does first. */
export function buildWorkerIfStale(): void {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.ts'), '--if-stale'], {
    cwd: root,
    stdio: 'pipe',
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts a worker and resolves once it says it is working jobs. */
export async function startWorkerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [path.join(root, 'dist/server/worker.js')], {
    cwd: root,
    env: childEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the worker did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const check = () => {
      if (output.includes('"msg":"worker started"')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with code ${code}:\n${output}`));
    });
  });
  return {
    child,
    log: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
