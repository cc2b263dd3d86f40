import { describe, expect, it } from 'vitest';
import { pageIdInvalidMessage, pageIdNotResolvableMessage, resolveFacebookPageId } from './facebook-page-id.ts';

const id = (input: string) => {
  const resolved = resolveFacebookPageId(input);
  return resolved.ok ? resolved.pageId : resolved.message;
};

describe('resolving a Facebook page id', () => {
  it('keeps a numeric id as it is', () => {
    expect(id(' 104958162837 ')).toBe('104958162837');
  });

  it('reads the id from addresses that carry it', () => {
    expect(id('https://www.facebook.com/profile.php?id=100064512345678')).toBe('100064512345678');
    expect(id('facebook.com/profile.php?id=100064512345678&sk=about')).toBe('100064512345678');
    expect(id('https://www.facebook.com/people/Acme-Coffee/100083123456789/')).toBe('100083123456789');
    expect(id('https://m.facebook.com/Acme-Coffee-Roasters-104958162837')).toBe('104958162837');
    expect(id('https://www.facebook.com/pages/Acme/104958162837/')).toBe('104958162837');
    expect(id('http://business.facebook.com/104958162837')).toBe('104958162837');
  });

  it("reads the page id from the page's Ad Library link", () => {
    expect(
      id(
        'https://www.facebook.com/ads/library/?active_status=all&ad_type=all&country=GB&view_all_page_id=104958162837&search_type=page&media_type=all',
      ),
    ).toBe('104958162837');
    expect(id('facebook.com/ads/library?view_all_page_id=104958162837')).toBe('104958162837');
  });

  it('refuses an Ad Library link to one ad or without a page id', () => {
    expect(id('https://www.facebook.com/ads/library/?id=1234567890123')).toBe(pageIdNotResolvableMessage);
    expect(id('https://www.facebook.com/ads/library/?q=acme')).toBe(pageIdNotResolvableMessage);
    expect(id('https://www.facebook.com/ads/library/?view_all_page_id=abc')).toBe(pageIdInvalidMessage);
  });

  it('refuses a vanity address, which only Meta can resolve', () => {
    expect(id('https://www.facebook.com/acmecoffee')).toBe(pageIdNotResolvableMessage);
    expect(id('facebook.com/acme2024')).toBe(pageIdNotResolvableMessage);
  });

  it('refuses what is neither an id nor a Facebook address', () => {
    expect(id('acme coffee')).toBe(pageIdInvalidMessage);
    expect(id('https://www.instagram.com/acmecoffee')).toBe(pageIdInvalidMessage);
    expect(id('https://facebook.com.evil.example/104958162837')).toBe(pageIdInvalidMessage);
    expect(id('https://www.facebook.com/profile.php?id=abc')).toBe(pageIdInvalidMessage);
    expect(id('1234')).toBe(pageIdInvalidMessage);
  });
});
