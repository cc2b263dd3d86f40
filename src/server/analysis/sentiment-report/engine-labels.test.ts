/**
 * A report made from what the local engine says about real texts: the held-back three-class
 * fixture (facts, questions, announcements and mixed texts labelled neutral, plain complaints and
 * plain praise), each stored with the engine's label and score as an insight would be.
 */
import { describe, expect, it } from 'vitest';
import { loadThreeClassSplit } from '../../../../tests/helpers/sentiment-data.ts';
import type { TSentimentLabel } from '../../../shared/schemas/insights.ts';
import type { TTermCount } from '../../../shared/schemas/sentiment-reports.ts';
import { analyseSentiment, sentimentEngineReady } from '../sentiment/index.ts';
import { analyseInsights, localReportWording, reportWindow } from './index.ts';

// the engine's weights load at first need
await sentimentEngineReady();

const NOW = new Date('2026-03-12T10:00:00Z');

function analysed() {
  return loadThreeClassSplit('test').map((row, i) => ({
    ...analyseSentiment(row.text),
    // spread over the last 20 days, one an hour
    at: new Date(NOW.getTime() - (i + 1) * 60 * 60 * 1000),
  }));
}

/** Topic counts as the database gives them: mentions, and how many of them were negative. */
function topicCounts(results: ReturnType<typeof analysed>): TTermCount[] {
  const counts = new Map<string, TTermCount>();
  for (const result of results) {
    for (const term of result.topics) {
      const count = counts.get(term) ?? { term, mentions: 0, positive: 0, negative: 0 };
      count.mentions += 1;
      if (result.label === 'positive') count.positive += 1;
      if (result.label === 'negative') count.negative += 1;
      counts.set(term, count);
    }
  }
  return [...counts.values()].sort((a, b) => b.mentions - a.mentions || a.term.localeCompare(b.term));
}

describe('a report of texts labelled by the local engine', () => {
  const results = analysed();
  const window = reportWindow('monthly', NOW);
  const figures = analyseInsights(
    {
      cells: results.map((result) => ({
        at: result.at,
        sentiment: result.label,
        source: 'feedback' as const,
        mentions: 1,
        scoreSum: result.sentimentScore,
      })),
      topTopics: topicCounts(results),
      topKeywords: [],
    },
    window,
  );
  const count = (label: TSentimentLabel) => results.filter((result) => result.label === label).length;

  it('shows a neutral share for a fixture with neutral texts, counted from the labels', () => {
    expect(figures.totalMentions).toBe(results.length);
    expect(figures.counts).toEqual({
      positive: count('positive'),
      neutral: count('neutral'),
      negative: count('negative'),
    });
    expect(figures.neutralPercentage).toBeGreaterThan(30);
    expect(figures.positivePercentage + figures.neutralPercentage + figures.negativePercentage).toBe(100);
    const [headline] = localReportWording(figures, {
      brandName: 'Leaf & Pot',
      span: 'in the last 30 days',
      previousSpan: '',
    });
    expect(headline).toContain(`${figures.neutralPercentage}% neutral`);
  });

  it('puts neutral texts at 3 out of 5, so the average sits between the complaints and the praise', () => {
    const neutralScores = results.filter((result) => result.label === 'neutral').map((result) => result.sentimentScore);
    expect(new Set(neutralScores)).toEqual(new Set([3]));
    expect(figures.overallSentiment).toBeGreaterThan(2);
    expect(figures.overallSentiment).toBeLessThan(4);
  });

  it('names as a complaint only a topic whose negative texts make up half its mentions', () => {
    const sentences = localReportWording(figures, {
      brandName: 'Leaf & Pot',
      span: 'in the last 30 days',
      previousSpan: '',
    });
    const complaint = sentences.find((sentence) => sentence.startsWith('Most complaints were about'));
    const named = complaint?.match(/"([^"]+)"/)?.[1];
    if (named) {
      const topic = figures.topTopics.find((entry) => entry.term === named);
      expect(topic && topic.negative * 2 >= topic.mentions).toBe(true);
    }
    // a topic no negative text mentions is never a complaint
    const withoutComplaint = figures.topTopics.filter((entry) => entry.negative === 0);
    expect(withoutComplaint.length).toBeGreaterThan(0);
    for (const topic of withoutComplaint) {
      expect(sentences.join(' ')).not.toContain(`complaints were about "${topic.term}"`);
    }
  });
});
