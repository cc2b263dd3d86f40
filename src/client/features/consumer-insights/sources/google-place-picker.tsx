import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, Search, Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type {
  TBrandGooglePlace,
  TGooglePlaceCandidate,
  TGooglePlaceSearchResult,
} from '../../../../shared/schemas/google-places.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { apiJson, errorDisplayMessage } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';

const placeUrl = (brandId: string) => `/api/brands/${brandId}/google-place`;

function ratingText(place: TGooglePlaceCandidate): string {
  if (place.rating === null) return 'No Google rating yet';
  const count = place.ratingCount === null ? '' : ` from ${place.ratingCount.toLocaleString('en-GB')} ratings`;
  return `${place.rating.toFixed(1)} stars${count}`;
}

function CandidateRow({
  place,
  onChoose,
  busy,
}: {
  place: TGooglePlaceCandidate;
  onChoose: () => void;
  busy: boolean;
}) {
  return (
    <li className="flex items-start justify-between gap-3 rounded-md border p-3">
      <div className="min-w-0">
        <p className="font-medium">{place.name}</p>
        {place.address && <p className="text-muted-foreground text-sm">{place.address}</p>}
        <p className="flex items-center gap-1 text-muted-foreground text-xs">
          <Star className="size-3" aria-hidden="true" />
          {ratingText(place)}
        </p>
      </div>
      <Button type="button" size="sm" onClick={onChoose} disabled={busy} aria-label={`Choose ${place.name}`}>
        Choose
      </Button>
    </li>
  );
}

/**
 * Where a brand's Google reviews come from: search Google places by name (and town), choose the
 * brand's own, or clear the choice. Google gives at most five reviews per place, which the text
 * says plainly. Self-contained: the Sources card renders it with the brand's id.
 */
export function GooglePlacePicker({ brandId }: { brandId: string }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [text, setText] = useState('');
  const chosen = useQuery<TBrandGooglePlace>({ queryKey: [placeUrl(brandId)] });
  const search = useMutation({
    mutationFn: (query: string) =>
      apiJson<TGooglePlaceSearchResult>(
        'GET',
        `/api/brands/${brandId}/google-places?${new URLSearchParams({ query })}`,
      ),
  });
  const onSaved = (saved: TBrandGooglePlace | undefined) => {
    queryClient.setQueryData<TBrandGooglePlace>(
      [placeUrl(brandId)],
      (previous) => saved ?? (previous ? { ...previous, place: null } : previous),
    );
    search.reset();
  };
  const choose = useMutation({
    mutationFn: (placeId: string) => apiJson<TBrandGooglePlace>('PUT', placeUrl(brandId), { placeId }),
    onSuccess: onSaved,
    onError: (error) => notifyError(error, 'Could not choose this place', 'Could not choose this place'),
  });
  const clear = useMutation({
    mutationFn: () => apiJson<undefined>('DELETE', placeUrl(brandId)),
    onSuccess: () => onSaved(undefined),
    onError: (error) => notifyError(error, 'Could not clear the place', 'Could not clear the place'),
  });

  if (chosen.isPending) return <p className="text-muted-foreground text-sm">Loading Google reviews settings…</p>;
  if (chosen.isError) {
    return (
      <p className="text-destructive text-sm">{errorDisplayMessage(chosen.error, 'Could not load the Google place')}</p>
    );
  }
  const { available, place, reviewsPerPlace } = chosen.data;
  const limitNote = `Google shares at most ${reviewsPerPlace} reviews per place (the ones it picks as most relevant), so this source shows only those.`;

  if (!available) {
    return (
      <section aria-label="Google reviews" className="space-y-1">
        <h3 className="font-medium">Google reviews</h3>
        <p className="text-muted-foreground text-sm">Google reviews are not available on this server.</p>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length >= 2) search.mutate(text.trim());
  };
  const busy = choose.isPending || clear.isPending;

  return (
    <section aria-label="Google reviews" className="space-y-3">
      <div>
        <h3 className="font-medium">Google reviews</h3>
        <p className="text-muted-foreground text-sm">{limitNote}</p>
      </div>
      {place ? (
        <div className="flex items-center justify-between gap-3 rounded-md border bg-muted/40 p-3">
          <p className="flex items-center gap-2 text-sm">
            <MapPin className="size-4" aria-hidden="true" />
            <span>
              Reviews are read from <strong>{place.name}</strong>
            </span>
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => clear.mutate()} disabled={busy}>
            Clear
          </Button>
        </div>
      ) : (
        <p className="text-sm">No place chosen yet: search for your business as it appears on Google Maps.</p>
      )}
      <form onSubmit={submit} className="space-y-2">
        <Label htmlFor={inputId}>{place ? 'Choose another place' : 'Find your place on Google'}</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Business name and town, e.g. Northwind Roasters Leeds"
            maxLength={200}
          />
          <Button type="submit" disabled={search.isPending || text.trim().length < 2}>
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </form>
      {search.isError && (
        <p role="alert" className="text-destructive text-sm">
          {errorDisplayMessage(search.error, 'Google places could not be searched')}
        </p>
      )}
      {search.data &&
        (search.data.places.length === 0 ? (
          <p className="text-muted-foreground text-sm">Google found no place for “{search.data.query}”.</p>
        ) : (
          <ul aria-label="Places found" className="space-y-2">
            {search.data.places.map((candidate) => (
              <CandidateRow
                key={candidate.id}
                place={candidate}
                busy={busy}
                onChoose={() => choose.mutate(candidate.id)}
              />
            ))}
          </ul>
        ))}
    </section>
  );
}
