import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../shared/html.ts';
import { applySignInConditions } from './client-pages.ts';

const page = [
  '<button data-disabled-when="google-missing">Continue with Google</button>',
  '<p data-shown-when="google-missing" hidden="">Google sign-in is not configured on this server</p>',
  '<input data-described-when="dev-note"/>',
  '<p id="signin-dev-note" data-shown-when="dev-note" hidden="">',
  '<span data-shown-when="dev-note-replit" hidden="">enter an e-mail</span>',
  '<span data-shown-when="dev-note-demo" hidden="">leave empty</span></p>',
  '<button data-disabled-when="replit-missing">Continue with Replit</button>',
  '<p data-shown-when="replit-missing" hidden="">Replit sign-in is not configured on this server</p>',
].join('');

describe('the sign-in page for the methods a server offers', () => {
  it('leaves everything enabled and every note hidden when both providers are configured', () => {
    expect(applySignInConditions(page, { replit: true, google: true, devSignIn: false })).toBe(page);
  });

  it('disables Google and explains it, and shows the demo-account note, with development sign-in only', () => {
    const html = applySignInConditions(page, { replit: false, google: false, devSignIn: true });
    expect(html).toContain('<button data-disabled-when="google-missing" disabled="">');
    expect(html).toContain('<p data-shown-when="google-missing">Google sign-in');
    expect(html).toContain('<input data-described-when="dev-note" aria-describedby="signin-dev-note"/>');
    expect(html).toContain('<span data-shown-when="dev-note-demo">leave empty');
    expect(html).toContain('<span data-shown-when="dev-note-replit" hidden="">');
    expect(html).toContain('<button data-disabled-when="replit-missing">');
  });

  it('disables Replit and explains it when the server offers neither Replit nor development sign-in', () => {
    const html = applySignInConditions(page, { replit: false, google: true, devSignIn: false });
    expect(html).toContain('<button data-disabled-when="replit-missing" disabled="">');
    expect(html).toContain('<p data-shown-when="replit-missing">Replit sign-in');
    expect(html).toContain('<p id="signin-dev-note" data-shown-when="dev-note" hidden="">');
  });
});

describe('escapeHtml', () => {
  it('escapes what could end an attribute or open a tag', () => {
    expect(escapeHtml(`<script>"O'Brien" & co</script>`)).toBe(
      '&lt;script&gt;&quot;O&#39;Brien&quot; &amp; co&lt;/script&gt;',
    );
  });
});
