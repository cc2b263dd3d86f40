/**
 * Where fetchService may connect, hop by hop. The base URL the operator configured is trusted as
 * configured (the real service, a self-hosted mirror, a loopback test double): its host and port
 * are reached as they are. Any other address a service points the server to (a redirect, a paging
 * link on another host) comes from outside, so it is held to the crawler's address rule
 * (vet-url.ts) before anything connects to it, and the connection goes to the vetted addresses
 * only. A configured service therefore cannot lead the server to a different internal address
 * than the one configured, whatever it answers.
 */
import { pinnedLookup, type Resolver, systemResolver, vetUrl } from '../../analysis/fetch/vet-url.ts';

export type HopInit = {
  method: string;
  headers: Record<string, string>;
  body?: string | URLSearchParams;
  signal: AbortSignal;
};
export type HopFetch = (url: URL, init: HopInit) => Promise<Response>;

/** The port a URL connects to, written or implied by its scheme. */
function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Whether `url` is on the configured service's own host and port (over http or https). */
function isConfiguredAddress(url: URL, configured: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.hostname === configured.hostname && portOf(url) === portOf(configured);
}

type Closable = { destroy(): Promise<void> };

/** The connections of one request, across its redirects; close() once the last answer is read. */
export class ServiceConnections {
  private readonly agents: Closable[] = [];

  constructor(
    private readonly configured: URL,
    private readonly options: { resolver?: Resolver; signal: AbortSignal },
  ) {}

  /**
   * A fetch for `url`: the runtime's own on the configured host, else one pinned to the addresses
   * the crawler's rule allows. Rejects with a FetchRefusedError (its message made by `refusal`)
   * when the address is refused, before any connection is tried.
   */
  async open(url: URL, refusal: (url: URL, why: string) => string): Promise<HopFetch> {
    if (isConfiguredAddress(url, this.configured)) {
      return (target, init) => fetch(target, { ...init, redirect: 'manual' });
    }
    const addresses = await vetUrl(url, {
      allowLoopback: false,
      resolver: this.options.resolver ?? systemResolver,
      signal: this.options.signal,
      refusal,
    });
    // undici (some 30 MB resident) loads only when a service points elsewhere, which is rare.
    const { Agent, fetch: pinnedFetch } = await import('undici');
    const agent = new Agent({ connect: { lookup: pinnedLookup(addresses) } });
    this.agents.push(agent);
    return (target, init) =>
      pinnedFetch(target, { ...init, redirect: 'manual', dispatcher: agent }) as unknown as Promise<Response>;
  }

  close(): void {
    for (const agent of this.agents) agent.destroy().catch(() => {});
  }
}
