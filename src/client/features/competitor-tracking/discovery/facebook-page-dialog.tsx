import { ExternalLink, LoaderCircle, SearchX } from 'lucide-react';
import type { TCompetitor } from '../../../../shared/schemas/competitors.ts';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorDisplayMessage } from '../../../lib/api.ts';
import { formatNumber } from '../../../lib/format.ts';
import { adLibraryPageUrl, useChooseFacebookPage, useFacebookPageCandidates } from './facebook-page-queries.ts';

const adsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'ad' : 'ads'}`;

function Candidates({ competitor, onChosen }: { competitor: TCompetitor; onChosen: () => void }) {
  const candidates = useFacebookPageCandidates(competitor.id);
  const choose = useChooseFacebookPage(competitor.id, { onChosen });
  if (candidates.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Searching Meta's Ad Library for “{competitor.name}”...
        </p>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (candidates.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          {errorDisplayMessage(candidates.error, 'The pages could not be found. Please try again.')}
        </AlertDescription>
      </Alert>
    );
  }
  const { pages, adsRead, capped, countries } = candidates.data;
  if (pages.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-6 text-center text-sm">
        <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">No page advertises under this name in {countries.join(', ')}.</p>
        <p className="max-w-sm text-muted-foreground">
          If you know the competitor's page, paste its address or Ad Library link in Edit.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-muted-foreground text-sm">
        {capped ? `Of the first ${formatNumber(adsRead)} ads` : `Of ${adsText(adsRead)}`} mentioning “{competitor.name}”
        in {countries.join(', ')}, by the page that ran them. Choose the competitor's own: only its ads are kept.
      </p>
      <ul className="divide-y rounded-lg border" aria-label="Facebook pages found">
        {pages.map((page) => (
          <li
            key={page.pageId}
            className="flex items-center justify-between gap-3 px-3 py-2"
            aria-label={page.pageName ?? page.pageId}
          >
            <div className="min-w-0">
              <p className="truncate font-medium">{page.pageName ?? 'Unnamed page'}</p>
              <p className="text-muted-foreground text-xs tabular-nums">
                {adsText(page.adCount)} · page {page.pageId} ·{' '}
                <a
                  href={adLibraryPageUrl(page.pageId)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-0.5 text-primary hover:underline"
                >
                  view its ads
                  <ExternalLink aria-hidden="true" className="size-3" />
                </a>
              </p>
            </div>
            <Button
              size="sm"
              onClick={() => choose.mutate({ facebookPageId: page.pageId })}
              disabled={choose.isPending}
              aria-label={`Choose ${page.pageName ?? page.pageId}`}
            >
              {choose.isPending && choose.variables?.facebookPageId === page.pageId ? 'Choosing...' : 'Choose'}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Find this competitor's Facebook page": a name search of the Ad Library finds other advertisers
 * too (any ad naming it), so the user chooses the competitor's own page from those found, with
 * how many ads each ran; discovery then reads that page's ads only.
 */
export function FacebookPageDialog({
  competitor,
  open,
  onOpenChange,
}: {
  competitor: TCompetitor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Find {competitor.name}'s Facebook page</DialogTitle>
          <DialogDescription>
            Ads are discovered from the competitor's own Facebook page, never by name: a name also matches other
            advertisers' ads.
          </DialogDescription>
        </DialogHeader>
        {open && <Candidates competitor={competitor} onChosen={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
