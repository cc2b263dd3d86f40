/**
 * Runs a compiled server entry (dist/server/main.js or worker.js) in place of this script's
 * process, as `exec` does in a shell: process.execve keeps the process id, so signals that npm
 * passes on still reach the server, but the new program starts clean. This script ran as
 * TypeScript, and Node's type stripping (some 17 MB resident) and the build checks stay behind
 * with it instead of sitting under the server for its whole life.
 *
 * The young generation is held to 8 MB a semi-space (Node picks up to 32 MB on a large machine):
 * a request allocates little and briefly, so scavenges stay cheap, and memory under load stays
 * near memory at idle (bench/api-overhead.ts measures both). The old generation may grow by half
 * its live size before it is collected again: on a machine with memory to spare V8 lets it grow up
 * to four times, so the garbage of one tenant's large report or export stayed resident for
 * everyone. Three competitive reports over 100,000 ads, a million-row export and twenty searched
 * summaries peaked at 310 MB without it and 229 MB with it, in the same time (decision 0031).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

export async function runCompiled(entry: string): Promise<void> {
  if (typeof process.execve === 'function') {
    process.execve(process.execPath, [process.execPath, ...SERVER_NODE_FLAGS, entry], process.env);
  }
  // Node before 23.11 has no execve: the entry runs in this process.
  await import(pathToFileURL(path.resolve(entry)).href);
}
