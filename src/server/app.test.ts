import { describe, expect, it } from 'vitest';
import { redactUrl } from './app.ts';

describe('redactUrl', () => {
  it('masks share tokens and sign-in codes in logged URLs', () => {
    expect(redactUrl('/api/reports/abcDEF123_-xyz/pdf')).toBe('/api/reports/[token]/pdf');
    expect(redactUrl('/api/marketing-recommendations/share/abc123')).toBe(
      '/api/marketing-recommendations/share/[token]',
    );
    expect(redactUrl('/api/callback?code=secret&state=s')).toBe('/api/callback?[redacted]');
    expect(redactUrl('/api/auth/google/callback?code=secret')).toBe('/api/auth/google/callback?[redacted]');
    expect(redactUrl('/api/brands?x=1')).toBe('/api/brands?x=1');
  });
});
