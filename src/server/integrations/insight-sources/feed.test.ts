import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotAFeedError, parseFeed, unwrapRedirectLink } from './feed.ts';
import { checkWellFormed } from './xml-well-formed.ts';

const ORIGIN = 'https://fixtures.example';
const FEEDS = path.resolve(import.meta.dirname, '../../../../tests/fixtures/insight-sources/feeds');
const feedText = (name: string) => fs.readFileSync(path.join(FEEDS, name), 'utf8').replaceAll('{{origin}}', ORIGIN);
const parse = (name: string) => parseFeed(feedText(name), `${ORIGIN}/feeds/${name}`);

describe('reading RSS 2.0', () => {
  const feed = parse('rss2.xml');

  it('reads the channel title and every item, in order', () => {
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('Northwind Roasters reviews & comments');
    expect(feed.items).toHaveLength(4);
  });

  it('joins the headline and the description, HTML stripped and entities decoded', () => {
    expect(feed.items[0]).toEqual({
      id: 'review-0001',
      link: `${ORIGIN}/reviews/1`,
      author: 'Hannah Price',
      date: new Date('2024-03-05T09:15:00Z'),
      text: 'Best flat white in town. The flat white was silky and the barista remembered my name. Café staff were lovely.',
      title: 'Best flat white in town',
    });
  });

  it('reads CDATA, dc:creator, numeric time zones, content:encoded and relative links', () => {
    expect(feed.items[1]).toMatchObject({
      author: 'Marcus Lee',
      date: new Date('2024-03-06T17:40:00Z'),
      text: 'Cold coffee, long wait. Waited twenty minutes for a latte that arrived lukewarm. Not coming back.',
    });
    // No guid: the link is the item's id.
    expect(feed.items[2]).toMatchObject({
      id: `${ORIGIN}/reviews/3`,
      link: `${ORIGIN}/reviews/3`,
      date: null,
      text: 'Beans by post. Ordered the Ethiopian beans online; they arrived in two days and smell wonderful. Will order again.',
    });
  });

  it('keeps an item with no words as empty text, with no id', () => {
    expect(feed.items[3]).toEqual({ id: null, link: null, author: null, date: null, text: '', title: '' });
  });
});

describe('reading Atom 1.0', () => {
  const feed = parse('atom.xml');

  it('reads entries with their alternate link, published date and author name', () => {
    expect(feed.format).toBe('atom');
    expect(feed.title).toBe('Coffee Lovers Forum: Northwind Roasters');
    expect(feed.items[0]).toEqual({
      id: 'tag:forum.example,2024:post-17',
      link: `${ORIGIN}/forum/posts/17`,
      author: 'Priya S',
      date: new Date('2024-03-07T07:30:00Z'),
      text: 'Anyone tried the new oat latte? Tried it this morning — too sweet for me, but the texture was great.',
      title: 'Anyone tried the new oat latte?',
    });
  });

  it('reads xhtml content and plain-text constructs as they are declared', () => {
    expect(feed.items[1]?.text).toBe('Loyalty card question. Does the loyalty card work at the airport kiosk too?');
    expect(feed.items[1]?.date).toEqual(new Date('2024-03-08T09:00:00Z'));
    expect(feed.items[2]?.text).toBe('Plain text title with a < sign. Prices went up by 20p & nobody told us.');
  });
});

describe('reading RSS 1.0 (RDF)', () => {
  it('reads the items beside the channel, with rdf:about ids and dc:date', () => {
    const feed = parse('rdf.xml');
    expect(feed.format).toBe('rdf');
    expect(feed.title).toBe('Local News: Food and Drink');
    expect(feed.items.map((item) => item.id)).toEqual([
      `${ORIGIN}/news/northwind-opens`,
      `${ORIGIN}/news/coffee-prices`,
    ]);
    expect(feed.items[0]).toMatchObject({ author: 'Sam Okafor', date: new Date('2024-02-28T07:00:00Z') });
    expect(feed.items[1]?.text).toBe(
      'Coffee prices rise again. Independent cafes say bean costs have doubled since last year.',
    );
  });
});

describe('reading a Google Alerts feed', () => {
  const feed = parse('google-alerts.xml');

  it('strips the HTML in titles and content', () => {
    expect(feed.title).toBe('Google Alert - "Northwind Roasters"');
    expect(feed.items[0]?.text).toBe(
      'Northwind Roasters named best independent coffee shop. Readers voted Northwind Roasters the best independent coffee shop for the third year running, praising its friendly staff & single-origin beans.',
    );
  });

  it("keeps the article's link rather than Google's redirect, and the alert's id", () => {
    expect(feed.items.map((item) => item.link)).toEqual([
      'https://www.localpaper.example/food/northwind-best-coffee',
      'https://forum.example.org/t/northwind-delivery/991',
    ]);
    expect(feed.items[1]?.id).toBe('tag:google.com,2013:googlealerts/feed:22222222222222222222');
  });

  it('unwraps only google.com/url links', () => {
    expect(unwrapRedirectLink('https://www.google.co.uk/url?q=https://a.example/x')).toBe('https://a.example/x');
    expect(unwrapRedirectLink('https://evil.example/url?url=https://a.example/x')).toBe(
      'https://evil.example/url?url=https://a.example/x',
    );
    expect(unwrapRedirectLink('https://www.google.com/url?url=javascript:alert(1)')).toBe(
      'https://www.google.com/url?url=javascript:alert(1)',
    );
  });
});

describe('refusing what is not a feed', () => {
  const refusal = (body: string) => {
    try {
      parseFeed(body, `${ORIGIN}/x`);
    } catch (error) {
      expect(error).toBeInstanceOf(NotAFeedError);
      return (error as Error).message;
    }
    throw new Error('parsed as a feed');
  };

  it('refuses broken XML, saying where', () => {
    expect(refusal(feedText('broken.xml'))).toBe(
      'The address answered with broken XML, so the feed cannot be read: the document ends before <description> is closed (it may be cut short)',
    );
    expect(refusal('<rss><channel><title>x</title>\n<item><title>a</item></channel></rss>')).toBe(
      'The address answered with broken XML, so the feed cannot be read: </item> closes <title> on line 2',
    );
  });

  it('refuses an HTML page, pointing at the feed it advertises', () => {
    expect(refusal(feedText('not-a-feed.html'))).toBe(
      `The address is a web page, not a feed. The page links to a feed at ${ORIGIN}/feeds/rss2.xml: add that address instead`,
    );
    expect(refusal('<html><body>Hello</body></html>')).toBe('The address is a web page, not an RSS or Atom feed');
  });

  it('refuses other XML and empty answers', () => {
    expect(refusal('<?xml version="1.0"?><urlset><url><loc>https://a.example/</loc></url></urlset>')).toBe(
      'The address answered with XML that is not an RSS or Atom feed',
    );
    expect(refusal('  ')).toBe('The address answered with an empty document, not a feed');
  });
});

describe('checking that XML nests properly', () => {
  it('accepts comments, CDATA, processing instructions, doctypes and HTML entities', () => {
    expect(
      checkWellFormed(
        '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x "y">]><!-- c --><rss a="1>2"><t><![CDATA[<b>]]>&nbsp;</t><e/></rss>',
      ),
    ).toBeNull();
  });

  it('names the problem and its line', () => {
    expect(checkWellFormed('<a></a><b></b>')).toBe('<b> follows the root element on line 1');
    expect(checkWellFormed('<a>\n</b>')).toBe('</b> closes <a> on line 2');
    expect(checkWellFormed('<a><!-- never closed')).toBe('a comment or section is not closed after line 1');
    expect(checkWellFormed('text only')).toBe('text outside the root element on line 1');
  });
});
