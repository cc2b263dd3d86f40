import { useEffect, useRef, useState } from 'react';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';

/** A select's value for "no filter": Radix Select items cannot carry an empty value. */
export const ANY = 'any';

export type Choice = { value: string; label: string };

/** A labelled select of the feed's filters. */
export function SelectField({
  id,
  label,
  value,
  choices,
  onChange,
  icon,
}: {
  id: string;
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  icon?: React.ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor={id} className="text-muted-foreground text-xs">
        {icon}
        {label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** How long a date field waits after the last change, so typing a year does not run four searches. */
const DATE_SETTLE_MS = 500;

/**
 * A day field (YYYY-MM-DD) that applies its value once it settles: a date typed digit by digit is
 * one change of filters, not one per digit. `min`/`max` keep the period in order.
 */
export function DateField({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  onChange: (day: string | null) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const applied = useRef(value ?? '');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const outOfOrder = text !== '' && ((min && text < min) || (max && text > max));

  useEffect(() => {
    if ((value ?? '') !== applied.current) {
      applied.current = value ?? '';
      setText(value ?? '');
    }
  }, [value]);

  useEffect(() => {
    if (text === applied.current || outOfOrder) return;
    if (text !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) return;
    const timer = setTimeout(() => {
      applied.current = text;
      onChangeRef.current(text || null);
    }, DATE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, outOfOrder]);

  const errorId = `${id}-error`;
  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor={id} className="text-muted-foreground text-xs">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        className="px-2"
        value={text}
        min={min ?? undefined}
        max={max ?? undefined}
        aria-invalid={outOfOrder || undefined}
        aria-describedby={outOfOrder ? errorId : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {outOfOrder && (
        <p id={errorId} className="text-destructive text-xs">
          The start date must be on or before the end date
        </p>
      )}
    </div>
  );
}
