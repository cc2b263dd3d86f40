/**
 * Starts the product as people do (`npm start`) in its own process group, times it to its first
 * answer, and reads the resident memory of the process that serves (the largest leaf of the
 * process tree under npm: npm → node, the script `exec`ing it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { firstAnswer } from '../tests/helpers/ports.ts';

const root = path.resolve(import.meta.dirname, '..');

export type StartedProcess = {
  child: ChildProcess;
  origin: string;
  /** ms from spawning to the first HTTP answer */
  startMs: number;
  /** resident memory of the serving process, in MB */
  rssMb(): number;
  /** CPU time the serving process has used so far, in ms (user + system) */
  cpuMs(): number;
  stop(): Promise<void>;
};

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function leavesOf(pid: number): number[] {
  const children = childrenOf(pid);
  return children.length === 0 ? [pid] : children.flatMap(leavesOf);
}

export function rssMbOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** utime + stime of a process in ms; /proc counts clock ticks of 10 ms. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The process that serves: the leaf of the tree with the most resident memory. */
function servingPid(pid: number): number {
  const leaves = leavesOf(pid);
  return leaves.reduce((best, leaf) => (rssMbOf(leaf) > rssMbOf(best) ? leaf : best), leaves[0] ?? pid);
}

/** Spawns `command args` in its own process group and waits for its first answer on `port`. */
export async function startServing(options: {
  command: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  logFile: string;
  timeoutMs?: number;
}): Promise<StartedProcess> {
  const log = fs.openSync(options.logFile, 'w');
  const started = performance.now();
  const child = spawn(options.command, options.args, {
    cwd: root,
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
    detached: true,
  });
  const origin = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
    fs.closeSync(log);
  };
  try {
    await (
      await firstAnswer(`${origin}/api/auth/user`, child, { timeoutMs: options.timeoutMs ?? 120_000, intervalMs: 20 })
    ).arrayBuffer();
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see ${options.logFile}`);
  }
  const startMs = performance.now() - started;
  const serving = servingPid(child.pid ?? 0);
  return { child, origin, startMs, rssMb: () => rssMbOf(serving), cpuMs: () => cpuMsOf(serving), stop };
}

/** Samples `read()` every `everyMs` until stopped; gives the largest value seen. */
export function sampleMax(read: () => number, everyMs = 100) {
  let max = read();
  const timer = setInterval(() => {
    max = Math.max(max, read());
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(max, read());
  };
}

/** Waits until the process's memory stops moving (two readings 500 ms apart within 1 MB), at most 10 s. */
export async function idleRss(server: StartedProcess): Promise<number> {
  let previous = server.rssMb();
  for (let waited = 0; waited < 10_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = server.rssMb();
    if (Math.abs(current - previous) < 1) return current;
    previous = current;
  }
  return previous;
}
