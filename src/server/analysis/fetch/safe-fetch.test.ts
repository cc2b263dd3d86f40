import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/doubles/fixture-site.ts';
import { FetchRefusedError, formatBytes, formatDuration, type SafeFetchOptions, safeFetch } from './safe-fetch.ts';

/** The rejection of `promise`, which must be a FetchRefusedError. */
async function refusal(promise: Promise<unknown>): Promise<FetchRefusedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchRefusedError);
    return error as FetchRefusedError;
  }
  throw new Error('expected the fetch to be refused');
}

const loopback: SafeFetchOptions = { allowLoopback: true };

let site: FixtureSite;
/** a second server for answers the fixture site does not give */
let other: Server;
let otherUrl: string;
const hostHeaders: string[] = [];

beforeAll(async () => {
  site = await startFixtureSite({ slowMs: 5_000 });
  other = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://other.invalid');
    hostHeaders.push(request.headers.host ?? '');
    if (url.pathname === '/host') {
      response.end(request.headers.host ?? '');
    } else if (url.pathname.startsWith('/loop/')) {
      const n = Number(url.pathname.slice('/loop/'.length));
      const stop = Number(url.searchParams.get('stop') ?? Number.POSITIVE_INFINITY);
      if (n >= stop) {
        response.end('arrived');
        return;
      }
      response.writeHead(307, { location: `/loop/${n + 1}${url.search}` });
      response.end();
    } else if (url.pathname === '/to') {
      response.writeHead(302, { location: url.searchParams.get('location') ?? '/' });
      response.end();
    } else if (url.pathname === '/gzip') {
      const body = gzipSync(Buffer.from('<p>compressed</p>'));
      response.writeHead(200, {
        'content-type': 'text/html',
        'content-encoding': 'gzip',
        'content-length': body.length,
      });
      response.end(body);
    } else if (url.pathname === '/gzip-bomb') {
      const body = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20));
      response.writeHead(200, {
        'content-type': 'text/html',
        'content-encoding': 'gzip',
        'content-length': body.length,
      });
      response.end(body);
    } else if (url.pathname === '/declared-large') {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 10_000_000 });
      response.write(Buffer.alloc(1000));
      // never finishes: the declared length alone must be enough to refuse
    } else if (url.pathname === '/headers') {
      response.setHeader('Set-Cookie', ['a=1', 'b=2']);
      response.setHeader('X-Custom-Thing', 'Yes');
      response.setHeader('Content-Type', 'text/plain; charset=utf-8');
      response.end('ok');
    } else if (url.pathname === '/drip') {
      // headers at once, then a trickle of body that never ends
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<p>');
      const timer = setInterval(() => response.write('.'), 50);
      response.on('close', () => clearInterval(timer));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await site.close();
  other.closeAllConnections();
  await new Promise<void>((resolve) => other.close(() => resolve()));
});

describe('safeFetch: answers', () => {
  it('fetches a page with its status, lower-cased headers, body and timing', async () => {
    const result = await safeFetch(`${site.url}/about.html`, loopback);
    expect(result.url).toBe(`${site.url}/about.html`);
    expect(result.finalUrl).toBe(`${site.url}/about.html`);
    expect(result.status).toBe(200);
    expect(result.contentType).toBe('text/html; charset=utf-8');
    expect(result.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(result.body.toString('utf8')).toContain('<h1>About our roastery</h1>');
    expect(result.bytes).toBe(result.body.length);
    expect(result.redirects).toEqual([]);
    expect(result.fetchMs).toBeGreaterThanOrEqual(0);
  });

  it('answers a 404 as a result, not an error', async () => {
    const result = await safeFetch(`${site.url}/missing.html`, loopback);
    expect(result.status).toBe(404);
    expect(result.body.toString('utf8')).toContain('Page not found');
  });

  it('joins repeated headers and lower-cases their names', async () => {
    const result = await safeFetch(`${otherUrl}/headers`, loopback);
    expect(result.headers['set-cookie']).toBe('a=1, b=2');
    expect(result.headers['x-custom-thing']).toBe('Yes');
  });

  it('follows a redirect chain and records every hop', async () => {
    const result = await safeFetch(`${site.url}/old`, loopback);
    expect(result.status).toBe(200);
    expect(result.url).toBe(`${site.url}/old`);
    expect(result.finalUrl).toBe(`${site.url}/about.html`);
    expect(result.redirects).toEqual([
      { from: `${site.url}/old`, to: `${site.url}/older`, status: 301 },
      { from: `${site.url}/older`, to: `${site.url}/about.html`, status: 302 },
    ]);
  });

  it('follows exactly maxRedirects redirects, and refuses one more', async () => {
    const five = await safeFetch(`${otherUrl}/loop/0?stop=5`, loopback);
    expect(five.redirects).toHaveLength(5);
    expect(five.body.toString()).toBe('arrived');

    const error = await refusal(safeFetch(`${otherUrl}/loop/0`, loopback));
    expect(error.reason).toBe('too many redirects');
    expect(error.message).toBe(`Too many redirects (more than 5) from ${otherUrl}/loop/0`);

    const two = await refusal(safeFetch(`${otherUrl}/loop/0?stop=3`, { ...loopback, maxRedirects: 2 }));
    expect(two.message).toBe(`Too many redirects (more than 2) from ${otherUrl}/loop/0?stop=3`);
  });

  it('decompresses gzip bodies', async () => {
    const result = await safeFetch(`${otherUrl}/gzip`, loopback);
    expect(result.body.toString()).toBe('<p>compressed</p>');
    expect(result.bytes).toBe('<p>compressed</p>'.length);
  });

  it('connects to the vetted address only, resolving once, and keeps the name in the Host header', async () => {
    const port = new URL(otherUrl).port;
    const asked: string[] = [];
    // a rebinding resolver: the first answer is harmless, any later one is not
    const resolver = async (hostname: string) => {
      asked.push(hostname);
      return asked.length === 1 ? ['127.0.0.1'] : ['10.0.0.1'];
    };
    const result = await safeFetch(`http://brand.example:${port}/host`, { ...loopback, resolver });
    expect(result.body.toString()).toBe(`brand.example:${port}`);
    expect(asked).toEqual(['brand.example']);
  });
});

describe('safeFetch: SSRF refusals', () => {
  it.each([
    ['http://127.0.0.1/', 'loopback', 'Refused to fetch http://127.0.0.1/: it points to a loopback address'],
    ['http://[::1]/', 'loopback', 'Refused to fetch http://[::1]/: it points to a loopback address'],
    ['http://2130706433/', 'loopback', 'Refused to fetch http://127.0.0.1/: it points to a loopback address'],
    ['http://0x7f.1/', 'loopback', 'Refused to fetch http://127.0.0.1/: it points to a loopback address'],
    [
      'http://[::ffff:127.0.0.1]/',
      'loopback',
      'Refused to fetch http://[::ffff:7f00:1]/: it points to a loopback address',
    ],
    ['http://0.0.0.0/', 'unspecified', 'Refused to fetch http://0.0.0.0/: it points to an unspecified address'],
  ])('refuses %s without allowLoopback', async (url, reason, message) => {
    const error = await refusal(safeFetch(url));
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(message);
  });

  it('refuses localhost after resolving it, naming the address', async () => {
    const error = await refusal(safeFetch('http://localhost/'));
    expect(error.reason).toBe('loopback');
    expect(error.message).toMatch(
      /^Refused to fetch http:\/\/localhost\/: it points to a loopback address \((127\.0\.0\.1|::1)\)$/,
    );
  });

  it('refuses the fixture site itself without allowLoopback, before connecting', async () => {
    const before = site.requests.length;
    const error = await refusal(safeFetch(`${site.url}/`));
    expect(error.message).toBe(`Refused to fetch ${site.url}/: it points to a loopback address`);
    expect(site.requests).toHaveLength(before);
  });

  it.each([
    [
      'http://10.0.0.1/',
      'private network',
      'Refused to fetch http://10.0.0.1/: it points to a private network address',
    ],
    [
      'http://192.168.0.1/',
      'private network',
      'Refused to fetch http://192.168.0.1/: it points to a private network address',
    ],
    [
      'http://172.20.1.1/',
      'private network',
      'Refused to fetch http://172.20.1.1/: it points to a private network address',
    ],
    [
      'http://169.254.169.254/latest/meta-data/',
      'cloud metadata',
      'Refused to fetch http://169.254.169.254/latest/meta-data/: it points to a cloud metadata address',
    ],
    [
      'http://[fd00:ec2::254]/',
      'cloud metadata',
      'Refused to fetch http://[fd00:ec2::254]/: it points to a cloud metadata address',
    ],
    ['http://169.254.1.1/', 'link-local', 'Refused to fetch http://169.254.1.1/: it points to a link-local address'],
    ['http://[fe80::1]/', 'link-local', 'Refused to fetch http://[fe80::1]/: it points to a link-local address'],
    [
      'http://[fc00::5]/',
      'private network',
      'Refused to fetch http://[fc00::5]/: it points to a private network address',
    ],
    [
      'http://[::ffff:10.0.0.1]/',
      'private network',
      'Refused to fetch http://[::ffff:a00:1]/: it points to a private network address',
    ],
    [
      'http://100.64.1.1/',
      'carrier-grade NAT',
      'Refused to fetch http://100.64.1.1/: it points to a carrier-grade NAT address',
    ],
    ['http://224.0.0.1/', 'multicast', 'Refused to fetch http://224.0.0.1/: it points to a multicast address'],
    [
      'http://255.255.255.255/',
      'broadcast',
      'Refused to fetch http://255.255.255.255/: it points to a broadcast address',
    ],
  ])('refuses %s even with allowLoopback', async (url, reason, message) => {
    const error = await refusal(safeFetch(url, loopback));
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(message);
  });

  it('refuses a host name that resolves to a private address', async () => {
    const resolver = async () => ['192.168.1.10'];
    for (const options of [{ resolver }, { resolver, allowLoopback: true }]) {
      const error = await refusal(safeFetch('https://shop.brand.example/', options));
      expect(error.reason).toBe('private network');
      expect(error.message).toBe(
        'Refused to fetch https://shop.brand.example/: it points to a private network address (192.168.1.10)',
      );
    }
  });

  it('refuses a host name if any one of its addresses is not public', async () => {
    const resolver = async () => ['93.184.216.34', '2606:2800:220:1::1', '169.254.169.254'];
    const error = await refusal(safeFetch('https://mixed.example/', { resolver }));
    expect(error.reason).toBe('cloud metadata');
    expect(error.message).toBe(
      'Refused to fetch https://mixed.example/: it points to a cloud metadata address (169.254.169.254)',
    );
  });

  it('refuses a redirect to a private address on the hop', async () => {
    const error = await refusal(safeFetch(`${site.url}/redirect-to-private`, loopback));
    expect(error.reason).toBe('private network');
    expect(error.message).toBe(
      `Refused to follow the redirect from ${site.url}/redirect-to-private to http://10.0.0.1/: it points to a private network address`,
    );
  });

  it('refuses a redirect to cloud metadata, and one to a host name resolving to a private address', async () => {
    const metadata = await refusal(
      safeFetch(`${otherUrl}/to?location=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, loopback),
    );
    expect(metadata.message).toBe(
      `Refused to follow the redirect from ${otherUrl}/to?location=http%3A%2F%2F169.254.169.254%2Flatest%2Fmeta-data%2F to http://169.254.169.254/latest/meta-data/: it points to a cloud metadata address`,
    );

    // a hop to a host name is resolved and vetted like the first request
    const resolver = async (hostname: string) => (hostname === 'internal.example' ? ['10.1.2.3'] : ['127.0.0.1']);
    const error = await refusal(
      safeFetch(`${otherUrl}/to?location=${encodeURIComponent('http://internal.example/')}`, { ...loopback, resolver }),
    );
    expect(error.reason).toBe('private network');
    expect(error.message).toBe(
      `Refused to follow the redirect from ${otherUrl}/to?location=http%3A%2F%2Finternal.example%2F to http://internal.example/: it points to a private network address (10.1.2.3)`,
    );
  });

  it('refuses other schemes, credentials in the URL and non-standard ports', async () => {
    const ftp = await refusal(safeFetch('ftp://example.com/file'));
    expect(ftp.reason).toBe('scheme');
    expect(ftp.message).toBe('Refused to fetch ftp://example.com/file: only http and https addresses can be fetched');

    const file = await refusal(safeFetch('file:///etc/passwd', loopback));
    expect(file.reason).toBe('scheme');

    const credentials = await refusal(safeFetch('https://user:secret@example.com/'));
    expect(credentials.reason).toBe('credentials');
    expect(credentials.message).toBe(
      'Refused to fetch https://example.com/: addresses with a user name or password are not fetched',
    );
    expect(credentials.message).not.toContain('secret');

    const resolver = async () => ['93.184.216.34'];
    const port = await refusal(safeFetch('http://example.com:8080/', { resolver }));
    expect(port.reason).toBe('port');
    expect(port.message).toBe(
      'Refused to fetch http://example.com:8080/: only the standard web ports 80 and 443 are allowed',
    );
    // The test-only loopback allowance opens other ports on loopback only.
    const publicWithAllowance = await refusal(safeFetch('http://example.com:8080/', { resolver, allowLoopback: true }));
    expect(publicWithAllowance.reason).toBe('port');

    const invalid = await refusal(safeFetch('not a url'));
    expect(invalid.reason).toBe('invalid url');
    expect(invalid.message).toBe('not a url is not a valid web address');
  });

  it('reports a host name that does not resolve', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND example.invalid'), { code: 'ENOTFOUND' });
    const failing = await refusal(
      safeFetch('https://example.invalid/', {
        resolver: async () => {
          throw notFound;
        },
      }),
    );
    expect(failing.reason).toBe('unresolved');
    expect(failing.message).toBe('Could not resolve example.invalid');

    const empty = await refusal(safeFetch('https://empty.invalid/', { resolver: async () => [] }));
    expect(empty.message).toBe('Could not resolve empty.invalid');
  });
});

describe('safeFetch: limits', () => {
  it('gives up on a slow page after the time limit', async () => {
    const started = performance.now();
    const error = await refusal(safeFetch(`${site.url}/slow.html`, { ...loopback, timeoutMs: 200 }));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe(`Gave up on ${site.url}/slow.html after 0.2 s`);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('counts the body in the time limit', async () => {
    const error = await refusal(safeFetch(`${otherUrl}/drip`, { ...loopback, timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe(`Gave up on ${otherUrl}/drip after 0.3 s`);
  });

  it('counts a slow DNS answer in the time limit', async () => {
    const resolver = () => new Promise<string[]>(() => {});
    const error = await refusal(safeFetch('https://slow-dns.example/', { resolver, timeoutMs: 100 }));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('Gave up on https://slow-dns.example/ after 0.1 s');
  });

  it('abandons a body larger than 5 MB while streaming it', async () => {
    const error = await refusal(safeFetch(`${site.url}/huge.html`, loopback));
    expect(error.reason).toBe('too large');
    expect(error.message).toBe(`${site.url}/huge.html is larger than 5 MB`);
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const error = await refusal(safeFetch(`${otherUrl}/declared-large`, { ...loopback, maxBytes: 1024 * 1024 }));
    expect(error.reason).toBe('too large');
    expect(error.message).toBe(`${otherUrl}/declared-large is larger than 1 MB`);
  });

  it('applies the limit after decompression', async () => {
    const error = await refusal(safeFetch(`${otherUrl}/gzip-bomb`, { ...loopback, maxBytes: 1024 * 1024 }));
    expect(error.reason).toBe('too large');
    expect(error.message).toBe(`${otherUrl}/gzip-bomb is larger than 1 MB`);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const pending = safeFetch(`${site.url}/slow.html`, { ...loopback, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await refusal(pending);
    expect(error.reason).toBe('aborted');
    expect(error.message).toBe(`Stopped fetching ${site.url}/slow.html`);
  });

  it('formats limits for people', () => {
    expect(formatDuration(10_000)).toBe('10 s');
    expect(formatDuration(200)).toBe('0.2 s');
    expect(formatDuration(2_500)).toBe('2.5 s');
    expect(formatDuration(120_000)).toBe('2 minutes');
    expect(formatDuration(60_000)).toBe('1 minute');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(500 * 1024)).toBe('500 KB');
    expect(formatBytes(100)).toBe('100 bytes');
  });
});
