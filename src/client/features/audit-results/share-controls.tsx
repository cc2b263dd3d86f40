import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAuditDetail, TShareAuditResponse } from '../../../shared/schemas/audits.ts';
import { SharedByLinkNotice, ShareButton as ShareLinkButton, ShareLinkDialog } from '../../components/share-link.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson, apiRequest } from '../../lib/api.ts';
import { shareLinkFor, useShareLink } from '../../lib/share-link.ts';
import { auditQueryKey } from '../audits-shared/audit-queries.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

const SUBJECT = 'this report';

/**
 * Share: makes the report public and copies its link ('Link Copied'); when the clipboard is not
 * available the link is shown in a dialog instead. A shared report can stop being shared.
 */
export function useShareControls(audit: TAuditDetail) {
  const queryClient = useQueryClient();
  const isShared = audit.report?.isPublic === true;
  const shareLink = useShareLink(
    SUBJECT,
    isShared && audit.report ? shareLinkFor(`/reports/${audit.report.shareableToken}`) : null,
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: auditQueryKey(audit.id), exact: true });

  const share = useMutation({
    mutationFn: () => apiJson<TShareAuditResponse>('POST', `/api/audits/${audit.id}/share`, {}),
    onSuccess: async (shared) => {
      await shareLink.offer(shared.path);
      await refresh();
    },
    onError: (error) => notifyError(error, 'Failed to share report', 'Failed to share report'),
  });

  const stop = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/audits/${audit.id}/share`),
    onSuccess: async () => {
      shareLink.forget();
      toast({ title: 'Sharing Stopped', description: 'The link no longer opens this report.' });
      await refresh();
    },
    onError: (error) => notifyError(error, 'Failed to stop sharing', 'Failed to stop sharing'),
  });

  return { isShared, shareLink, share, stop };
}

type ShareControls = ReturnType<typeof useShareControls>;

export function ShareButton({ controls }: { controls: ShareControls }) {
  return <ShareLinkButton pending={controls.share.isPending} onShare={() => controls.share.mutate()} />;
}

/** A line under the header while the report is public: show the link or stop sharing. */
export function SharedNotice({ controls }: { controls: ShareControls }) {
  if (!controls.isShared) return null;
  return (
    <SharedByLinkNotice
      subject={SUBJECT}
      onShowLink={() => controls.shareLink.setDialogOpen(true)}
      onStop={() => controls.stop.mutate()}
      stopping={controls.stop.isPending}
    />
  );
}

export function ShareDialog({ controls }: { controls: ShareControls }) {
  const { shareLink } = controls;
  return (
    <ShareLinkDialog
      title="Share this report"
      description="Anyone with this link can view the report and download it as a PDF, without signing in."
      inputId="share-link"
      link={shareLink.link}
      open={shareLink.dialogOpen}
      onOpenChange={shareLink.setDialogOpen}
      onCopy={shareLink.copyAgain}
      onStop={() => controls.stop.mutate()}
      stopping={controls.stop.isPending}
    />
  );
}
