import { Download } from 'lucide-react';
import type { TAdFeedSummary } from '../../../../shared/schemas/ad-feed.ts';
import { adPlatformLabels } from '../../../../shared/schemas/competitors.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatNumber } from '../../../lib/format.ts';

const adsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'ad' : 'ads'}`;

/** Running and stopped, and each platform's count, of the filtered library. */
function AdFigures({ summary }: { summary: TAdFeedSummary }) {
  return (
    <ul aria-label="Ad library figures" className="flex flex-wrap items-center gap-1.5 text-xs">
      <li>
        <Badge variant="success" data-testid="ads-running">
          {formatNumber(summary.running)} running
        </Badge>
      </li>
      <li>
        <Badge variant="outline" data-testid="ads-stopped">
          {formatNumber(summary.stopped)} stopped
        </Badge>
      </li>
      {summary.byPlatform.map(({ platform, ads }) => (
        <li key={platform}>
          <Badge variant="secondary" data-testid={`ads-on-${platform}`}>
            {adPlatformLabels[platform]}: {formatNumber(ads)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * How many ads the filters match (the list's X-Total-Count), the server's figures for them, and
 * the CSV export of the same ads.
 */
export function AdResultsBar({
  total,
  summary,
  exportUrl,
  busy,
}: {
  total: number | undefined;
  summary: TAdFeedSummary | undefined;
  exportUrl: string;
  /** new filters are loading: the figures shown are the previous ones */
  busy: boolean;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" aria-busy={busy}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        {total === undefined ? (
          <Skeleton className="h-5 w-20" />
        ) : (
          <p role="status" className="font-semibold text-sm tabular-nums" data-testid="ad-library-count">
            {adsText(total)}
          </p>
        )}
        {summary && total !== 0 && <AdFigures summary={summary} />}
      </div>
      {total !== 0 && (
        <Button asChild size="sm" variant="outline" className="self-start sm:self-auto">
          <a href={exportUrl} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      )}
    </div>
  );
}
