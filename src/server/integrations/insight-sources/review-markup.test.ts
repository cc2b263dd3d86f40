import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseRating, ratingNumber } from './rating.ts';
import { extractPageReviews } from './review-markup.ts';

const ORIGIN = 'https://shop.example';
const PAGES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/insight-sources/pages');
const page = (name: string) =>
  extractPageReviews(
    fs.readFileSync(path.join(PAGES, name), 'utf8').replaceAll('{{origin}}', ORIGIN),
    `${ORIGIN}/${name}`,
  );

describe('reviews in JSON-LD', () => {
  const { reviews, aggregates } = page('reviews.html');

  it('finds reviews nested in an @graph node, in arrays and typed or not', () => {
    expect(reviews.map((review) => review.author)).toEqual(['Aisha Khan', 'Tom Reed', 'The Corner Cafe']);
  });

  it('reads headline, body, date, normalised rating, id and what was reviewed', () => {
    expect(reviews[0]).toEqual({
      id: `${ORIGIN}/reviews.html#r-101`,
      link: `${ORIGIN}/reviews.html#r-101`,
      author: 'Aisha Khan',
      date: new Date('2024-02-14T00:00:00Z'),
      rating: 5,
      text: "Lovely Valentine's breakfast. The almond croissants were warm and the staff found us a window table. Perfect start to the day.",
      itemName: 'Northwind Roasters Leeds',
    });
    // Untyped, inside the business's review array: the page is its link, the business what it is about.
    expect(reviews[1]).toMatchObject({
      id: null,
      link: `${ORIGIN}/reviews.html`,
      rating: 2,
      itemName: 'Northwind Roasters Leeds',
    });
    // 9 on a 0-10 scale, and itemReviewed named explicitly.
    expect(reviews[2]).toMatchObject({
      id: `${ORIGIN}/reviews/wholesale-cafe`,
      rating: 4.6,
      itemName: 'Northwind Wholesale',
    });
  });

  it('skips a rating without words and a block that is not valid JSON', () => {
    expect(reviews.some((review) => review.author === 'Stars only')).toBe(false);
    expect(reviews.some((review) => review.text.includes('broken json'))).toBe(false);
  });

  it('keeps the AggregateRating as a summary, not a review', () => {
    expect(aggregates).toEqual([
      {
        ratingValue: 4.6,
        reviewCount: 128,
        ratingCount: null,
        itemName: 'Northwind Roasters Leeds',
        pageUrl: `${ORIGIN}/reviews.html`,
      },
    ]);
  });
});

describe('reviews in microdata', () => {
  const { reviews, aggregates } = page('shop.html');

  it('reads nested Review items of a Product with their own properties only', () => {
    expect(reviews).toHaveLength(2);
    expect(reviews[0]).toEqual({
      id: `${ORIGIN}/shop.html#review-7`,
      link: `${ORIGIN}/shop.html#review-7`,
      author: 'Elena Rossi',
      date: new Date('2024-03-02T00:00:00Z'),
      rating: 5,
      text: "Bright and floral. Lovely blueberry notes, best as a pour-over. The bag's valve kept it fresh for weeks.",
      itemName: 'Ethiopia Yirgacheffe, 250 g',
    });
  });

  it('reads meta content, description for the body and a url property as the link', () => {
    expect(reviews[1]).toEqual({
      id: `${ORIGIN}/shop/reviews/dan-w`,
      link: `${ORIGIN}/shop/reviews/dan-w`,
      author: 'Dan W.',
      date: new Date('2024-03-04T00:00:00Z'),
      rating: 2.2,
      text: 'Too acidic for espresso and the grind I asked for was wrong.',
      itemName: 'Ethiopia Yirgacheffe, 250 g',
    });
  });

  it('normalises the aggregate on its own scale', () => {
    expect(aggregates).toEqual([
      {
        ratingValue: 4.52,
        reviewCount: null,
        ratingCount: 42,
        itemName: 'Ethiopia Yirgacheffe, 250 g',
        pageUrl: `${ORIGIN}/shop.html`,
      },
    ]);
  });
});

describe('one review in two markups', () => {
  it('counts once', () => {
    const html = `<script type="application/ld+json">{"@type":"Review","reviewBody":"Great beans.","author":"Jo"}</script>
      <div itemscope itemtype="https://schema.org/Review"><span itemprop="author">Jo</span><p itemprop="reviewBody">Great beans.</p></div>`;
    expect(extractPageReviews(html, `${ORIGIN}/`).reviews).toHaveLength(1);
  });

  it('finds nothing on a page without review markup', () => {
    expect(page('index.html')).toEqual({ reviews: [], aggregates: [] });
  });
});

describe('normalising ratings to 1-5', () => {
  it('uses schema.org defaults (worst 1, best 5) and the declared scale', () => {
    expect(normaliseRating(4)).toBe(4);
    expect(normaliseRating('4,5')).toBe(4.5);
    expect(normaliseRating(10, 10, 0)).toBe(5);
    expect(normaliseRating(0, 10, 0)).toBe(1);
    expect(normaliseRating(5, 10, 0)).toBe(3);
    expect(normaliseRating(75, 100, 0)).toBe(4);
    expect(normaliseRating(3, 7, 1)).toBe(2.33);
  });

  it('refuses values off the scale and impossible scales', () => {
    expect(normaliseRating(6)).toBeNull();
    expect(normaliseRating(0)).toBeNull();
    expect(normaliseRating(3, 1, 5)).toBeNull();
    expect(normaliseRating('four')).toBeNull();
    expect(ratingNumber('4.5 stars')).toBeNull();
  });
});
