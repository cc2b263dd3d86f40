import { Clock, ListChecks, TrendingUp } from 'lucide-react';
import type { TRecommendation } from '../../../shared/schemas/audits.ts';
import { countOf } from '../../../shared/words.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { cn } from '../../lib/utils.ts';
import { AiWrittenLabel } from './ai-written-label.tsx';
import { sortRecommendations } from './labels.ts';

const priorityStyles: Record<TRecommendation['priority'], string> = {
  High: 'border-destructive/30 bg-destructive/10 text-destructive',
  Medium: 'border-warning/40 bg-warning/15 text-amber-700 dark:text-warning',
  Low: 'border-border bg-muted text-muted-foreground',
};

const priorityRail: Record<TRecommendation['priority'], string> = {
  High: 'before:bg-destructive',
  Medium: 'before:bg-warning',
  Low: 'before:bg-muted-foreground/40',
};

function hoursText(hours: number): string {
  return `Est. ${countOf(hours, 'hour')}`;
}

/** '+4 points'; a gain that rounds to nothing reads 'Under 1 point'. */
function impactText(points: number): string {
  if (points <= 0) return 'Under 1 point';
  return `+${countOf(points, 'point')}`;
}

/** What to fix, most important first, with the effort and the points each fix is worth. */
export function RecommendationsCard({
  recommendations,
  aiWritten,
}: {
  recommendations: TRecommendation[];
  aiWritten: boolean;
}) {
  const sorted = sortRecommendations(recommendations);
  return (
    <Card className="gap-4">
      <CardHeader className="gap-2">
        <CardTitle className="flex items-center gap-2">
          <span className="flex size-7 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <ListChecks aria-hidden="true" className="size-3.5" />
          </span>
          <h2>Recommendations</h2>
        </CardTitle>
        <CardDescription>
          {sorted.length === 0
            ? 'Nothing to fix: every measured check passed.'
            : `${countOf(sorted.length, 'fix', 'fixes')}, highest priority first, then the most points. Points are what the overall score gains when the check passes.`}
        </CardDescription>
        {aiWritten && sorted.length > 0 && <AiWrittenLabel />}
      </CardHeader>
      {sorted.length > 0 && (
        <CardContent>
          <ol className="space-y-3">
            {sorted.map((item, index) => (
              <li
                key={`${item.checkId ?? item.title}-${index}`}
                className={cn(
                  'relative overflow-hidden rounded-lg border bg-card p-4 pl-5 before:absolute before:inset-y-0 before:left-0 before:w-1',
                  priorityRail[item.priority],
                )}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="outline" className={priorityStyles[item.priority]}>
                    {item.priority} Priority
                  </Badge>
                  <Badge variant="secondary">{item.category}</Badge>
                </div>
                <p className="mt-2 break-words font-medium">{item.title}</p>
                <p className="mt-1 break-words text-muted-foreground text-sm leading-relaxed">{item.description}</p>
                <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
                  <span className="inline-flex items-center gap-1 text-muted-foreground">
                    <Clock aria-hidden="true" className="size-3.5" />
                    {hoursText(item.estimatedHours)}
                  </span>
                  <span className="inline-flex items-center gap-1 font-semibold text-success">
                    <TrendingUp aria-hidden="true" className="size-3.5" />
                    {impactText(item.scoreImpact)}
                  </span>
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      )}
    </Card>
  );
}
