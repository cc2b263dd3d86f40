import { z } from 'zod';
import { ZText } from './text.ts';

/**
 * The terms that decide whether a collected mention is about a brand or a competitor
 * (server/analysis/relevance): required terms (a mention by name alone must contain one of them,
 * when there are any) and excluded terms (a mention containing one is not about it).
 */
export const MAX_RELEVANCE_TERMS = 20;
export const MAX_RELEVANCE_TERM_LENGTH = 60;

const termList = (label: string) =>
  z
    .array(
      z.preprocess(
        (value) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value),
        ZText(`Each ${label} term`)
          .min(1, `${label[0]!.toUpperCase()}${label.slice(1)} terms cannot be blank`)
          .max(MAX_RELEVANCE_TERM_LENGTH, `Each ${label} term must be at most ${MAX_RELEVANCE_TERM_LENGTH} characters`)
          .refine((term) => /[\p{L}\p{N}]/u.test(term), `Each ${label} term needs a letter or a digit`),
      ),
      { error: `${label[0]!.toUpperCase()}${label.slice(1)} terms must be a list` },
    )
    .max(MAX_RELEVANCE_TERMS, `Add at most ${MAX_RELEVANCE_TERMS} ${label} terms`)
    // The same term twice (in any case) is kept once.
    .transform((terms) =>
      terms.filter((term, index) => terms.findIndex((other) => other.toLowerCase() === term.toLowerCase()) === index),
    );

/** PUT /api/brands/{id}/relevance-terms and PUT /api/competitors/{id}/relevance-terms */
export const ZRelevanceTermsRequest = z
  .object({
    includeTerms: termList('required').default([]),
    excludeTerms: termList('excluded').default([]),
  })
  .superRefine((value, context) => {
    const required = new Set(value.includeTerms.map((term) => term.toLowerCase()));
    const both = value.excludeTerms.find((term) => required.has(term.toLowerCase()));
    if (both) {
      context.addIssue({
        code: 'custom',
        path: ['excludeTerms'],
        message: `"${both}" cannot be both a required and an excluded term`,
      });
    }
  });
export type TRelevanceTermsRequest = z.input<typeof ZRelevanceTermsRequest>;

/** A brand's or a competitor's terms as the API returns them. */
export const ZRelevanceTerms = z.object({
  subject: z.enum(['brand', 'competitor']),
  id: z.uuid(),
  name: z.string(),
  includeTerms: z.array(z.string()),
  excludeTerms: z.array(z.string()),
  /**
   * The name is one everyday word ("Apple", "Bloom"): a mention by the bare name is not enough, so
   * the screen asks for required terms.
   */
  nameIsCommonWord: z.boolean(),
  /** insights whose relevance changed when the terms were saved (PUT only) */
  rescored: z.number().int().optional(),
});
export type TRelevanceTerms = z.infer<typeof ZRelevanceTerms>;

/** GET /api/brands/{id}/relevance-terms */
export const ZBrandRelevanceTerms = z.object({
  brand: ZRelevanceTerms,
  competitors: z.array(ZRelevanceTerms),
});
export type TBrandRelevanceTerms = z.infer<typeof ZBrandRelevanceTerms>;

/** PATCH /api/consumer-insights/{id}/relevance: the person's own verdict, kept over any score. */
export const ZInsightRelevanceRequest = z.object({
  isRelevant: z.boolean({ error: 'Say whether the insight is about the brand (isRelevant: true or false)' }),
});
export type TInsightRelevanceRequest = z.infer<typeof ZInsightRelevanceRequest>;

/** Where an insight's relevance comes from. */
export const relevanceBases = ['scored', 'first_party', 'added', 'imported'] as const;

export const ZRelevanceMatch = z.object({ signal: z.string(), term: z.string(), where: z.string() });
