import type { TBrand } from '../../shared/schemas/brands.ts';
import { cn } from '../lib/utils.ts';
import { ReadOnlyBadge } from './read-only-badge.tsx';
import { Label } from './ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select.tsx';

/** The brand a module's screen is about, chosen from the user's brands; read-only ones are marked. */
export function BrandSelector({
  id,
  brands,
  selectedId,
  onSelect,
  className,
}: {
  /** the select's element id, unique on the page */
  id: string;
  brands: TBrand[];
  selectedId: string;
  onSelect: (brandId: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('flex w-full flex-col gap-1.5 sm:w-56', className)}>
      <Label htmlFor={id} className="text-muted-foreground text-xs">
        Brand
      </Label>
      <Select value={selectedId} onValueChange={onSelect}>
        <SelectTrigger id={id} className="w-full bg-card">
          <SelectValue placeholder="Select a brand" />
        </SelectTrigger>
        <SelectContent>
          {brands.map((brand) => (
            <SelectItem key={brand.id} value={brand.id}>
              {brand.name}
              {brand.readOnly && <ReadOnlyBadge />}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
