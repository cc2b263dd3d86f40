import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFacebookPageCandidates } from '../../../../shared/schemas/ad-discovery.ts';
import type { TChooseFacebookPageRequest, TCompetitorWithCounts } from '../../../../shared/schemas/competitors.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { apiJson } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { useRefreshTracking } from '../competitor-queries.ts';

/** A page's own listing in the Ad Library, for the user to check it is the competitor's. */
export const adLibraryPageUrl = (pageId: string) =>
  `https://www.facebook.com/ads/library/?active_status=all&ad_type=all&view_all_page_id=${encodeURIComponent(pageId)}`;

/**
 * The pages advertising under the competitor's name (a search of Meta's Ad Library; asked once per
 * dialog). Its key stays outside the competitors' prefix so that refreshing the tracking lists after
 * a choice does not search Meta again while the dialog is closing.
 */
export function useFacebookPageCandidates(competitorId: string) {
  return useQuery<TFacebookPageCandidates>({
    queryKey: ['facebook-page-candidates', competitorId],
    queryFn: () =>
      apiJson<TFacebookPageCandidates>('GET', `/api/competitors/${encodeURIComponent(competitorId)}/facebook-pages`),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

export function useChooseFacebookPage(competitorId: string, { onChosen }: { onChosen?: () => void } = {}) {
  const refresh = useRefreshTracking();
  return useMutation({
    mutationFn: (input: TChooseFacebookPageRequest) =>
      apiJson<TCompetitorWithCounts>(
        'PUT',
        `/api/competitors/${encodeURIComponent(competitorId)}/facebook-page`,
        input,
      ),
    onSuccess: async (competitor) => {
      toast({
        title: 'Facebook page chosen',
        description: `${competitor.name}'s ads are now discovered from page ${competitor.facebookPageId}.`,
      });
      onChosen?.();
      await refresh();
    },
    onError: (error) => notifyError(error, 'Failed to choose the page', 'Failed to choose the page'),
  });
}
