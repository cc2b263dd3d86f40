import { LoaderCircle, Music2, Search } from 'lucide-react';
import { useState } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import type { TCompetitor } from '../../../../shared/schemas/competitors.ts';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { TikTokAdvertiserDialog } from './tiktok-advertiser-dialog.tsx';
import { useTikTokDiscovery, useTikTokSource } from './tiktok-queries.ts';

function CompetitorTikTok({ competitor, available }: { competitor: TCompetitor; available: boolean }) {
  const [choosing, setChoosing] = useState(false);
  const { start, task } = useTikTokDiscovery(competitor.id);
  const running = start.isPending || task?.status === 'queued' || task?.status === 'running';
  return (
    <li className="space-y-1 py-3" aria-label={`${competitor.name} on TikTok`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-medium">
            {competitor.name}
            {competitor.isOwnBrand && <Badge variant="secondary">Your brand</Badge>}
          </p>
          <p className="text-muted-foreground text-xs">
            {competitor.tiktokBusinessId
              ? competitor.tiktokBusinessName
                ? `TikTok advertiser ${competitor.tiktokBusinessName} (business ${competitor.tiktokBusinessId})`
                : `TikTok business ${competitor.tiktokBusinessId}`
              : 'No TikTok advertiser chosen'}
          </p>
        </div>
        {available && (
          <div className="flex gap-1">
            <Button size="sm" variant="outline" onClick={() => setChoosing(true)}>
              <Search aria-hidden="true" />
              Find TikTok advertiser
            </Button>
            <Button
              size="sm"
              disabled={!competitor.tiktokBusinessId || running}
              onClick={() => start.mutate()}
              aria-label={`Discover ${competitor.name}'s TikTok ads`}
            >
              {running ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Music2 aria-hidden="true" />}
              Discover TikTok ads
            </Button>
          </div>
        )}
      </div>
      {task && (
        <p
          className={task.status === 'failed' ? 'text-destructive text-sm' : 'text-muted-foreground text-sm'}
          role="status"
        >
          {task.status === 'running' || task.status === 'queued' ? `${task.percent}% · ` : ''}
          {task.message}
        </p>
      )}
      {choosing && <TikTokAdvertiserDialog competitor={competitor} open onOpenChange={setChoosing} />}
    </li>
  );
}

/**
 * TikTok ad discovery: what TikTok's library covers (ads shown in the EU), whether this server can
 * read it, and per competitor its chosen advertiser with "Find TikTok advertiser" and "Discover
 * TikTok ads".
 */
export function TikTokAdsCard({ brand, competitors }: { brand: TBrand; competitors: TCompetitor[] }) {
  const source = useTikTokSource();
  const available = source.data?.configured === true;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Music2 aria-hidden="true" className="size-5 text-primary" />
            TikTok Ads
          </h2>
        </CardTitle>
        <CardDescription>{source.data?.coverage}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {source.data && !available && (
          <Alert>
            <AlertDescription>
              <p>{source.data.notConfiguredMessage} Add TikTok ads by hand or import a CSV.</p>
              {source.data.adminHint && <p className="mt-1 text-xs">{source.data.adminHint}</p>}
            </AlertDescription>
          </Alert>
        )}
        {competitors.length === 0 ? (
          <p className="text-muted-foreground text-sm">Add a competitor of {brand.name} to read its TikTok ads.</p>
        ) : (
          <ul className="divide-y">
            {competitors.map((competitor) => (
              <CompetitorTikTok key={competitor.id} competitor={competitor} available={available} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
