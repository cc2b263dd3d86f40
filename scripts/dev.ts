/**
 * `npm run dev`: the API (restarted on change) on API_PORT (default 5001) and Vite with hot
 * reload on PORT (default 5000), which proxies /api to the API.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? '5001';
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    for (const other of children) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

// Links point at Vite's port; PUBLIC_URL itself stays as the developer set it, so that without it
// the page may make changes from whatever address Vite was opened at (src/server/http/cross-site.ts).
run('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  PORT: apiPort,
  DEV_PUBLIC_URL: `http://localhost:${port}`,
});
run('npx', ['vite', '--port', port, '--strictPort'], { API_PORT: apiPort });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
