import { CircleAlert, LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import type { TInsightSourceKind } from '../../../../shared/schemas/insight-sources.ts';
import { insightChannelLabels, insightChannels, type TInsightChannel } from '../../../../shared/schemas/insights.ts';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { errorDisplayMessage, isUnauthorizedError } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { useCompetitors } from '../../competitor-tracking/competitor-queries.ts';
import { useAddInsightSource } from './source-queries.ts';

const TEXTS: Record<TInsightSourceKind, { title: string; description: string; label: string; hint: string }> = {
  feed: {
    title: 'Add a feed',
    description:
      'An RSS or Atom feed that mentions the brand: news, review sites, forums, or a Google Alerts feed. We check that it reads as a feed before adding it.',
    label: 'Feed address',
    hint: 'For a Google Alert: on google.com/alerts, open the alert’s options, set “Deliver to” to RSS feed, then copy the feed’s address.',
  },
  site_reviews: {
    title: 'Add website reviews',
    description:
      'Reviews marked up on a website (schema.org Review, in JSON-LD or microdata). Discovery reads the page given and up to 20 pages of the same site.',
    label: 'Website or reviews page',
    hint: 'Star-rating summaries found there are shown with the source; only reviews with words in them become insights.',
  },
};

const BRAND_ITSELF = 'brand';
/** Let the server tell from the feed itself (its title, software and address) */
const DETECT = 'detect';

/**
 * Adds a feed or a website's reviews as a source of the brand, or of one of its competitors; the
 * server's refusal is shown in place.
 */
export function AddSourceDialog({
  brand,
  kind,
  onOpenChange,
}: {
  brand: TBrand;
  /** the kind being added; null when closed */
  kind: TInsightSourceKind | null;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddInsightSource(brand.id);
  // the brand's own row (its own ads, in competitor tracking) is the brand itself here
  const competitors = (useCompetitors(brand.id, { enabled: kind !== null }).data ?? []).filter(
    (competitor) => !competitor.isOwnBrand,
  );
  /** whom the source speaks about: the brand itself, or one of its competitors */
  const [about, setAbout] = useState(BRAND_ITSELF);
  const [url, setUrl] = useState('');
  /** what the feed is: its mentions are labelled so */
  const [category, setCategory] = useState<TInsightChannel | typeof DETECT>(DETECT);
  const [problem, setProblem] = useState<string | null>(null);
  const texts = TEXTS[kind ?? 'feed'];
  const close = () => {
    setUrl('');
    setAbout(BRAND_ITSELF);
    setCategory(DETECT);
    setProblem(null);
    add.reset();
    onOpenChange(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind) return;
    setProblem(null);
    add.mutate(
      {
        kind,
        url: url.trim() || undefined,
        ...(about === BRAND_ITSELF ? {} : { competitorId: about }),
        ...(kind === 'feed' && category !== DETECT ? { category } : {}),
      },
      {
        onSuccess: (source) => {
          toast({
            title: 'Source Added',
            description: `${source.title ?? source.url} will be read by the next discovery.`,
          });
          close();
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) notifyError(error, 'Failed to add source', 'Failed to add source');
          else setProblem(errorDisplayMessage(error, 'Failed to add source'));
        },
      },
    );
  };

  const needsUrl = kind === 'feed' || about !== BRAND_ITSELF || !brand.websiteUrl;
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{texts.title}</DialogTitle>
            <DialogDescription>{texts.description}</DialogDescription>
          </DialogHeader>
          {competitors.length > 0 && (
            <div className="space-y-2">
              <Label htmlFor="insight-source-about">About</Label>
              <Select value={about} onValueChange={setAbout}>
                <SelectTrigger id="insight-source-about" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={BRAND_ITSELF}>{brand.name}</SelectItem>
                  {competitors.map((competitor) => (
                    <SelectItem key={competitor.id} value={competitor.id}>
                      {competitor.name} (competitor)
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          <div className="space-y-2">
            <Label htmlFor="insight-source-url">{texts.label}</Label>
            <Input
              id="insight-source-url"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder={kind === 'feed' ? 'https://www.google.com/alerts/feeds/…' : (brand.websiteUrl ?? 'https://')}
              value={url}
              required={needsUrl}
              onChange={(event) => setUrl(event.target.value)}
              aria-describedby="insight-source-hint"
              aria-invalid={problem ? true : undefined}
            />
            <p id="insight-source-hint" className="text-muted-foreground text-xs">
              {kind === 'site_reviews' && about === BRAND_ITSELF && brand.websiteUrl
                ? `Leave empty to use ${brand.websiteUrl}. `
                : ''}
              {texts.hint}
            </p>
          </div>
          {kind === 'feed' && (
            <div className="space-y-2">
              <Label htmlFor="insight-source-category">What is this feed?</Label>
              <Select value={category} onValueChange={(value) => setCategory(value as typeof category)}>
                <SelectTrigger
                  id="insight-source-category"
                  className="w-full"
                  aria-describedby="insight-source-category-hint"
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={DETECT}>Tell from the feed</SelectItem>
                  {insightChannels.map((channel) => (
                    <SelectItem key={channel} value={channel}>
                      {insightChannelLabels[channel]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p id="insight-source-category-hint" className="text-muted-foreground text-xs">
                Its mentions are labelled with this and the feed’s own title, such as “News · Yorkshire Evening Post”.
              </p>
            </div>
          )}
          {problem && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending || (needsUrl && !url.trim())}>
              {add.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {add.isPending ? 'Checking...' : 'Add Source'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
