import { describe, expect, it } from 'vitest';
import { extractLandingPageFacts } from './landing-page-facts.ts';

describe('a landing page', () => {
  it('gives its title and its first real call to action, skipping navigation and cookie controls', () => {
    const html = `<html><head><title> Northwind  Roasters | Coffee </title></head><body>
      <div class="cookie-banner"><button>Accept all</button></div>
      <nav><a class="btn" href="/login">Sign in</a><button>Menu</button></nav>
      <main><h1>Fresh coffee</h1><a class="btn hero-link" href="/shop">Shop now</a>
      <button>Learn more</button></main>
      <footer><a class="button" href="/contact">Contact us</a></footer></body></html>`;
    expect(extractLandingPageFacts(html)).toEqual({ title: 'Northwind Roasters | Coffee', cta: 'Shop now' });
  });

  it('prefers a control marked primary over an earlier one', () => {
    const html = `<title>Bistro</title><button>See the menu</button><form><input type="submit" class="btn-primary" value="Book a table"></form>`;
    expect(extractLandingPageFacts(html).cta).toBe('Book a table');
  });

  it('says nothing rather than guess when there is no title or call to action', () => {
    expect(extractLandingPageFacts('<p>Just text</p>')).toEqual({ title: null, cta: null });
  });

  it('gives its title and call to action without NUL bytes or lone surrogates, which PostgreSQL refuses', () => {
    const html = '<title>Nul\u0000l Bakery \uD800</title><a class="btn" href="/o">Or\u0000der now</a>';
    // The HTML parser turns a NUL in a title into U+FFFD and drops one in text; the lone surrogate is ours to replace.
    expect(extractLandingPageFacts(html)).toEqual({ title: 'Nul\uFFFDl Bakery \uFFFD', cta: 'Order now' });
  });
});
