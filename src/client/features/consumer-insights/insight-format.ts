import type { TSentimentLabel } from '../../../shared/schemas/insights.ts';

export const sentimentLabels: Record<TSentimentLabel, string> = {
  positive: 'Positive',
  negative: 'Negative',
  neutral: 'Neutral',
};

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });

/** Confidence as a percentage, rounded down so an engine that is 99.9 % sure never reads as certain. */
export function confidenceText(confidence: number): string {
  return percent.format(Math.floor(confidence * 100) / 100);
}
