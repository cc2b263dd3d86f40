import { describe, expect, it } from 'vitest';
import { googleSignInUrl, replitSignInUrl } from './signin-urls.ts';

const all = { replit: true, google: true, devSignIn: true };

describe('sign-in addresses', () => {
  it('sends the plan to Google as state', () => {
    expect(googleSignInUrl(null)).toBe('/api/auth/google');
    expect(googleSignInUrl('smb')).toBe('/api/auth/google?state=smb');
  });

  it('uses development sign-in for an entered e-mail', () => {
    expect(replitSignInUrl(all, '  dev@example.com ', 'agency')).toBe(
      '/api/dev-switch?email=dev%40example.com&plan=agency',
    );
  });

  it('uses the hosting-platform login when no e-mail is entered', () => {
    expect(replitSignInUrl(all, '   ', null)).toBe('/api/login');
    expect(replitSignInUrl(all, '', 'starter')).toBe('/api/login?plan=starter');
    expect(replitSignInUrl({ ...all, devSignIn: false }, 'dev@example.com', null)).toBe('/api/login');
  });

  it('falls back to the demo account, or nothing', () => {
    expect(replitSignInUrl({ replit: false, google: true, devSignIn: true }, '', null)).toBe('/api/dev-switch');
    expect(replitSignInUrl({ replit: false, google: true, devSignIn: false }, '', null)).toBeNull();
  });
});
