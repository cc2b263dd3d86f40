import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, History, LoaderCircle, RefreshCw } from 'lucide-react';
import {
  changeSummary,
  hasChanges,
  type TAdChange,
  type TBrandAdChanges,
  type TChangedAd,
} from '../../../../shared/schemas/ad-changes.ts';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { apiJson } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { webAddress } from '../links.ts';

const adChangesKey = (brandId: string) => ['/api/brands', brandId, 'ad-changes'] as const;
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

function linkLabel(ad: TChangedAd): string {
  if (ad.platform === 'meta') return 'View in the Ad Library';
  if (ad.platform === 'tiktok') return 'View on TikTok';
  return 'View the ad';
}

function AdLink({ ad }: { ad: TChangedAd }) {
  const link = webAddress(ad.link);
  return (
    <li className="flex flex-wrap items-center gap-x-2 text-sm">
      <span>{ad.label}</span>
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-primary text-xs hover:underline"
          aria-label={`${linkLabel(ad)}: ${ad.label}`}
        >
          {linkLabel(ad)}
          <ExternalLink aria-hidden="true" className="size-3" />
        </a>
      ) : (
        <a href={`#ad-${ad.id}`} className="text-primary text-xs hover:underline">
          In the library
        </a>
      )}
    </li>
  );
}

function AdList({ title, ads }: { title: string; ads: TChangedAd[] }) {
  if (ads.length === 0) return null;
  return (
    <div className="space-y-1">
      <p className="font-medium text-sm">
        {title} ({ads.length})
      </p>
      <ul className="space-y-0.5 pl-2" aria-label={title}>
        {ads.map((ad) => (
          <AdLink key={ad.id} ad={ad} />
        ))}
      </ul>
    </div>
  );
}

function ChangeDetails({ change }: { change: TAdChange }) {
  if (!hasChanges(change)) {
    return <p className="text-muted-foreground text-sm">Nothing changed in its ads since {when(change.since)}.</p>;
  }
  return (
    <div className="space-y-2">
      <p className="text-sm">{changeSummary(change)}.</p>
      <AdList title="Started" ads={change.started} />
      <AdList title="Stopped" ads={change.stopped} />
      {change.newMessages.map((entry) => (
        <AdList
          key={entry.pattern}
          title={`New ${entry.offer ? 'offer' : 'message'}: ${entry.label}`}
          ads={entry.ads}
        />
      ))}
    </div>
  );
}

function CompetitorChanges({
  brandId,
  entry,
  readOnly,
}: {
  brandId: string;
  entry: TBrandAdChanges['competitors'][number];
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: () => apiJson<TAdChange>('POST', `/api/competitors/${entry.competitorId}/ad-changes`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adChangesKey(brandId) }),
    onError: (error) => notifyError(error, 'Check Failed', 'The ads could not be compared'),
  });
  const latest = entry.latest;
  return (
    <li className="space-y-2 py-4" aria-label={`What changed for ${entry.competitorName}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium">{entry.competitorName}</p>
          <p className="text-muted-foreground text-xs">
            {latest ? (
              <>
                Changes from {when(latest.since)} to {when(latest.comparedAt)}{' '}
                <Badge variant="outline">{latest.trigger === 'weekly' ? 'weekly' : 'on demand'}</Badge>
              </>
            ) : (
              'Not compared yet: the first weekly comparison looks back seven days.'
            )}
          </p>
        </div>
        {!readOnly && (
          <Button size="sm" variant="outline" disabled={check.isPending} onClick={() => check.mutate()}>
            {check.isPending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            Check what changed
          </Button>
        )}
      </div>
      {latest && <ChangeDetails change={latest} />}
    </li>
  );
}

/**
 * "What changed": per competitor, its latest comparison (weekly, or asked for with "Check what
 * changed"): the ads started and stopped since the one before and its new messages or offers,
 * each ad linking to its public page (Meta's Ad Library, TikTok's library).
 */
export function WhatChangedCard({ brand, readOnly = false }: { brand: TBrand; readOnly?: boolean }) {
  const changes = useQuery<TBrandAdChanges>({
    queryKey: adChangesKey(brand.id),
    queryFn: () => apiJson<TBrandAdChanges>('GET', `/api/brands/${brand.id}/ad-changes`),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <History aria-hidden="true" className="size-5 text-primary" />
            What changed
          </h2>
        </CardTitle>
        <CardDescription>
          Every week each competitor's ads are compared with the week before: ads started and stopped, and messages or
          offers none of its earlier ads used. The owner gets it by e-mail when the competitor changes notification is
          on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!changes.data ? (
          <Skeleton className="h-16 w-full" />
        ) : changes.data.competitors.length === 0 ? (
          <p className="text-muted-foreground text-sm">Add a competitor to see what changes in its ads.</p>
        ) : (
          <ul className="divide-y">
            {changes.data.competitors.map((entry) => (
              <CompetitorChanges key={entry.competitorId} brandId={brand.id} entry={entry} readOnly={readOnly} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
