import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearerTokenOf, isSessionOnlyRoute } from './api-token-auth.ts';

const request = (url: string, authorization?: string) =>
  ({ url, headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;

describe('bearerTokenOf', () => {
  it('reads the Bearer credential of an /api request, whatever the scheme’s case', () => {
    expect(bearerTokenOf(request('/api/brands', 'Bearer blk_abc'))).toBe('blk_abc');
    expect(bearerTokenOf(request('/api/brands', 'bearer   blk_abc  '))).toBe('blk_abc');
  });

  it('gives an empty token for a Bearer header with nothing in it, so it is refused rather than ignored', () => {
    expect(bearerTokenOf(request('/api/brands', 'Bearer'))).toBe('');
    expect(bearerTokenOf(request('/api/brands', 'Bearer   '))).toBe('');
  });

  it('ignores other schemes, requests without the header, and pages', () => {
    expect(bearerTokenOf(request('/api/brands', 'Basic dXNlcjpwYXNz'))).toBeNull();
    expect(bearerTokenOf(request('/api/brands'))).toBeNull();
    expect(bearerTokenOf(request('/settings', 'Bearer blk_abc'))).toBeNull();
  });
});

describe('isSessionOnlyRoute', () => {
  it('covers sign-in, billing, tokens, account, team and admin routes, by exact path or prefix', () => {
    for (const url of [
      '/api/login',
      '/api/auth/google/callback',
      '/api/dev-switch',
      '/api/demo-billing/confirm',
      '/api/subscription-details',
      '/api/api-tokens/:id',
      '/api/account',
      '/api/account/export',
      '/api/team-members/:memberEmail',
      '/api/admin/support-messages',
    ]) {
      expect(isSessionOnlyRoute(url), url).toBe(true);
    }
  });

  it('leaves the product’s own routes to tokens, unless a route says otherwise', () => {
    for (const url of ['/api/brands', '/api/audits/:id', '/api/auth/user', '/api/login-history', undefined]) {
      expect(isSessionOnlyRoute(url), url).toBe(false);
    }
    expect(isSessionOnlyRoute('/api/brands', { sessionOnly: true })).toBe(true);
  });
});
