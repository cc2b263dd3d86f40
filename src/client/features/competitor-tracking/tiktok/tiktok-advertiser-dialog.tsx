import { LoaderCircle, Search, SearchX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { TCompetitor } from '../../../../shared/schemas/competitors.ts';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { errorDisplayMessage } from '../../../lib/api.ts';
import { useChooseTikTokAdvertiser, useTikTokAdvertisers } from './tiktok-queries.ts';

function Advertisers({
  competitor,
  searchTerm,
  onChosen,
}: {
  competitor: TCompetitor;
  searchTerm: string;
  onChosen: () => void;
}) {
  const found = useTikTokAdvertisers(competitor.id, searchTerm);
  const choose = useChooseTikTokAdvertiser(competitor.id, { onChosen });
  if (found.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm" aria-busy="true">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Searching TikTok's advertisers for “{searchTerm}”...
      </p>
    );
  }
  if (found.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{errorDisplayMessage(found.error, 'The advertisers could not be found.')}</AlertDescription>
      </Alert>
    );
  }
  if (found.data.advertisers.length === 0) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <SearchX aria-hidden="true" className="size-4" />
        No TikTok advertiser is named “{found.data.searchTerm}”. Try other words, or enter its business id below.
      </p>
    );
  }
  return (
    <ul className="divide-y rounded-lg border" aria-label="TikTok advertisers found">
      {found.data.advertisers.map((advertiser) => (
        <li key={advertiser.businessId} className="flex items-center justify-between gap-3 px-3 py-2">
          <div className="min-w-0">
            <p className="truncate font-medium">{advertiser.businessName ?? 'Unnamed advertiser'}</p>
            <p className="text-muted-foreground text-xs tabular-nums">
              business {advertiser.businessId}
              {advertiser.countryCode ? ` · registered in ${advertiser.countryCode}` : ''}
            </p>
          </div>
          <Button
            size="sm"
            disabled={choose.isPending}
            aria-label={`Choose ${advertiser.businessName ?? advertiser.businessId}`}
            onClick={() => choose.mutate({ businessId: advertiser.businessId, businessName: advertiser.businessName })}
          >
            Choose
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Find TikTok advertiser": TikTok's advertiser search by name (one request of the server's
 * daily quota per search), or the business id typed in; discovery then reads that advertiser's
 * ads only.
 */
export function TikTokAdvertiserDialog({
  competitor,
  open,
  onOpenChange,
}: {
  competitor: TCompetitor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [words, setWords] = useState(competitor.name.slice(0, 50));
  const [searchTerm, setSearchTerm] = useState<string | null>(null);
  const [businessId, setBusinessId] = useState(competitor.tiktokBusinessId ?? '');
  const close = () => onOpenChange(false);
  const choose = useChooseTikTokAdvertiser(competitor.id, { onChosen: close });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setSearchTerm(words.trim());
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    choose.mutate({ businessId: businessId.trim(), businessName: null });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Find {competitor.name}'s TikTok advertiser</DialogTitle>
          <DialogDescription>
            TikTok ads are read from the advertiser you choose, never by name: other businesses' names can match.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={search} className="flex items-end gap-2">
          <div className="grow space-y-1">
            <Label htmlFor="tiktok-search">Advertiser name</Label>
            <Input id="tiktok-search" value={words} maxLength={50} onChange={(event) => setWords(event.target.value)} />
          </div>
          <Button type="submit" variant="outline" disabled={!words.trim()}>
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>
        {searchTerm && <Advertisers competitor={competitor} searchTerm={searchTerm} onChosen={close} />}
        <form onSubmit={save} className="flex items-end gap-2 border-t pt-4">
          <div className="grow space-y-1">
            <Label htmlFor="tiktok-business-id">Or enter its business id</Label>
            <Input
              id="tiktok-business-id"
              inputMode="numeric"
              value={businessId}
              placeholder="7301234567890123456"
              onChange={(event) => setBusinessId(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={!businessId.trim() || choose.isPending}>
            Save
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
