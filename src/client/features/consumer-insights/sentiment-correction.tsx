import { PencilLine } from 'lucide-react';
import { useId } from 'react';
import type { TInsight, TSentimentLabel } from '../../../shared/schemas/insights.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip.tsx';
import { formatDate } from '../../lib/format.ts';
import { sentimentLabels } from './insight-format.ts';
import type { SentimentCorrection } from './mention-feed-queries.ts';

const correctionChoices: TSentimentLabel[] = ['positive', 'neutral', 'negative'];

/** The "Correct sentiment" menu: positive, neutral or negative, the current one checked. */
export function SentimentCorrectionMenu({
  insight,
  correction,
}: {
  insight: TInsight;
  correction: SentimentCorrection;
}) {
  const pending = correction.pendingId === insight.id;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 text-muted-foreground"
          disabled={pending}
          aria-label="Correct sentiment"
          title="Correct sentiment"
        >
          <PencilLine aria-hidden="true" />
          <span className="hidden md:inline">Correct</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel className="text-muted-foreground text-xs">This mention is really</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={insight.sentiment}
          onValueChange={(value) => {
            if (value !== insight.sentiment) correction.correct(insight, value as TSentimentLabel);
          }}
        >
          {correctionChoices.map((label) => (
            <DropdownMenuRadioItem key={label} value={label}>
              {sentimentLabels[label]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** What the engine said, for the badge's tooltip and its screen-reader text. */
export function engineSaidText(insight: TInsight): string {
  const said = insight.engineSentiment ? `The engine said ${sentimentLabels[insight.engineSentiment]}` : null;
  const when = insight.sentimentCorrectedAt ? `corrected on ${formatDate(insight.sentimentCorrectedAt)}` : null;
  return [said, when].filter(Boolean).join('; ') || 'Corrected by a person';
}

/** "Corrected" on a mention whose sentiment a person set; focus or hover tells what the engine said. */
export function CorrectedBadge({ insight }: { insight: TInsight }) {
  const detailId = useId();
  const detail = engineSaidText(insight);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant="outline" tabIndex={0} aria-describedby={detailId} className="cursor-help font-normal">
          Corrected
        </Badge>
      </TooltipTrigger>
      <TooltipContent>{detail}</TooltipContent>
      <span id={detailId} className="sr-only">
        {detail}
      </span>
    </Tooltip>
  );
}
