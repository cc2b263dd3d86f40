import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { isCrossSite, type RequestSource } from './cross-site.ts';

/** As `npm start` with nothing configured: PUBLIC_URL unset, so http://localhost:5000 by default. */
const development = loadConfig({}).origins;
const production = loadConfig({
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(32),
  PUBLIC_URL: 'https://app.example.com',
  ALLOWED_ORIGINS: 'https://www.example.com',
}).origins;

const from = (host: string, origin?: string, secFetchSite?: string): RequestSource => ({ host, origin, secFetchSite });

describe('cross-site requests in development without PUBLIC_URL', () => {
  it('takes a page at the address the app was opened at as its own', () => {
    expect(isCrossSite(from('127.0.0.1:5000', 'http://127.0.0.1:5000', 'same-origin'), development)).toBe(false);
    // Without Sec-Fetch-Site (older browsers): the Origin names the request's own host.
    expect(isCrossSite(from('127.0.0.1:5000', 'http://127.0.0.1:5000'), development)).toBe(false);
    expect(isCrossSite(from('192.168.1.20:5000', 'http://192.168.1.20:5000'), development)).toBe(false);
    expect(isCrossSite(from('[::1]:5000', 'http://[::1]:5000'), development)).toBe(false);
    expect(isCrossSite(from('localhost:5000', 'http://localhost:5000'), development)).toBe(false);
  });

  it('takes a forwarded port as the app: its Host, or the browser saying same-origin when Host was rewritten', () => {
    expect(isCrossSite(from('localhost:8080', 'http://localhost:8080'), development)).toBe(false);
    expect(isCrossSite(from('brandlens.test', 'https://brandlens.test'), development)).toBe(false);
    expect(isCrossSite(from('brandlens.test:443', 'https://brandlens.test'), development)).toBe(false);
    expect(isCrossSite(from('127.0.0.1:5000', 'https://dev.tunnel.example', 'same-origin'), development)).toBe(false);
  });

  it('refuses other sites, and other origins of the same site', () => {
    expect(isCrossSite(from('127.0.0.1:5000', 'https://evil.example'), development)).toBe(true);
    expect(isCrossSite(from('127.0.0.1:5000', 'https://evil.example', 'cross-site'), development)).toBe(true);
    expect(isCrossSite(from('127.0.0.1:5000', undefined, 'cross-site'), development)).toBe(true);
    expect(isCrossSite(from('127.0.0.1:5000', 'http://127.0.0.1:5001', 'same-site'), development)).toBe(true);
    expect(isCrossSite(from('app.localhost:5000', 'http://other.localhost:5000', 'same-site'), development)).toBe(true);
    expect(isCrossSite(from('127.0.0.1:5000', 'null', 'same-site'), development)).toBe(true);
    expect(isCrossSite(from('127.0.0.1:5000', 'http://127.0.0.1:5000', 'cross-site'), development)).toBe(true);
  });

  it('lets requests with neither header through (scripts and API clients carry no victim cookie)', () => {
    expect(isCrossSite(from('127.0.0.1:5000'), development)).toBe(false);
  });
});

describe('cross-site requests in production', () => {
  it("takes PUBLIC_URL's origin and ALLOWED_ORIGINS as the app's own", () => {
    expect(isCrossSite(from('app.example.com', 'https://app.example.com', 'same-origin'), production)).toBe(false);
    expect(isCrossSite(from('www.example.com', 'https://www.example.com', 'same-origin'), production)).toBe(false);
    expect(isCrossSite(from('app.example.com', 'null', 'same-origin'), production)).toBe(false);
  });

  it('refuses an origin that only matches the Host it was sent to, and other sites', () => {
    expect(isCrossSite(from('10.0.0.5:5000', 'http://10.0.0.5:5000'), production)).toBe(true);
    expect(isCrossSite(from('10.0.0.5:5000', 'http://10.0.0.5:5000', 'same-origin'), production)).toBe(true);
    expect(isCrossSite(from('app.example.com', 'https://evil.example', 'cross-site'), production)).toBe(true);
    expect(isCrossSite(from('app.example.com', 'https://shop.example.com', 'same-site'), production)).toBe(true);
  });
});
