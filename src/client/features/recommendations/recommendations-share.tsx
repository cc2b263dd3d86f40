import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSavedRecommendations } from '../../../shared/schemas/recommendations.ts';
import { ShareButton, SharedByLinkNotice, ShareLinkDialog } from '../../components/share-link.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson } from '../../lib/api.ts';
import { shareLinkFor, useShareLink } from '../../lib/share-link.ts';
import { notifyError } from '../audits-shared/notify-error.ts';
import { savedRecommendationsQueryKey } from './recommendation-queries.ts';

/** POST/DELETE /api/audits/{id}/marketing-recommendations/share */
type TRecommendationsShareResponse = { shareableToken: string; isPublic: boolean; path: string };

const SUBJECT = 'these recommendations';

export function sharedRecommendationsPath(token: string): string {
  return `/marketing-recommendations/${token}`;
}

/**
 * Share: makes the recommendations public and copies the link ('Link Copied'); when the clipboard
 * is not available the link is shown in a dialog instead. Sharing can be stopped again.
 */
export function useRecommendationsSharing(auditId: string, saved: TSavedRecommendations) {
  const queryClient = useQueryClient();
  const shareLink = useShareLink(
    SUBJECT,
    saved.isPublic && saved.shareableToken ? shareLinkFor(sharedRecommendationsPath(saved.shareableToken)) : null,
  );
  const queryKey = savedRecommendationsQueryKey(auditId);
  const sharePath = `/api/audits/${encodeURIComponent(auditId)}/marketing-recommendations/share`;

  const update = (response: TRecommendationsShareResponse) =>
    queryClient.setQueryData<TSavedRecommendations>(queryKey, (current) =>
      current ? { ...current, isPublic: response.isPublic, shareableToken: response.shareableToken } : current,
    );

  const share = useMutation({
    mutationFn: () => apiJson<TRecommendationsShareResponse>('POST', sharePath),
    onSuccess: async (response) => {
      update(response);
      await shareLink.offer(response.path);
    },
    onError: (error) => notifyError(error, 'Failed to share recommendations', 'Failed to share recommendations'),
  });

  const stop = useMutation({
    mutationFn: () => apiJson<TRecommendationsShareResponse>('DELETE', sharePath),
    onSuccess: (response) => {
      update(response);
      shareLink.forget();
      toast({ title: 'Sharing Stopped', description: 'The link no longer opens these recommendations.' });
    },
    onError: (error) => notifyError(error, 'Failed to stop sharing', 'Failed to stop sharing'),
  });

  return { isShared: saved.isPublic, shareLink, share, stop };
}

export type RecommendationsSharing = ReturnType<typeof useRecommendationsSharing>;

export function ShareRecommendationsButton({ sharing }: { sharing: RecommendationsSharing }) {
  return <ShareButton pending={sharing.share.isPending} onShare={() => sharing.share.mutate()} />;
}

/** A line shown while the recommendations are public: show the link or stop sharing. */
export function RecommendationsSharedNotice({ sharing }: { sharing: RecommendationsSharing }) {
  if (!sharing.isShared) return null;
  return (
    <SharedByLinkNotice
      subject={SUBJECT}
      onShowLink={() => sharing.shareLink.setDialogOpen(true)}
      onStop={() => sharing.stop.mutate()}
      stopping={sharing.stop.isPending}
    />
  );
}

export function RecommendationsShareDialog({ sharing }: { sharing: RecommendationsSharing }) {
  const { shareLink } = sharing;
  return (
    <ShareLinkDialog
      title="Share these recommendations"
      description="Anyone with this link can read the recommendations without signing in. Your e-mail and account details are not shown."
      inputId="recommendations-share-link"
      link={shareLink.link}
      open={shareLink.dialogOpen}
      onOpenChange={shareLink.setDialogOpen}
      onCopy={shareLink.copyAgain}
      onStop={() => sharing.stop.mutate()}
      stopping={sharing.stop.isPending}
    />
  );
}
