import { Info, LoaderCircle, Radar } from 'lucide-react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import type { TDiscoveryResult } from '../../../../shared/schemas/insight-sources.ts';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { TaskProgressBar } from './task-progress-bar.tsx';
import { plural, useDiscovery } from './use-discovery.ts';

function LastResult({ result }: { result: TDiscoveryResult }) {
  const failed = result.sources.filter((source) => source.status === 'failed');
  const searched = (result.mentionSources ?? []).filter(
    (source) => source.status === 'read' || source.status === 'failed',
  );
  return (
    <div className="space-y-1 rounded-lg border bg-muted/40 px-3 py-2 text-sm" data-testid="discovery-result">
      <p>
        Last discovery: {plural(result.added, 'new insight')}, {plural(result.duplicates, 'item')} already in your list
        {result.notKeptForPlan > 0 ? `, ${plural(result.notKeptForPlan, 'item')} over your plan's limit` : ''}.
      </p>
      {failed.map((source) => (
        <p key={source.sourceId} className="text-destructive">
          {source.title || source.url}: {source.error}
        </p>
      ))}
      {searched.length > 0 && (
        <ul aria-label="Sources searched by name" className="space-y-0.5">
          {searched.map((source) => (
            <li key={source.kind} className={source.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
              {source.label}:{' '}
              {source.status === 'failed'
                ? source.error
                : `${plural(source.found, 'item')} found, ${plural(source.added, 'new insight')}${source.note ? `. ${source.note}` : ''}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Reads every source of the brand in the background (POST /api/consumer-insights/discover) and
 * follows the job's real progress: 'Complete!' at 100 %, then the bar resets after 2 s, or at once
 * on failure. While any discovery of the user runs, the button waits.
 */
export function DiscoveryCard({ brand }: { brand: TBrand }) {
  const discovery = useDiscovery(brand);
  const { busy, progress, otherRunning } = discovery;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Radar aria-hidden="true" className="size-5 text-primary" />
            Discover Consumer Insights
          </h2>
        </CardTitle>
        <CardDescription>
          Searches news, forums, social posts and app reviews for {brand.name} by name (the Listening sources below),
          reads the feeds and review pages you add, analyses each new item and adds it to the list with its own date and
          link. Items already in the list are never added twice.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button onClick={discovery.start} disabled={busy || !discovery.allowed} className="sm:w-48">
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Radar aria-hidden="true" />}
            {busy ? 'Discovering...' : 'Discover Insights'}
          </Button>
          {!discovery.allowed && (
            <p className="text-muted-foreground text-sm">Your plan does not include consumer insights.</p>
          )}
          {otherRunning && !progress && (
            <p className="text-muted-foreground text-sm" role="status">
              Another discovery is running ({otherRunning.percent}%). You can start this one when it ends.
            </p>
          )}
        </div>
        {progress && <TaskProgressBar label="Discovery progress" stage={progress.stage} percent={progress.percent} />}
        {discovery.guidance && (
          <Alert variant="info">
            <Info aria-hidden="true" />
            <AlertDescription>
              <p>{discovery.guidance}</p>
              <p className="text-muted-foreground">Add one in the Sources card below.</p>
            </AlertDescription>
          </Alert>
        )}
        {discovery.lastResult && !progress && <LastResult result={discovery.lastResult} />}
      </CardContent>
    </Card>
  );
}
