import { EyeOff, Undo2 } from 'lucide-react';
import type { TInsight } from '../../../shared/schemas/insights.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/format.ts';

/** What a list gives each card to flag or restore it: one mutation for the list, not one per card. */
export type RelevanceChange = { change: (insight: TInsight, isRelevant: boolean) => void; pendingId: string | null };

/** "Not about Pedal & Co" on an insight that counts; "Restore" on one filtered out. */
export function RelevanceButton({
  insight,
  brandName,
  relevance,
}: {
  insight: TInsight;
  brandName: string;
  relevance: RelevanceChange;
}) {
  const pending = relevance.pendingId === insight.id;
  const subject = insight.competitorName ?? brandName;
  if (insight.isRelevant) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="h-8 text-muted-foreground"
        disabled={pending}
        onClick={() => relevance.change(insight, false)}
      >
        <EyeOff aria-hidden="true" />
        Not about {subject}
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-8"
      disabled={pending}
      onClick={() => relevance.change(insight, true)}
    >
      <Undo2 aria-hidden="true" />
      Restore
    </Button>
  );
}

const SIGNAL_WORDS: Record<string, string> = {
  name: 'the name',
  'common-name': 'the name as an everyday word',
  include: 'required term',
  exclude: 'excluded term',
  source: 'a source about it',
};

/** Why an insight was filtered out, in words: a person's flag, an excluded term, or a low score. */
export function filteredReason(insight: TInsight, brandName: string): string {
  const subject = insight.competitorName ?? brandName;
  if (insight.flaggedAt) return `Marked as not about ${subject} on ${formatDate(insight.flaggedAt)}`;
  const excluded = insight.relevanceMatches.find((match) => match.signal === 'exclude');
  if (excluded) return `Contains the excluded term “${excluded.term}”`;
  const found = insight.relevanceMatches.map((match) =>
    match.signal === 'include' ? `required term “${match.term}”` : (SIGNAL_WORDS[match.signal] ?? match.signal),
  );
  const score = `relevance ${Math.round(insight.relevanceScore * 100)}%`;
  return found.length === 0
    ? `Does not mention ${subject} (${score})`
    : `Only ${[...new Set(found)].join(', ')} found, not enough to be about ${subject} (${score})`;
}
