import { Globe, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import { countOf } from '../../../shared/words.ts';
import { ReadOnlyBadge } from '../../components/read-only-badge.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/utils.ts';
import { BrandThumb } from '../audits-shared/brand-thumb.tsx';
import { BrandForm } from './brand-form.tsx';
import { useDeleteBrand } from './brand-mutations.ts';

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function EditBrandDialog({ brand, onClose }: { brand: TBrand | null; onClose: () => void }) {
  return (
    <Dialog open={brand !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Edit {brand?.name}</DialogTitle>
          <DialogDescription>Changes apply to the next audit you run.</DialogDescription>
        </DialogHeader>
        {brand && <BrandForm key={brand.id} brand={brand} onSaved={onClose} onCancel={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

type BrandListProps = {
  brands: TBrand[];
  selectedBrandId: string | null;
  onSelect: (brandId: string) => void;
  onEdit: (brand: TBrand) => void;
};

/**
 * The account's brands, each with a menu to edit or delete it. A brand the plan keeps read-only is
 * marked, and can be deleted but not edited.
 */
export function BrandList({ brands, selectedBrandId, onSelect, onEdit }: BrandListProps) {
  const [deleting, setDeleting] = useState<TBrand | null>(null);
  const remove = useDeleteBrand(() => setDeleting(null));

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Your Brands</h2>
        </CardTitle>
        <CardDescription>{countOf(brands.length, 'brand')}</CardDescription>
      </CardHeader>
      <CardContent className="px-3 sm:px-4">
        <ul className="space-y-1">
          {brands.map((brand) => {
            const host = hostOf(brand.websiteUrl);
            const selected = brand.id === selectedBrandId;
            return (
              <li
                key={brand.id}
                className={cn(
                  'flex items-center gap-2 rounded-lg p-2 transition-colors',
                  selected ? 'bg-accent' : 'hover:bg-muted/60',
                )}
              >
                <button
                  type="button"
                  onClick={() => onSelect(brand.id)}
                  aria-pressed={selected}
                  className="flex min-w-0 flex-1 items-center gap-3 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <BrandThumb name={brand.name} src={brand.logoUrl} className="size-9" />
                  <span className="min-w-0">
                    <span className="flex min-w-0 items-center gap-1.5">
                      <span className="truncate font-medium text-sm">{brand.name}</span>
                      {brand.readOnly && <ReadOnlyBadge />}
                    </span>
                    <span className="flex items-center gap-1 truncate text-muted-foreground text-xs">
                      <Globe aria-hidden="true" className="size-3 shrink-0" />
                      {host ?? 'No website yet'}
                    </span>
                  </span>
                </button>
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${brand.name}`}>
                      <MoreHorizontal aria-hidden="true" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end" className="w-44">
                    <DropdownMenuItem disabled={brand.readOnly} onSelect={() => onEdit(brand)}>
                      <Pencil aria-hidden="true" />
                      Edit brand
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(brand)}>
                      <Trash2 aria-hidden="true" />
                      Delete brand
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </li>
            );
          })}
        </ul>
      </CardContent>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {deleting?.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              This deletes the brand, its audits and their shared report links. It cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              disabled={remove.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (deleting) remove.mutate(deleting);
              }}
            >
              {remove.isPending ? 'Deleting...' : 'Delete Brand'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
