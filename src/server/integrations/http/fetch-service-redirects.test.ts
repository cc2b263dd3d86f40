import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ConnectionWatch, watchConnections } from '../../../../tests/helpers/connection-watch.ts';
import { fetchService, MAX_SERVICE_REDIRECTS, ServiceError, type ServiceRequest } from './fetch-service.ts';

// A configured service (a loopback double, as tests configure every service) that redirects or
// links elsewhere: only its own host and port are trusted; anything else meets the crawler's rules.

type Seen = { path: string; method: string; headers: IncomingHttpHeaders };

type Reply = [status: number, headers: Record<string, string>, body: string];

async function listen(handle: (url: URL, method: string) => Reply) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    seen.push({ path: url.pathname, method: request.method ?? 'GET', headers: request.headers });
    request.resume();
    request.on('end', () => {
      const [status, headers, body] = handle(url, request.method ?? 'GET');
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, seen, port, origin: `http://127.0.0.1:${port}` };
}

let service: Awaited<ReturnType<typeof listen>>;
/** another service on this machine, which a redirect must not reach */
let internal: Awaited<ReturnType<typeof listen>>;
/** plays a public host (public.example.test, 93.184.216.34): connections to that address come here */
let publicHost: Awaited<ReturnType<typeof listen>>;
let watch: ConnectionWatch;

const PUBLIC_ADDRESS = '93.184.216.34';
const NAMES: Record<string, string[]> = {
  'intranet.example.test': ['192.168.1.10'],
  'public.example.test': [PUBLIC_ADDRESS],
  localhost: ['127.0.0.1'],
};
const resolver = async (hostname: string) => {
  const addresses = NAMES[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses;
};

beforeAll(async () => {
  const answer = (url: URL, method: string): Reply => [200, {}, JSON.stringify({ path: url.pathname, method })];
  service = await listen((url, method) => {
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) return [Number(url.searchParams.get('status')), { location: to }, ''];
    if (url.pathname === '/loop') return [302, { location: '/loop' }, ''];
    return answer(url, method);
  });
  internal = await listen(answer);
  publicHost = await listen(answer);
});
afterAll(async () => {
  for (const { server } of [service, internal, publicHost]) await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  watch = watchConnections({ [PUBLIC_ADDRESS]: publicHost.port });
  for (const double of [service, internal, publicHost]) double.seen.length = 0;
});
afterEach(() => watch.restore());

const wait = async () => {};
const request = (overrides: Partial<ServiceRequest>): ServiceRequest => ({
  service: 'Test',
  url: `${service.origin}/ok`,
  resolver,
  timeoutMs: 5_000,
  wait,
  ...overrides,
});
const redirectTo = (to: string, status = 302) =>
  `${service.origin}/redirect?${new URLSearchParams({ to, status: String(status) })}`;
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ServiceError,
  );

describe('a configured service redirecting to an internal address', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'it points to a cloud metadata address'],
    ['http://10.0.0.1/admin', 'it points to a private network address'],
    ['http://intranet.example.test/', 'it points to a private network address (192.168.1.10)'],
    ['http://localhost:{internal}/secret', 'it points to a loopback address (127.0.0.1)'],
    ['http://127.0.0.1:{internal}/secret', 'it points to a loopback address'],
  ])('%s is refused before any connection to it', async (target, why) => {
    const to = target.replace('{internal}', String(internal.port));
    const error = await failureOf(fetchService(request({ url: redirectTo(to) })));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error?.kind).toBe('refused_address');
    expect(error?.message).toBe(`Refused to follow the redirect from Test to ${to}: ${why}`);
    expect(watch.attemptsBeyond([service.port])).toEqual([]);
    expect(internal.seen).toEqual([]);
    // a refusal is final: the service is not asked again
    expect(service.seen).toHaveLength(1);
  });

  it('refuses an address that is not http or https', async () => {
    const error = await failureOf(fetchService(request({ url: redirectTo('file:///etc/passwd') })));
    expect(error?.kind).toBe('refused_address');
    expect(error?.message).toMatch(/: only http and https addresses can be fetched$/);
  });

  it(`stops after ${MAX_SERVICE_REDIRECTS} redirects`, async () => {
    const error = await failureOf(fetchService(request({ url: `${service.origin}/loop` })));
    expect(error?.kind).toBe('malformed');
    expect(error?.message).toBe(`Test redirected more than ${MAX_SERVICE_REDIRECTS} times.`);
    expect(service.seen).toHaveLength(MAX_SERVICE_REDIRECTS + 1);
  });
});

describe('a link a configured service sent (the next page)', () => {
  it.each([
    ['http://169.254.169.254/api/v1/timelines/tag/x?max_id=1', 'it points to a cloud metadata address'],
    ['http://10.0.0.1/api/v1/timelines/tag/x?max_id=1', 'it points to a private network address'],
    ['http://intranet.example.test/page/2', 'it points to a private network address (192.168.1.10)'],
    ['http://localhost:{internal}/page/2', 'it points to a loopback address (127.0.0.1)'],
  ])('%s is refused before any connection to it', async (link, why) => {
    const url = link.replace('{internal}', String(internal.port));
    const error = await failureOf(fetchService(request({ url, configuredUrl: `${service.origin}/api` })));
    expect(error?.kind).toBe('refused_address');
    expect(error?.message).toBe(`Refused to fetch ${url} for Test: ${why}`);
    expect(watch.attempts).toEqual([]);
    expect(internal.seen).toEqual([]);
  });

  it('is followed on the configured host', async () => {
    const answer = await fetchService(
      request({ url: `${service.origin}/api/page/2?max_id=1`, configuredUrl: `${service.origin}/api` }),
    );
    expect(answer.json()).toEqual({ path: '/api/page/2', method: 'GET' });
  });
});

describe('redirects that are followed', () => {
  it('within the configured host, as fetch would (a POST answered 303 is read with GET)', async () => {
    const answer = await fetchService(
      request({ url: redirectTo('/moved', 303), method: 'POST', body: '{}', headers: { 'content-type': 'x' } }),
    );
    expect(answer.json()).toEqual({ path: '/moved', method: 'GET' });
    expect(watch.attemptsBeyond([service.port])).toEqual([]);
  });

  it('to a public address, connected at the address vetted, without the credentials', async () => {
    const answer = await fetchService(
      request({
        url: redirectTo('http://public.example.test/v2/ok'),
        headers: {
          authorization: 'Bearer sekret',
          'x-goog-api-key': 'key-1',
          apikey: 'key-2',
          accept: 'application/json',
        },
      }),
    );
    expect(answer.json()).toEqual({ path: '/v2/ok', method: 'GET' });
    expect(watch.attemptsBeyond([service.port])).toEqual([
      { host: 'public.example.test', port: 80, address: PUBLIC_ADDRESS },
    ]);
    expect(service.seen[0]?.headers.authorization).toBe('Bearer sekret');
    expect(publicHost.seen[0]?.headers.authorization).toBeUndefined();
    // a service's own key header stays behind too; harmless headers travel on
    expect(service.seen[0]?.headers['x-goog-api-key']).toBe('key-1');
    expect(publicHost.seen[0]?.headers['x-goog-api-key']).toBeUndefined();
    expect(publicHost.seen[0]?.headers.apikey).toBeUndefined();
    expect(publicHost.seen[0]?.headers.accept).toBe('application/json');
  });
});
