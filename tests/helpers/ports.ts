/** Loopback ports and processes that serve on them, for tests and benchmarks alike. */
import type { ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';

/** A port the OS reports free; the app's public address must be known before it is built. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` until the server in `child` answers at all, with any status: a refused connection
 * means it is still starting. Fails when the process exits first or after `timeoutMs`; `detail`
 * adds what the process printed to the error.
 */
export async function firstAnswer(
  url: string,
  child: ChildProcess,
  options: { timeoutMs: number; intervalMs?: number; detail?: () => string },
): Promise<Response> {
  const detail = () => (options.detail ? `:\n${options.detail()}` : '');
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with code ${child.exitCode}${detail()}`);
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
    }
  }
  throw new Error(`no answer from ${url} within ${options.timeoutMs} ms${detail()}`);
}
