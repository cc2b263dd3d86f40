import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { MAX_RELEVANCE_TERM_LENGTH, MAX_RELEVANCE_TERMS } from '../../../../shared/schemas/relevance.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

/** A list of short terms: typed and added with Enter or Add, removed with their ×. */
export function TermsInput({
  id,
  label,
  hint,
  terms,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  hint: string;
  terms: string[];
  onChange: (terms: string[]) => void;
  placeholder: string;
}) {
  const [draft, setDraft] = useState('');
  const hintId = useId();
  const full = terms.length >= MAX_RELEVANCE_TERMS;
  const add = () => {
    const term = draft.trim().replace(/\s+/g, ' ');
    if (!term || full) return;
    if (!terms.some((known) => known.toLowerCase() === term.toLowerCase())) onChange([...terms, term]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        <span className="font-normal text-muted-foreground text-xs tabular-nums">
          {terms.length}/{MAX_RELEVANCE_TERMS}
        </span>
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={MAX_RELEVANCE_TERM_LENGTH}
          placeholder={placeholder}
          disabled={full}
          aria-describedby={hintId}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" onClick={add} disabled={full || !draft.trim()}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <p id={hintId} className="text-muted-foreground text-xs">
        {full ? `At most ${MAX_RELEVANCE_TERMS} terms.` : hint}
      </p>
      {terms.length > 0 && (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {terms.map((term) => (
            <li key={term}>
              <Badge variant="secondary" className="gap-1 pr-1 font-normal">
                {term}
                <button
                  type="button"
                  aria-label={`Remove ${term}`}
                  className="rounded-sm p-0.5 hover:bg-background/60"
                  onClick={() => onChange(terms.filter((known) => known !== term))}
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
