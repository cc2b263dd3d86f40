import type { TRelevanceTerms } from '../../../shared/schemas/relevance.ts';
import { profileOf, type RelevanceSubject } from '../../analysis/relevance/index.ts';

export function toRelevanceTerms(
  subject: 'brand' | 'competitor',
  id: string,
  terms: RelevanceSubject,
  rescored?: number,
): TRelevanceTerms {
  return {
    subject,
    id,
    name: terms.name,
    includeTerms: [...(terms.includeTerms ?? [])],
    excludeTerms: [...(terms.excludeTerms ?? [])],
    nameIsCommonWord: profileOf(terms).nameStrength === 'common',
    ...(rescored === undefined ? {} : { rescored }),
  };
}
