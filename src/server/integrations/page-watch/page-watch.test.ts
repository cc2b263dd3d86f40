import { describe, expect, it } from 'vitest';
import { diffLines } from './line-diff.ts';
import { extractPageText } from './page-text.ts';
import { findPricingPage, PRICING_NOT_FOUND } from './pricing-page.ts';

describe('extractPageText', () => {
  it('keeps the main content as lines: headings, paragraphs, list items and prices, without scripts or navigation', () => {
    const html = `<html><head><title> Rival  Roasters </title><style>p{}</style></head><body>
      <nav><a href="/pricing">Pricing</a></nav>
      <main><h1>Coffee,   <em>delivered</em></h1><p>From <span class="price">£9.99</span> a month.</p>
      <script>track()</script><ul><li>Beans <p>whole or ground</p></li><li>Free delivery</li></ul>
      <div><div>Nested</div></div></main><footer>© 2025</footer></body></html>`;
    expect(extractPageText(html)).toEqual({
      title: 'Rival Roasters',
      text: '# Coffee, delivered\nFrom £9.99 a month.\n- Beans whole or ground\n- Free delivery\nNested',
      truncated: false,
    });
  });

  it('reads the body without navigation or footer when there is no <main>, and keeps a repeated line once', () => {
    const html = '<body><header><h2>Plans</h2></header><nav>Menu</nav><p>Same</p><p>Same</p><footer>F</footer></body>';
    expect(extractPageText(html).text).toBe('## Plans\nSame');
  });

  it('says when a page was cut at the line limit', () => {
    const html = `<main>${Array.from({ length: 1600 }, (_, index) => `<p>Line ${index}</p>`).join('')}</main>`;
    const result = extractPageText(html);
    expect(result.truncated).toBe(true);
    expect(result.text.split('\n')).toHaveLength(1500);
  });
});

describe('findPricingPage', () => {
  const home = 'https://rival.example/';
  it('finds /pricing, /prices or /plans by path, relative or absolute, on the same site', () => {
    expect(findPricingPage('<a href="/about">About</a><a href="/pricing/#top">See</a>', home)).toBe(
      'https://rival.example/pricing/',
    );
    expect(findPricingPage('<a href="https://www.rival.example/en/plans">Our plans</a>', home)).toBe(
      'https://www.rival.example/en/plans',
    );
    expect(findPricingPage('<a href="prices">Prices</a>', 'https://rival.example/shop/')).toBe(
      'https://rival.example/shop/prices',
    );
  });

  it('falls back to a link whose text says Pricing, and prefers a path match to it', () => {
    expect(findPricingPage('<a href="/cost-of-coffee"> Pricing </a>', home)).toBe(
      'https://rival.example/cost-of-coffee',
    );
    expect(findPricingPage('<a href="/x">Pricing</a><a href="/plans">Subscribe</a>', home)).toBe(
      'https://rival.example/plans',
    );
  });

  it("ignores other sites' pricing pages and pages that only mention pricing", () => {
    expect(findPricingPage('<a href="https://other.example/pricing">Pricing</a>', home)).toBeNull();
    expect(findPricingPage('<a href="/blog/pricing-strategy">Our pricing strategy</a>', home)).toBeNull();
    expect(PRICING_NOT_FOUND).toContain('/pricing');
  });
});

describe('diffLines', () => {
  it('reports nothing for the same text', () => {
    expect(diffLines('a\nb', 'a\nb')).toEqual({ lines: [], added: 0, removed: 0 });
  });

  it('shows a changed line as removed then added, with two lines of context and a gap marker', () => {
    const before = ['1', '2', '3', '4', '5', 'old price', '7', '8', 'm', '9', '10', 'x'].join('\n');
    const after = ['1', '2', '3', '4', '5', 'new price', '7', '8', 'm', '9', '10', 'y', 'z'].join('\n');
    expect(diffLines(before, after)).toEqual({
      added: 3,
      removed: 2,
      lines: [
        { kind: 'context', text: '4' },
        { kind: 'context', text: '5' },
        { kind: 'removed', text: 'old price' },
        { kind: 'added', text: 'new price' },
        { kind: 'context', text: '7' },
        { kind: 'context', text: '8' },
        { kind: 'gap', text: '…' },
        { kind: 'context', text: '9' },
        { kind: 'context', text: '10' },
        { kind: 'removed', text: 'x' },
        { kind: 'added', text: 'y' },
        { kind: 'added', text: 'z' },
      ],
    });
  });

  it('finds the longest common subsequence, so moved-around lines keep what is shared', () => {
    const result = diffLines('a\nb\nc\nd', 'b\nc\ne\nd', 0);
    expect(result).toEqual({
      added: 1,
      removed: 1,
      lines: [
        { kind: 'removed', text: 'a' },
        { kind: 'gap', text: '…' },
        { kind: 'added', text: 'e' },
      ],
    });
  });

  it('handles empty texts', () => {
    expect(diffLines('', 'a\nb').added).toBe(2);
    expect(diffLines('a', '').removed).toBe(1);
  });
});
