import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MAX_SEARCH_LENGTH } from '../../../shared/schemas/mention-feed.ts';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cleanSearch } from './feed-query-string.ts';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The feed's search: it runs once typing pauses, or at once on Enter. The text follows the address
 * when that changes from outside (the back button, Clear filters).
 */
export function FeedSearchBox({
  value,
  onSearch,
}: {
  /** the search in the address */
  value: string;
  onSearch: (text: string, how: { submitted: boolean }) => void;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const q = cleanSearch(text);
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      onSearchRef.current(q, { submitted: false });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <search aria-label="Mentions">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const q = cleanSearch(text);
          sent.current = q;
          onSearchRef.current(q, { submitted: true });
        }}
        className="space-y-2"
      >
        <Label htmlFor="mention-search" className="text-muted-foreground text-xs">
          Search mentions
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
          />
          <Input
            id="mention-search"
            type="search"
            enterKeyHint="search"
            maxLength={MAX_SEARCH_LENGTH}
            autoComplete="off"
            placeholder='Words, "an exact phrase", -leave out'
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-9"
          />
        </div>
      </form>
    </search>
  );
}
