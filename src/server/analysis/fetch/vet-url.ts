/**
 * The address rule every outside address is held to before this server connects to it: a URL a
 * user typed (safeFetch, each redirect hop included) and any address an outside service points
 * the server to (fetchService's redirects and paging links).
 *
 * - http and https only, no user:password@ in the URL, ports 80 and 443 only (unless loopback is
 *   allowed, for tests whose servers listen on random ports);
 * - the host name is resolved here and refused if ANY of its addresses is not public
 *   (address-policy.ts); the connection then goes to a vetted address only (pinnedLookup), so a
 *   second, different answer from DNS cannot be slipped in.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type AddressReason, classifyAddress, describeAddressReason } from './address-policy.ts';

export type Resolver = (hostname: string) => Promise<string[]>;

/** An address a URL may be fetched at, with its IP family for the socket. */
export type VettedAddress = { address: string; family: number };

export type FetchFailureReason =
  | AddressReason
  | 'invalid url'
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'unresolved'
  | 'timeout'
  | 'too large'
  | 'too many redirects'
  | 'network'
  | 'aborted';

/** A fetch that was refused by the address policy or gave up; `message` is for users. */
export class FetchRefusedError extends Error {
  override readonly name = 'FetchRefusedError';
  constructor(
    message: string,
    readonly reason: FetchFailureReason,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The URL as shown in messages: without credentials. */
export function shown(url: URL): string {
  if (!url.username && !url.password) return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

export type VetContext = {
  allowLoopback: boolean;
  resolver: Resolver;
  signal: AbortSignal;
  /** builds the message for a refusal of `url`: "Refused to fetch X: " or "Refused to follow ..." */
  refusal: (url: URL, why: string) => string;
};

/** Checks scheme, credentials and port, resolves the host and vets every address. Returns the addresses. */
export async function vetUrl(url: URL, context: VetContext): Promise<VettedAddress[]> {
  const { allowLoopback } = context;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError(
      context.refusal(url, 'only http and https addresses can be fetched'),
      'scheme',
      shown(url),
    );
  }
  if (url.username || url.password) {
    throw new FetchRefusedError(
      context.refusal(url, 'addresses with a user name or password are not fetched'),
      'credentials',
      shown(url),
    );
  }
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: string[];
  const literal = isIP(hostname) !== 0;
  if (literal) {
    addresses = [hostname];
  } else {
    try {
      addresses = await abortable(context.resolver(hostname), context.signal);
    } catch (error) {
      if (context.signal.aborted) throw error;
      throw new FetchRefusedError(`Could not resolve ${hostname}`, 'unresolved', shown(url), { cause: error });
    }
    if (addresses.length === 0) throw new FetchRefusedError(`Could not resolve ${hostname}`, 'unresolved', shown(url));
  }
  for (const address of addresses) {
    const reason = classifyAddress(address);
    if (reason === null || (reason === 'loopback' && allowLoopback)) continue;
    const where = literal ? '' : ` (${address})`;
    throw new FetchRefusedError(
      context.refusal(url, `it points to ${describeAddressReason(reason)}${where}`),
      reason,
      shown(url),
    );
  }
  // after the addresses, so that a refused address is what the message names
  // Tests serve fixtures on random loopback ports; every other address keeps the standard ports.
  const onLoopback = addresses.every((address) => classifyAddress(address) === 'loopback');
  if (url.port !== '' && url.port !== '80' && url.port !== '443' && !(allowLoopback && onLoopback)) {
    throw new FetchRefusedError(
      context.refusal(url, 'only the standard web ports 80 and 443 are allowed'),
      'port',
      shown(url),
    );
  }
  return addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
}

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, order: 'verbatim' });
  return answers.map((answer) => answer.address);
};

/** Rejects with the signal's reason as soon as it aborts. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A socket lookup that answers with the vetted addresses only, whatever name it is asked for. */
export function pinnedLookup(addresses: VettedAddress[]) {
  return (_hostname: string, options: LookupOptions | LookupCallback, maybeCallback?: LookupCallback) => {
    const callback = (typeof options === 'function' ? options : maybeCallback) as LookupCallback;
    const all = typeof options === 'object' && options.all === true;
    if (all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}
