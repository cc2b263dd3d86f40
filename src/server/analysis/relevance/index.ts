/**
 * Whether a collected mention is about a brand (or a competitor): a score from 0 to 1, the terms
 * that matched and where, and whether it passes RELEVANCE_THRESHOLD. Every automatic source feeds
 * its items through scoreRelevance before they are stored.
 */
export {
  RELEVANCE_THRESHOLD,
  type Relevance,
  type RelevanceItem,
  type RelevanceMatch,
  type RelevancePlace,
  type RelevanceSignal,
  scoreRelevance,
} from './score-relevance.ts';
export { handleOf, profileOf, type RelevanceSubject, type SubjectProfile } from './subject-profile.ts';
