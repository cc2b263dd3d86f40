import { Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/utils.ts';

export const MAX_COLOURS = 12;

const HEX = /^#[0-9a-f]{6}$/i;

/** Colours offered when a row is added, so each new swatch differs from the last. */
const suggestions = ['#4f46e5', '#0f172a', '#f59e0b', '#10b981', '#ef4444', '#0ea5e9', '#ffffff', '#a855f7'];

type ColourPaletteFieldProps = {
  value: string[];
  onChange: (value: string[]) => void;
  /** Messages per colour, from validation. */
  itemErrors?: (string | undefined)[];
  error?: string;
  id?: string;
};

/** The brand's colours: a colour picker and a hex text box per colour, up to 12. */
export function ColourPaletteField({ value, onChange, itemErrors = [], error, id }: ColourPaletteFieldProps) {
  const setAt = (index: number, colour: string) =>
    onChange(value.map((current, i) => (i === index ? colour : current)));
  const removeAt = (index: number) => onChange(value.filter((_, i) => i !== index));
  const add = () => {
    const next = suggestions.find((colour) => !value.some((v) => v.toLowerCase() === colour)) ?? '#000000';
    onChange([...value, next]);
  };

  return (
    <div className="space-y-3" id={id}>
      {value.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2">
          {value.map((colour, index) => {
            const itemError = itemErrors[index];
            const label = `Colour ${index + 1}`;
            return (
              <li key={index} className="space-y-1">
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    aria-label={`${label} picker`}
                    value={HEX.test(colour) ? colour.toLowerCase() : '#000000'}
                    onChange={(event) => setAt(index, event.target.value)}
                    className="size-9 shrink-0 cursor-pointer rounded-md border border-input bg-transparent p-1 [&::-moz-color-swatch]:rounded [&::-webkit-color-swatch-wrapper]:p-0 [&::-webkit-color-swatch]:rounded [&::-webkit-color-swatch]:border-0"
                  />
                  <Input
                    aria-label={`${label} hex value`}
                    value={colour}
                    maxLength={7}
                    spellCheck={false}
                    autoComplete="off"
                    aria-invalid={itemError ? true : undefined}
                    onChange={(event) => {
                      const text = event.target.value.trim();
                      setAt(index, text && !text.startsWith('#') ? `#${text}` : text);
                    }}
                    className={cn('font-mono uppercase')}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${label.toLowerCase()}`}
                    onClick={() => removeAt(index)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                {itemError && <p className="text-destructive text-xs">{itemError}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={add} disabled={value.length >= MAX_COLOURS}>
          <Plus aria-hidden="true" />
          Add colour
        </Button>
        <span className="text-muted-foreground text-xs">
          {value.length} of {MAX_COLOURS}
        </span>
      </div>
      {error && <p className="text-destructive text-xs">{error}</p>}
    </div>
  );
}
