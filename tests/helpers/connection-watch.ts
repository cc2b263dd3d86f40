/**
 * Watches every TCP connection this process opens through net.connect (what fetch and undici
 * use), so a test can prove that code did not even try to reach an address. Each attempt is
 * recorded with the address it would reach (for a host name, what the socket's own lookup answers:
 * the address a client pinned it to). Only connections to this machine go through, and those to
 * an address in `reroute`, which are sent to a loopback port instead (a double playing a public
 * host); any other attempt fails at once, as an unreachable host would, so a test never reaches
 * outside this machine even when the code under test tries to.
 */
import type { LookupAddress } from 'node:dns';
import net from 'node:net';
import { type MockInstance, vi } from 'vitest';

export type ConnectionAttempt = { host: string; port: number; address: string | null };

export type ConnectionWatch = {
  attempts: ConnectionAttempt[];
  /** attempts to anything but the given loopback ports (the doubles a test expects to be asked) */
  attemptsBeyond(allowedPorts: number[]): ConnectionAttempt[];
  restore(): void;
};

type Lookup = (
  hostname: string,
  options: { all: boolean },
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/** The address a socket for `host` would reach: the host itself, its pinned lookup's answer, or null. */
function addressOf(host: string, lookup: Lookup | undefined): string | null {
  if (net.isIP(host)) return host;
  if (host === 'localhost') return '127.0.0.1';
  let address: string | null = null;
  // a pinned lookup answers at once; a lookup that would ask DNS is left unanswered here
  lookup?.(host, { all: false }, (error, answer) => {
    if (!error) address = typeof answer === 'string' ? answer : (answer[0]?.address ?? null);
  });
  return address;
}

function unreachableSocket(): net.Socket {
  const socket = new net.Socket();
  process.nextTick(() =>
    socket.destroy(Object.assign(new Error('connect EHOSTUNREACH (stopped by the test)'), { code: 'EHOSTUNREACH' })),
  );
  return socket;
}

export function watchConnections(reroute: Record<string, number> = {}): ConnectionWatch {
  const attempts: ConnectionAttempt[] = [];
  const realConnect = net.connect;
  const spy: MockInstance = vi.spyOn(net, 'connect').mockImplementation(((
    options: net.TcpNetConnectOpts,
    listener?: () => void,
  ) => {
    if (typeof options !== 'object' || options.port === undefined) return realConnect(options, listener);
    const host = options.host ?? 'localhost';
    const port = Number(options.port);
    const address = addressOf(host, options.lookup as Lookup | undefined);
    attempts.push({ host, port, address });
    if (address === '127.0.0.1' || address === '::1') return realConnect(options, listener);
    const loopbackPort = address === null ? undefined : reroute[address];
    if (loopbackPort === undefined) return unreachableSocket();
    return realConnect({ ...options, host: '127.0.0.1', port: loopbackPort, lookup: undefined }, listener);
  }) as typeof net.connect);
  return {
    attempts,
    attemptsBeyond: (allowedPorts) =>
      attempts.filter((attempt) => !(attempt.address === '127.0.0.1' && allowedPorts.includes(attempt.port))),
    restore: () => spy.mockRestore(),
  };
}
