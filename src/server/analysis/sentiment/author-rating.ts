/**
 * The author's own star rating, where the source states one, is the best evidence of the side a
 * review takes: "Prices have gone up a lot and the loaf was smaller than last month" rated 2/5 is a
 * complaint however the words read to an engine. The rating decides the side and the score unless
 * the text is plainly the other way (a clear complaint under five stars, plain praise under one: a
 * slip of the star widget), and the confidence says which decided: the rating's side with at least
 * RATING_CONFIDENCE, the text's own confidence when the text overrode it.
 */

import { scoreOfRating, sideOfRating } from '../../../shared/rating-side.ts';
import type { TSentimentResult } from '../../../shared/schemas/insights.ts';
import { isClearComplaint, isClearPraise, MOST_CONFIDENT } from './decide.ts';
import { analyseRules } from './rules.ts';
import { tokenise } from './tokenise.ts';

/** How sure a label taken from the author's own rating is. */
export const RATING_CONFIDENCE = 0.9;
/** How sure, when the words lean the other way without being plainly so. */
const RATING_AGAINST_TEXT_CONFIDENCE = 0.75;

/** Whether the text plainly takes a side other than the rating's. */
function textPlainlyOtherWay(text: string, label: TSentimentResult['label'], side: TSentimentResult['label']) {
  if (label === side || label === 'neutral') return false;
  const rules = analyseRules(tokenise(text));
  return label === 'negative' ? isClearComplaint(rules) : isClearPraise(rules);
}

export function respectAuthorRating(
  text: string,
  result: TSentimentResult,
  rating: number | null | undefined,
): TSentimentResult {
  if (rating === null || rating === undefined || !Number.isFinite(rating)) return result;
  const side = sideOfRating(rating);
  if (textPlainlyOtherWay(text, result.label, side)) return result;
  const agrees = result.label === side;
  return {
    ...result,
    label: side,
    sentimentScore: side === 'neutral' ? 3 : scoreOfRating(rating),
    confidence: agrees
      ? Math.min(MOST_CONFIDENT, Math.max(result.confidence, RATING_CONFIDENCE))
      : RATING_AGAINST_TEXT_CONFIDENCE,
  };
}
