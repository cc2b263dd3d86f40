import { useMemo } from 'react';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';

/** Every IANA timezone this browser knows, with the saved one kept even if it does not list it. */
function timezonesWith(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known].sort();
}

/** The timezone the weekly digest is timed in (Monday 08:00 there). */
export function TimezoneSelect({ value, onChange }: { value: string; onChange: (timezone: string) => void }) {
  const timezones = useMemo(() => timezonesWith(value), [value]);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
      <div className="space-y-0.5">
        <Label htmlFor="notify-timezone">Time zone</Label>
        <p id="notify-timezone-description" className="text-muted-foreground text-sm">
          The weekly digest arrives on Monday between 8 and 9 in the morning here.
        </p>
      </div>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="notify-timezone" aria-describedby="notify-timezone-description" className="w-64">
          <SelectValue />
        </SelectTrigger>
        <SelectContent className="max-h-80">
          {timezones.map((timezone) => (
            <SelectItem key={timezone} value={timezone}>
              {timezone.replaceAll('_', ' ')}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
