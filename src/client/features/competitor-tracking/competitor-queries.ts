import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import type {
  TAd,
  TAdPlatform,
  TAdRequest,
  TCompetitorWithCounts,
  TCreateCompetitorRequest,
  TTrackingSummary,
  TUpdateCompetitorRequest,
} from '../../../shared/schemas/competitors.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson } from '../../lib/api.ts';
import { brandsQueryKey } from '../audits-shared/audit-queries.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

/**
 * Query keys of the screen. Other parts (ad discovery, reports) invalidate by these prefixes, so a
 * change anywhere refreshes every list and the stat tiles.
 */
export const competitorsQueryPrefix = ['/api/competitors'] as const;
export const adLibraryQueryPrefix = ['/api/ad-library'] as const;
export const trackingSummaryQueryPrefix = ['/api/competitor-tracking/summary'] as const;
export const competitorsQueryKey = (brandId: string) => ['/api/competitors', brandId] as const;
export const trackingSummaryQueryKey = (brandId: string) => ['/api/competitor-tracking/summary', brandId] as const;

const brandQuery = (brandId: string) => `brandId=${encodeURIComponent(brandId)}`;

export function useCompetitors(brandId: string, { enabled = true } = {}) {
  return useQuery<TCompetitorWithCounts[]>({
    queryKey: competitorsQueryKey(brandId),
    queryFn: () => apiJson<TCompetitorWithCounts[]>('GET', `/api/competitors?${brandQuery(brandId)}`),
    enabled,
  });
}

export function useTrackingSummary(brandId: string, { enabled = true } = {}) {
  return useQuery<TTrackingSummary>({
    queryKey: trackingSummaryQueryKey(brandId),
    queryFn: () => apiJson<TTrackingSummary>('GET', `/api/competitor-tracking/summary?${brandQuery(brandId)}`),
    enabled,
  });
}

/** Asks again for everything the screen counts or lists. */
export function useRefreshTracking() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [competitorsQueryPrefix, adLibraryQueryPrefix, trackingSummaryQueryPrefix].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSaveCompetitor({ onSaved }: { onSaved?: () => void } = {}) {
  const refresh = useRefreshTracking();
  return useMutation({
    mutationFn: (
      input: { id: string; fields: TUpdateCompetitorRequest } | { id: null; fields: TCreateCompetitorRequest },
    ) =>
      input.id
        ? apiJson<TCompetitorWithCounts>('PUT', `/api/competitors/${encodeURIComponent(input.id)}`, input.fields)
        : apiJson<TCompetitorWithCounts>('POST', '/api/competitors', input.fields),
    onSuccess: async (_competitor, input) => {
      toast({ title: input.id ? 'Competitor updated successfully' : 'Competitor added successfully' });
      onSaved?.();
      await refresh();
    },
    onError: (error, input) =>
      notifyError(
        error,
        input.id ? 'Failed to update competitor' : 'Failed to add competitor',
        input.id ? 'Failed to update competitor' : 'Failed to add competitor',
      ),
  });
}

/** Adds the brand's own row, so its own Facebook page's ads are discovered beside its competitors'. */
export function useTrackOwnBrandAds(brand: TBrand) {
  const refresh = useRefreshTracking();
  return useMutation({
    mutationFn: () => apiJson<TCompetitorWithCounts>('POST', `/api/brands/${encodeURIComponent(brand.id)}/own-ads`, {}),
    onSuccess: async () => {
      toast({
        title: `${brand.name} added as "Your brand"`,
        description: 'Choose its Facebook page with "Find Facebook page", then discover its ads.',
      });
      await refresh();
    },
    onError: (error) => notifyError(error, "Failed to add your brand's ads", "Failed to add your brand's ads"),
  });
}

export function useRemoveCompetitor({ onRemoved }: { onRemoved?: () => void } = {}) {
  const refresh = useRefreshTracking();
  return useMutation({
    mutationFn: (competitorId: string) =>
      apiJson<{ id: string }>('DELETE', `/api/competitors/${encodeURIComponent(competitorId)}`),
    onSuccess: async () => {
      toast({ title: 'Competitor removed successfully' });
      onRemoved?.();
      await refresh();
    },
    onError: (error) => notifyError(error, 'Failed to remove competitor', 'Failed to remove competitor'),
  });
}

export function useSaveAd({ onSaved }: { onSaved?: () => void } = {}) {
  const refresh = useRefreshTracking();
  return useMutation({
    mutationFn: (input: { id: string | null; fields: TAdRequest }) =>
      input.id
        ? apiJson<TAd>('PUT', `/api/ad-library/${encodeURIComponent(input.id)}`, input.fields)
        : apiJson<TAd>('POST', '/api/ad-library', input.fields),
    onSuccess: async (_ad, input) => {
      toast({ title: input.id ? 'Ad entry updated successfully' : 'Ad entry added successfully' });
      onSaved?.();
      await refresh();
    },
    onError: (error, input) =>
      notifyError(
        error,
        input.id ? 'Failed to update ad entry' : 'Failed to add ad entry',
        input.id ? 'Failed to update ad entry' : 'Failed to add ad entry',
      ),
  });
}

export function useDeleteAd({ onDeleted }: { onDeleted?: () => void } = {}) {
  const refresh = useRefreshTracking();
  return useMutation({
    mutationFn: (adId: string) => apiJson<{ id: string }>('DELETE', `/api/ad-library/${encodeURIComponent(adId)}`),
    onSuccess: async () => {
      toast({ title: 'Ad entry deleted successfully' });
      onDeleted?.();
      await refresh();
    },
    onError: (error) => notifyError(error, 'Failed to delete ad entry', 'Failed to delete ad entry'),
  });
}

/** Saves the countries whose ads are read for the brand, the first being the main one. */
export function useSaveAdMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ brand, adMarkets }: { brand: TBrand; adMarkets: string[] }) =>
      apiJson<TBrand>('PATCH', `/api/brands/${encodeURIComponent(brand.id)}`, { adMarkets }),
    onSuccess: async (saved) => {
      toast({ title: 'Ad market saved' });
      // The saved brand shows at once; the refetch that follows cannot bring back the markets it replaced.
      await queryClient.cancelQueries({ queryKey: brandsQueryKey });
      queryClient.setQueryData<TBrand[]>(brandsQueryKey, (current) =>
        current?.map((brand) => (brand.id === saved.id ? saved : brand)),
      );
      await queryClient.invalidateQueries({ queryKey: brandsQueryKey });
    },
    onError: (error) => notifyError(error, 'Failed to save the ad market', 'Failed to save the ad market'),
  });
}

export type { TAdPlatform };
