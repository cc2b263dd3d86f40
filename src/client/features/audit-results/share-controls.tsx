import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Link2, Link2Off, Share2 } from 'lucide-react';
import { useState } from 'react';
import type { TAuditDetail, TShareAuditResponse } from '../../../shared/schemas/audits.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson, apiRequest } from '../../lib/api.ts';
import { auditQueryKey } from '../audits-shared/audit-queries.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

export function shareLinkFor(path: string): string {
  return `${window.location.origin}${path}`;
}

/** Copies text to the clipboard; false when the browser refuses or has no clipboard. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function linkCopied() {
  toast({ title: 'Link Copied', description: 'Anyone with the link can view this report.' });
}

type ShareState = { link: string | null; dialogOpen: boolean };

/**
 * Share: makes the report public and copies its link ('Link Copied'); when the clipboard is not
 * available the link is shown in a dialog instead. A shared report can stop being shared.
 */
export function useShareControls(audit: TAuditDetail) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ShareState>({ link: null, dialogOpen: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: auditQueryKey(audit.id), exact: true });

  const share = useMutation({
    mutationFn: () => apiJson<TShareAuditResponse>('POST', `/api/audits/${audit.id}/share`, {}),
    onSuccess: async (shared) => {
      const link = shareLinkFor(shared.path);
      const copied = await copyText(link);
      setState({ link, dialogOpen: !copied });
      if (copied) linkCopied();
      await refresh();
    },
    onError: (error) => notifyError(error, 'Failed to share report', 'Failed to share report'),
  });

  const stop = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/audits/${audit.id}/share`),
    onSuccess: async () => {
      setState({ link: null, dialogOpen: false });
      toast({ title: 'Sharing Stopped', description: 'The link no longer opens this report.' });
      await refresh();
    },
    onError: (error) => notifyError(error, 'Failed to stop sharing', 'Failed to stop sharing'),
  });

  const isShared = audit.report?.isPublic === true;
  const knownLink =
    state.link ?? (isShared && audit.report ? shareLinkFor(`/reports/${audit.report.shareableToken}`) : null);

  return {
    isShared,
    link: knownLink,
    share,
    stop,
    dialogOpen: state.dialogOpen,
    openDialog: () => setState((current) => ({ ...current, dialogOpen: true })),
    setDialogOpen: (open: boolean) => setState((current) => ({ ...current, dialogOpen: open })),
  };
}

type ShareControls = ReturnType<typeof useShareControls>;

export function ShareButton({ controls }: { controls: ShareControls }) {
  return (
    <Button variant="outline" onClick={() => controls.share.mutate()} disabled={controls.share.isPending}>
      <Share2 aria-hidden="true" />
      {controls.share.isPending ? 'Sharing...' : 'Share'}
    </Button>
  );
}

/** A line under the header while the report is public: show the link or stop sharing. */
export function SharedNotice({ controls }: { controls: ShareControls }) {
  if (!controls.isShared) return null;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-primary/20 bg-primary/5 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2">
        <Link2 aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span>
          <span className="font-medium">Shared by link.</span>{' '}
          <span className="text-muted-foreground">Anyone with the link can view this report.</span>
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={controls.openDialog}>
          Show link
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => controls.stop.mutate()}
          disabled={controls.stop.isPending}
        >
          <Link2Off aria-hidden="true" />
          Stop sharing
        </Button>
      </div>
    </div>
  );
}

export function ShareDialog({ controls }: { controls: ShareControls }) {
  const link = controls.link;
  const copyAgain = async () => {
    if (link && (await copyText(link))) linkCopied();
  };
  return (
    <Dialog open={controls.dialogOpen && link !== null} onOpenChange={controls.setDialogOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share this report</DialogTitle>
          <DialogDescription>
            Anyone with this link can view the report and download it as a PDF, without signing in.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor="share-link">Share link</Label>
          <div className="flex gap-2">
            <Input
              id="share-link"
              readOnly
              value={link ?? ''}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button variant="outline" size="icon" onClick={copyAgain} aria-label="Copy link">
              <Copy aria-hidden="true" />
            </Button>
          </div>
        </div>
        <DialogFooter>
          <Button
            variant="ghost"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => controls.stop.mutate()}
            disabled={controls.stop.isPending}
          >
            <Link2Off aria-hidden="true" />
            Stop sharing
          </Button>
          <Button onClick={() => controls.setDialogOpen(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
