import { Search } from 'lucide-react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import type { TAdFilters } from './ad-filters.ts';
import { useDraftFilter } from './use-ad-filters.ts';

const ALL = 'all';

export type FilterOption = { value: string; label: string };
export type ApplyFilters = (change: Partial<TAdFilters>, options?: { replace?: boolean }) => void;

/** A filter picked from a list; the first choice leaves it off. */
export function FilterSelect({
  id,
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  /** the choice that leaves this filter off; none for a choice that always holds one (the order) */
  allLabel?: string;
  options: FilterOption[];
  onChange: (value: string | null) => void;
}) {
  return (
    <div className="flex min-w-36 flex-1 flex-col gap-1 sm:max-w-56">
      <Label htmlFor={id} className="text-muted-foreground text-xs">
        {label}
      </Label>
      <Select value={value ?? ALL} onValueChange={(chosen) => onChange(chosen === ALL ? null : chosen)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {allLabel && <SelectItem value={ALL}>{allLabel}</SelectItem>}
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The search of the ads' titles and texts, asked for as typing pauses. */
export function SearchBox({ value, apply }: { value: string; apply: ApplyFilters }) {
  const { draft, setDraft, finish } = useDraftFilter(value, (q, options) => apply({ q }, options));
  return (
    <search>
      <form
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          finish();
        }}
      >
        <Label htmlFor="ad-search" className="text-muted-foreground text-xs">
          Search ads
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground"
          />
          <Input
            id="ad-search"
            type="search"
            value={draft}
            maxLength={200}
            placeholder="Title or text"
            className="pl-9"
            onChange={(event) => setDraft(event.target.value)}
            onBlur={finish}
          />
        </div>
      </form>
    </search>
  );
}

/** A whole day, or nothing; a year still being typed (0002, 0020...) is not a day yet. */
const typedDay = (value: string): string | null =>
  value === '' ? '' : /^[12]\d{3}-\d{2}-\d{2}$/.test(value) ? value : null;

/** A day the ads ran from or until, asked for once a whole day is typed or picked. */
export function DateFilter({
  id,
  label,
  value,
  bounds,
  onCommit,
}: {
  id: string;
  label: string;
  value: string | null;
  bounds: { min?: string; max?: string };
  onCommit: (day: string | null, options: { replace: boolean }) => void;
}) {
  const { draft, setDraft, finish } = useDraftFilter(
    value ?? '',
    (day, options) => onCommit(day || null, options),
    typedDay,
  );
  return (
    <div className="flex min-w-36 flex-1 flex-col gap-1 sm:max-w-44">
      <Label htmlFor={id} className="text-muted-foreground text-xs">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        value={draft}
        {...bounds}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={finish}
      />
    </div>
  );
}
