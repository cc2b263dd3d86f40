/**
 * Reviews marked up on a web page with schema.org, in JSON-LD and in microdata: each Review with
 * words in it becomes a review (its text, author, date, rating normalised to 1-5, link and id);
 * each AggregateRating becomes a summary kept beside the source, never an insight, since it is a
 * count and not a person's words.
 *
 * Pure: the HTML is parsed, never fetched (fetch-site-reviews.ts crawls).
 */
import { load } from 'cheerio';
import type { TAggregateRating } from '../../../shared/schemas/insight-sources.ts';
import { htmlToText } from './html-text.ts';
import { normaliseRating, ratingNumber } from './rating.ts';
import { jsonLdNodes } from './review-json-ld.ts';
import { microdataItems } from './review-microdata.ts';
import type { SchemaNode } from './schema-node.ts';
import { absoluteHttpUrl, headlineAndBody, insightTextOf, squash } from './text.ts';

export type MarkedUpReview = {
  /** url or @id of the review, when it has one */
  id: string | null;
  /** the review's own link, else the page it is on */
  link: string;
  author: string | null;
  date: Date | null;
  /** 1-5 */
  rating: number | null;
  text: string;
  /** what the review is about, when the markup says */
  itemName: string | null;
};

export type PageReviews = { reviews: MarkedUpReview[]; aggregates: TAggregateRating[] };

const REVIEW_TYPES = new Set(['Review', 'UserReview', 'CriticReview', 'EmployerReview', 'ClaimReview']);

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** A property's text: a string, a number, or an object's name / @value / text. */
export function textValue(value: unknown): string | null {
  const item = first(value);
  if (typeof item === 'string') return squash(item) || null;
  if (typeof item === 'number') return String(item);
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    return textValue(record.name ?? record['@value'] ?? record.text ?? null);
  }
  return null;
}

function record(value: unknown): Record<string, unknown> | null {
  const item = first(value);
  return item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
}

function dateOf(value: unknown): Date | null {
  const text = textValue(value);
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

function ratingOf(value: unknown): number | null {
  const rating = record(value);
  if (rating) return normaliseRating(rating.ratingValue, rating.bestRating ?? 5, rating.worstRating ?? 1);
  // A bare number is on schema.org's default scale.
  return normaliseRating(textValue(value));
}

function reviewOf(node: SchemaNode, pageUrl: string): MarkedUpReview | null {
  const { props } = node;
  const body = textValue(props.reviewBody) ?? textValue(props.description) ?? '';
  const headline = textValue(props.name) ?? textValue(props.headline) ?? '';
  // A rating without words is a score, not something a person said.
  if (!body.trim()) return null;
  const text = insightTextOf(headlineAndBody(htmlToText(headline), htmlToText(body)));
  if (!text) return null;
  const id = absoluteHttpUrl(textValue(props.url), pageUrl) ?? textValue(props['@id']);
  return {
    id,
    link:
      absoluteHttpUrl(textValue(props.url), pageUrl) ?? absoluteHttpUrl(textValue(props['@id']), pageUrl) ?? pageUrl,
    author: textValue(props.author)?.slice(0, 200) ?? null,
    date: dateOf(props.datePublished ?? props.dateCreated),
    rating: ratingOf(props.reviewRating),
    text,
    itemName: textValue(props.itemReviewed) ?? node.parentName,
  };
}

function aggregateOf(node: SchemaNode, pageUrl: string): TAggregateRating | null {
  const { props } = node;
  const ratingValue = normaliseRating(props.ratingValue, props.bestRating ?? 5, props.worstRating ?? 1);
  if (ratingValue === null) return null;
  const count = (value: unknown) => {
    const number = ratingNumber(textValue(value));
    return number !== null && Number.isInteger(number) && number >= 0 ? number : null;
  };
  return {
    ratingValue,
    reviewCount: count(props.reviewCount),
    ratingCount: count(props.ratingCount),
    itemName: textValue(props.itemReviewed) ?? node.parentName,
    pageUrl,
  };
}

const isType = (node: SchemaNode, types: Set<string>) => node.types.some((type) => types.has(type));

/** The reviews and rating summaries marked up on one page. */
export function extractPageReviews(html: string, pageUrl: string): PageReviews {
  const $ = load(html);
  const nodes = [...jsonLdNodes($), ...microdataItems($)];
  const reviews: MarkedUpReview[] = [];
  const aggregates: TAggregateRating[] = [];
  const seen = new Set<string>();
  for (const node of nodes) {
    if (isType(node, REVIEW_TYPES)) {
      const review = reviewOf(node, pageUrl);
      // The same review in JSON-LD and microdata on one page is one review.
      const key = review ? `${review.id ?? ''}\n${review.text}` : '';
      if (review && !seen.has(key) && !seen.has(`\n${review.text}`)) {
        seen.add(key);
        seen.add(`\n${review.text}`);
        reviews.push(review);
      }
    } else if (node.types.includes('AggregateRating')) {
      const aggregate = aggregateOf(node, pageUrl);
      if (aggregate) aggregates.push(aggregate);
    }
  }
  return { reviews, aggregates };
}
