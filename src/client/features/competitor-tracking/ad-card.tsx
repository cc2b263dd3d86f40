import { CalendarDays, ExternalLink, Pencil } from 'lucide-react';
import { useState } from 'react';
import { adPlatformLabels, metaMediaTypeLabels, type TAd } from '../../../shared/schemas/competitors.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useDeleteAd } from './competitor-queries.ts';
import { webAddress } from './links.ts';
import { MetaDetails } from './meta-ad-details.tsx';

const NOT_DISCLOSED = 'not disclosed';

export const wordsOf = (value: string) => value.replace(/_/g, ' ');

const sourceLabels: Record<TAd['source'], string> = {
  manual: 'Added by hand',
  csv: 'Imported from CSV',
  meta: "Meta's Ad Library",
  tiktok: "TikTok's Commercial Content Library",
};

/** Reach as a count (Meta), as TikTok words it ("11K"), or not disclosed. */
function reachText(ad: TAd): string {
  // Meta states reach for ads delivered in the EU only (eu_total_reach)
  if (ad.reach !== null) return ad.source === 'meta' ? `${formatNumber(ad.reach)} in the EU` : formatNumber(ad.reach);
  return ad.reachAsStated ?? NOT_DISCLOSED;
}

const sourcePageLabel = (ad: TAd) =>
  ad.platform === 'meta'
    ? 'View in the Ad Library'
    : ad.platform === 'tiktok' && ad.source === 'tiktok'
      ? 'View on TikTok'
      : 'View in the source';

function runningText(ad: TAd): string | null {
  if (ad.runningDays === null) return null;
  const days = `${ad.runningDays} ${ad.runningDays === 1 ? 'day' : 'days'}`;
  return ad.isActive ? `running ${days}` : `ran ${days}`;
}

function spendText(ad: TAd): string {
  if (!ad.spend) return NOT_DISCLOSED;
  return ad.spendCurrency ? `${ad.spend} ${ad.spendCurrency}` : ad.spend;
}

function DeleteAdButton({ ad }: { ad: TAd }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAd({ onDeleted: () => setConfirming(false) });
  return (
    <ConfirmDeleteButton
      label="Delete ad"
      title="Delete this ad?"
      description="It is removed from the ad library and from reports generated after now. This cannot be undone."
      open={confirming}
      onOpenChange={setConfirming}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(ad.id)}
    />
  );
}

/**
 * One ad as the library holds it; what the source did not disclose is said to be not disclosed.
 * Without `onEdit` (a read-only library) it can only be deleted.
 */
export function AdCard({ ad, competitorName, onEdit }: { ad: TAd; competitorName: string; onEdit?: () => void }) {
  const landing = webAddress(ad.landingPageUrl);
  const sourcePage = webAddress(ad.adLibraryUrl);
  const video = webAddress(ad.videoUrl);
  const running = runningText(ad);
  return (
    <article
      id={`ad-${ad.id}`}
      aria-label={`Ad by ${competitorName}`}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
    >
      <header className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-1.5">
          <span className="font-semibold text-sm">{competitorName}</span>
          <Badge variant="outline">{adPlatformLabels[ad.platform]}</Badge>
          {ad.adType && <Badge variant="secondary">{ad.adType}</Badge>}
          {ad.mediaType && <Badge variant="secondary">{metaMediaTypeLabels[ad.mediaType]}</Badge>}
          <Badge variant={ad.isActive ? 'success' : 'outline'}>{ad.isActive ? 'Active' : 'Stopped'}</Badge>
        </div>
        <div className="flex shrink-0">
          {onEdit && (
            <Button variant="ghost" size="icon-sm" aria-label="Edit ad" onClick={onEdit}>
              <Pencil aria-hidden="true" />
            </Button>
          )}
          <DeleteAdButton ad={ad} />
        </div>
      </header>
      {ad.adTitle && <p className="font-medium">{ad.adTitle}</p>}
      {ad.adText ? (
        <p className="whitespace-pre-line text-sm">{ad.adText}</p>
      ) : (
        <p className="text-muted-foreground text-sm italic">No creative text recorded</p>
      )}
      {landing && (
        <div className="rounded-md bg-muted/50 px-3 py-2 text-xs">
          <a
            href={landing}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-center gap-1 truncate text-primary hover:underline"
          >
            {ad.landingPageUrl}
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          </a>
          {(ad.landingPageTitle || ad.landingPageCta) && (
            <p className="mt-1 text-muted-foreground">
              {ad.landingPageTitle && <>Page title: {ad.landingPageTitle}</>}
              {ad.landingPageTitle && ad.landingPageCta && ' · '}
              {ad.landingPageCta && <>Call to action: {ad.landingPageCta}</>}
            </p>
          )}
        </div>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        <dt className="text-muted-foreground">Objective</dt>
        <dd>{ad.campaignObjective ? wordsOf(ad.campaignObjective) : 'not recorded'}</dd>
        <dt className="text-muted-foreground">Spend</dt>
        <dd>{spendText(ad)}</dd>
        <dt className="text-muted-foreground">Impressions</dt>
        <dd>{ad.impressions ?? NOT_DISCLOSED}</dd>
        <dt className="text-muted-foreground">Reach</dt>
        <dd>{reachText(ad)}</dd>
      </dl>
      {ad.source === 'meta' && <MetaDetails ad={ad} />}
      <footer className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-2 text-muted-foreground text-xs">
        <span className="inline-flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-3" />
          First seen {formatDate(ad.firstSeenAt, 'not recorded')} · last seen{' '}
          {formatDate(ad.lastSeenAt, 'not recorded')}
          {running && <> · {running}</>}
        </span>
        <span className="inline-flex items-center gap-2">
          {sourceLabels[ad.source]}
          {video && (
            <a
              href={video}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-primary hover:underline"
            >
              Video
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          )}
          {sourcePage && (
            <a
              href={sourcePage}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-primary hover:underline"
            >
              {sourcePageLabel(ad)}
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          )}
        </span>
      </footer>
    </article>
  );
}
