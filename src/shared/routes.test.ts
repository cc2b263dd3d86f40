import { describe, expect, it } from 'vitest';
import { classifyPath, pathPattern } from './routes.ts';

describe('classifyPath', () => {
  it('finds public pages, with or without a trailing slash and in any case', () => {
    expect(classifyPath('/')).toMatchObject({ kind: 'public', page: { file: 'landing.html' } });
    expect(classifyPath('/landing')).toMatchObject({ kind: 'public', page: { canonicalPath: '/' } });
    expect(classifyPath('/privacy-policy/')).toMatchObject({ kind: 'public', page: { file: 'privacy-policy.html' } });
    expect(classifyPath('/SignIn')).toMatchObject({ kind: 'public', page: { file: 'signin.html' } });
  });

  it('tells app screens and shared links from unknown paths', () => {
    expect(classifyPath('/brand-audit')).toEqual({ kind: 'app' });
    expect(classifyPath('/audit-results/7f3c')).toEqual({ kind: 'app' });
    expect(classifyPath('/admin/support/')).toEqual({ kind: 'app' });
    expect(classifyPath('/reports/abc123')).toEqual({ kind: 'shared' });
    expect(classifyPath('/marketing-recommendations/abc123')).toEqual({ kind: 'shared' });
    for (const unknown of [
      '/nope',
      '/audit-results',
      '/audit-results/1/2',
      '/reports/',
      '/brand-audit/x',
      '/landing.php',
    ]) {
      expect(classifyPath(unknown), unknown).toEqual({ kind: 'unknown' });
    }
  });
});

describe('pathPattern', () => {
  it('matches parameters as one segment', () => {
    const pattern = pathPattern(['/audit-results/:id', '/settings']);
    expect(pattern.test('/audit-results/42')).toBe(true);
    expect(pattern.test('/audit-results/42/')).toBe(true);
    expect(pattern.test('/audit-results/')).toBe(false);
    expect(pattern.test('/settings/more')).toBe(false);
  });
});
