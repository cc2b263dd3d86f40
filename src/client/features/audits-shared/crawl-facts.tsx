import { FileSearch, TriangleAlert } from 'lucide-react';
import { CRAWL_COUNTS_DEFINITION, crawlCountsText, renderingText } from '../../../shared/crawl-counts.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatNumber } from '../../lib/format.ts';
import type { TReportAudit } from './report-types.ts';

function durationText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${formatNumber(Math.max(1, Math.round(seconds)))} s`;
  return `${formatNumber(Math.floor(seconds / 60))} min ${formatNumber(Math.round(seconds % 60))} s`;
}

/** How the website was crawled: pages read, time taken, and what could not be read. */
export function CrawlFacts({ audit }: { audit: TReportAudit }) {
  const crawl = audit.analysis?.crawl;
  if (!crawl) return null;
  const rendering = renderingText(crawl.rendering);
  return (
    <Card className="gap-4">
      <CardHeader className="gap-2">
        <CardTitle className="flex items-center gap-2">
          <span className="flex size-7 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <FileSearch aria-hidden="true" className="size-3.5" />
          </span>
          <h2>Website crawl</h2>
        </CardTitle>
        <CardDescription data-testid="crawl-counts">
          {`${crawlCountsText(crawl)}. ${CRAWL_COUNTS_DEFINITION}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {rendering ? (
          <p data-testid="crawl-rendering" className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
            {rendering}
          </p>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="rounded-lg bg-muted/50 p-3">
            <dt className="text-muted-foreground text-xs">Pages crawled</dt>
            <dd className="font-semibold text-xl tabular-nums">{formatNumber(crawl.pages)}</dd>
          </div>
          {crawl.pagesAnalysed === undefined ? null : (
            <div className="rounded-lg bg-muted/50 p-3">
              <dt className="text-muted-foreground text-xs">Pages analysed</dt>
              <dd className="font-semibold text-xl tabular-nums">{formatNumber(crawl.pagesAnalysed)}</dd>
            </div>
          )}
          <div className="rounded-lg bg-muted/50 p-3">
            <dt className="text-muted-foreground text-xs">Time taken</dt>
            <dd className="font-semibold text-xl tabular-nums">{durationText(crawl.durationMs)}</dd>
          </div>
          <div className="rounded-lg bg-muted/50 p-3">
            <dt className="text-muted-foreground text-xs">Addresses not read</dt>
            <dd className="font-semibold text-xl tabular-nums">{formatNumber(crawl.problems.length)}</dd>
          </div>
        </dl>
        {crawl.problems.length > 0 && (
          <div>
            <h3 className="font-medium text-sm">Problems while crawling</h3>
            <ul className="mt-2 space-y-2">
              {crawl.problems.map((problem, index) => (
                <li key={index} className="flex gap-2 rounded-md border bg-warning/5 px-3 py-2 text-xs">
                  <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
                  <div className="min-w-0">
                    <p className="break-all font-medium">{problem.url}</p>
                    <p className="mt-0.5 text-muted-foreground">{problem.reason}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
