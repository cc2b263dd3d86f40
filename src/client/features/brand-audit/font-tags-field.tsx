import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';

export const MAX_FONTS = 10;

type FontTagsFieldProps = {
  id: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
};

/** The brand's fonts as tags: type a name and press Enter (or a comma) to add it. */
export function FontTagsField({ id, value, onChange, error }: FontTagsFieldProps) {
  const [draft, setDraft] = useState('');
  const full = value.length >= MAX_FONTS;

  const commit = () => {
    const names = draft
      .split(',')
      .map((name) => name.trim().replace(/^["']|["']$/g, ''))
      .filter(Boolean);
    if (names.length === 0) return;
    const next = [...value];
    for (const name of names) {
      if (next.length >= MAX_FONTS) break;
      if (!next.some((font) => font.toLowerCase() === name.toLowerCase())) next.push(name.slice(0, 100));
    }
    onChange(next);
    setDraft('');
  };

  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={full ? `At most ${MAX_FONTS} fonts` : 'e.g. Inter, Playfair Display'}
          disabled={full}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              commit();
            } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={commit}
        />
        <Button type="button" variant="outline" onClick={commit} disabled={full || draft.trim() === ''}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Brand fonts">
          {value.map((font) => (
            <li key={font}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-2.5 text-sm">
                <span style={{ fontFamily: `"${font}", system-ui` }}>{font}</span>
                <button
                  type="button"
                  aria-label={`Remove font ${font}`}
                  onClick={() => onChange(value.filter((item) => item !== font))}
                  className="rounded-sm p-0.5 opacity-70 outline-none hover:bg-background/60 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="text-destructive text-xs">{error}</p>}
    </div>
  );
}
