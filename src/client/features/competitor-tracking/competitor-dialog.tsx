import { useState } from 'react';
import { resolveFacebookPageId } from '../../../shared/facebook-page-id.ts';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import {
  competitorSizeLabels,
  competitorSizes,
  type TCompetitorSize,
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
import { Textarea } from '../../components/ui/textarea.tsx';
import { useSaveCompetitor } from './competitor-queries.ts';

const NO_SIZE = '__none__';

type Form = {
  name: string;
  website: string;
  industry: string;
  size: TCompetitorSize | null;
  description: string;
  facebookPageId: string;
};

const formOf = (competitor: TCompetitorWithCounts | null): Form => ({
  name: competitor?.name ?? '',
  website: competitor?.website ?? '',
  industry: competitor?.industry ?? '',
  size: competitor?.size ?? null,
  description: competitor?.description ?? '',
  facebookPageId: competitor?.facebookPageId ?? '',
});

/** What the page field will store, said before saving: the id read from an address, or why it cannot be. */
function PageIdHint({ value }: { value: string }) {
  if (!value.trim()) {
    return (
      <p className="text-muted-foreground text-xs">
        Optional. The competitor's ads are read from this page in Meta's Ad Library: the numeric id under the page's
        About &gt; Page transparency, a facebook.com address that contains it, or the page's Ad Library link. Without
        it, "Find Facebook page" lists the pages advertising under the company's name.
      </p>
    );
  }
  const resolved = resolveFacebookPageId(value);
  return resolved.ok ? (
    <p className="text-muted-foreground text-xs">Page id {resolved.pageId}</p>
  ) : (
    <p className="text-destructive text-xs" role="alert">
      {resolved.message}
    </p>
  );
}

/** Add Competitor (SPEC §5: the button is disabled without a company name), and the same form to edit one. */
export function CompetitorDialog({
  brand,
  competitor,
  open,
  onOpenChange,
}: {
  brand: TBrand;
  /** null to add one */
  competitor: TCompetitorWithCounts | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(competitor));
  const save = useSaveCompetitor({ onSaved: () => onOpenChange(false) });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) return;
    const fields = { ...form, size: form.size ?? null };
    save.mutate(competitor ? { id: competitor.id, fields } : { id: null, fields: { ...fields, brandId: brand.id } });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{competitor ? `Edit ${competitor.name}` : 'Add Competitor'}</DialogTitle>
            <DialogDescription>
              {competitor ? 'Change what you know about this competitor.' : `A company competing with ${brand.name}.`}
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor="competitor-name">Company name</Label>
            <Input
              id="competitor-name"
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
              maxLength={200}
              required
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="competitor-website">Website</Label>
              <Input
                id="competitor-website"
                value={form.website}
                onChange={(event) => set('website', event.target.value)}
                placeholder="example.com"
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="competitor-industry">Industry</Label>
              <Input
                id="competitor-industry"
                value={form.industry}
                onChange={(event) => set('industry', event.target.value)}
                maxLength={100}
              />
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="competitor-size">Size</Label>
            <Select
              value={form.size ?? NO_SIZE}
              onValueChange={(value) => set('size', value === NO_SIZE ? null : (value as TCompetitorSize))}
            >
              <SelectTrigger id="competitor-size" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_SIZE}>Not known</SelectItem>
                {competitorSizes.map((size) => (
                  <SelectItem key={size} value={size}>
                    {competitorSizeLabels[size]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="competitor-page">Facebook page id, address or Ad Library link</Label>
            <Input
              id="competitor-page"
              value={form.facebookPageId}
              onChange={(event) => set('facebookPageId', event.target.value)}
              placeholder="104958162837"
            />
            <PageIdHint value={form.facebookPageId} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="competitor-description">Description</Label>
            <Textarea
              id="competitor-description"
              value={form.description}
              onChange={(event) => set('description', event.target.value)}
              maxLength={2000}
              rows={3}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!form.name.trim() || save.isPending}>
              {save.isPending ? 'Saving...' : competitor ? 'Save Changes' : 'Add Competitor'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
