import { useState } from 'react';
import {
  adPlatformLabels,
  adPlatforms,
  adTypes,
  campaignObjectives,
  type TAd,
  type TAdPlatform,
  type TAdType,
  type TCampaignObjective,
  type TCompetitorWithCounts,
} from '../../../shared/schemas/competitors.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { wordsOf } from './ad-card.tsx';
import { useSaveAd } from './competitor-queries.ts';

const NONE = '__none__';
const dateInput = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

type Form = {
  competitorId: string;
  platform: TAdPlatform | '';
  adTitle: string;
  adText: string;
  landingPageUrl: string;
  imageUrl: string;
  adType: TAdType | null;
  campaignObjective: TCampaignObjective | null;
  firstSeenAt: string;
  lastSeenAt: string;
  isActive: boolean;
};

const formOf = (ad: TAd | null): Form => ({
  competitorId: ad?.competitorId ?? '',
  platform: ad?.platform ?? '',
  adTitle: ad?.adTitle ?? '',
  adText: ad?.adText ?? '',
  landingPageUrl: ad?.landingPageUrl ?? '',
  imageUrl: ad?.imageUrl ?? '',
  adType: ad?.adType ?? null,
  campaignObjective: ad?.campaignObjective ?? null,
  firstSeenAt: dateInput(ad?.firstSeenAt),
  lastSeenAt: dateInput(ad?.lastSeenAt),
  isActive: ad?.isActive ?? true,
});

function OptionalSelect<T extends string>({
  id,
  label,
  value,
  values,
  labelOf,
  onChange,
}: {
  id: string;
  label: string;
  value: T | null;
  values: readonly T[];
  labelOf: (value: T) => string;
  onChange: (value: T | null) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? NONE} onValueChange={(next) => onChange(next === NONE ? null : (next as T))}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>Not recorded</SelectItem>
          {values.map((option) => (
            <SelectItem key={option} value={option}>
              {labelOf(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Add Ad (SPEC §5: competitor and platform required, everything else optional), and editing one. */
export function AdDialog({
  ad,
  competitors,
  open,
  onOpenChange,
}: {
  /** null to add one */
  ad: TAd | null;
  competitors: TCompetitorWithCounts[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(ad));
  const save = useSaveAd({ onSaved: () => onOpenChange(false) });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const ready = form.competitorId !== '' && form.platform !== '';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready || form.platform === '') return;
    save.mutate({
      id: ad?.id ?? null,
      fields: {
        ...form,
        platform: form.platform,
        adId: ad?.adId ?? null,
        spend: ad?.spend,
        impressions: ad?.impressions,
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{ad ? 'Edit Ad' : 'Add Ad'}</DialogTitle>
            <DialogDescription>
              An ad you saw, as it ran. Only the competitor and platform are required.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="ad-competitor">Competitor</Label>
              <Select value={form.competitorId} onValueChange={(value) => set('competitorId', value)}>
                <SelectTrigger id="ad-competitor" className="w-full">
                  <SelectValue placeholder="Choose a competitor" />
                </SelectTrigger>
                <SelectContent>
                  {competitors.map((competitor) => (
                    <SelectItem key={competitor.id} value={competitor.id}>
                      {competitor.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="ad-platform">Platform</Label>
              <Select value={form.platform} onValueChange={(value) => set('platform', value as TAdPlatform)}>
                <SelectTrigger id="ad-platform" className="w-full">
                  <SelectValue placeholder="Choose a platform" />
                </SelectTrigger>
                <SelectContent>
                  {adPlatforms.map((platform) => (
                    <SelectItem key={platform} value={platform}>
                      {adPlatformLabels[platform]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ad-title">Title</Label>
            <Input id="ad-title" value={form.adTitle} onChange={(event) => set('adTitle', event.target.value)} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ad-text">Ad text</Label>
            <Textarea
              id="ad-text"
              rows={4}
              value={form.adText}
              onChange={(event) => set('adText', event.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="ad-landing">Landing page</Label>
              <Input
                id="ad-landing"
                value={form.landingPageUrl}
                placeholder="https://"
                onChange={(event) => set('landingPageUrl', event.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="ad-image">Image URL</Label>
              <Input
                id="ad-image"
                value={form.imageUrl}
                placeholder="https://"
                onChange={(event) => set('imageUrl', event.target.value)}
              />
            </div>
            <OptionalSelect
              id="ad-type"
              label="Ad type"
              value={form.adType}
              values={adTypes}
              labelOf={wordsOf}
              onChange={(value) => set('adType', value)}
            />
            <OptionalSelect
              id="ad-objective"
              label="Objective"
              value={form.campaignObjective}
              values={campaignObjectives}
              labelOf={wordsOf}
              onChange={(value) => set('campaignObjective', value)}
            />
            <div className="space-y-1.5">
              <Label htmlFor="ad-first-seen">First seen</Label>
              <Input
                id="ad-first-seen"
                type="date"
                value={form.firstSeenAt}
                onChange={(event) => set('firstSeenAt', event.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="ad-last-seen">Last seen</Label>
              <Input
                id="ad-last-seen"
                type="date"
                value={form.lastSeenAt}
                onChange={(event) => set('lastSeenAt', event.target.value)}
              />
            </div>
          </div>
          <div className="flex items-center gap-2">
            <Switch id="ad-active" checked={form.isActive} onCheckedChange={(checked) => set('isActive', checked)} />
            <Label htmlFor="ad-active">Still running</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready || save.isPending}>
              {save.isPending ? 'Saving...' : ad ? 'Save Changes' : 'Add Ad'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
