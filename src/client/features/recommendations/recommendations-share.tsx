import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Link2, Link2Off, Share2 } from 'lucide-react';
import { useState } from 'react';
import type { TSavedRecommendations } from '../../../shared/schemas/recommendations.ts';
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
import { apiJson } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';
import { savedRecommendationsQueryKey } from './recommendation-queries.ts';

/** POST/DELETE /api/audits/{id}/marketing-recommendations/share */
type TRecommendationsShareResponse = { shareableToken: string; isPublic: boolean; path: string };

export function sharedRecommendationsPath(token: string): string {
  return `/marketing-recommendations/${token}`;
}

function linkFor(path: string): string {
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
  toast({ title: 'Link Copied', description: 'Anyone with the link can view these recommendations.' });
}

/**
 * Share: makes the recommendations public and copies the link ('Link Copied'); when the clipboard
 * is not available the link is shown in a dialog instead. Sharing can be stopped again.
 */
export function useRecommendationsSharing(auditId: string, saved: TSavedRecommendations) {
  const queryClient = useQueryClient();
  const [dialogOpen, setDialogOpen] = useState(false);
  const queryKey = savedRecommendationsQueryKey(auditId);

  const update = (response: TRecommendationsShareResponse) =>
    queryClient.setQueryData<TSavedRecommendations>(queryKey, (current) =>
      current ? { ...current, isPublic: response.isPublic, shareableToken: response.shareableToken } : current,
    );

  const share = useMutation({
    mutationFn: () =>
      apiJson<TRecommendationsShareResponse>(
        'POST',
        `/api/audits/${encodeURIComponent(auditId)}/marketing-recommendations/share`,
      ),
    onSuccess: async (response) => {
      update(response);
      const copied = await copyText(linkFor(response.path));
      if (copied) linkCopied();
      else setDialogOpen(true);
    },
    onError: (error) => notifyError(error, 'Failed to share recommendations', 'Failed to share recommendations'),
  });

  const stop = useMutation({
    mutationFn: () =>
      apiJson<TRecommendationsShareResponse>(
        'DELETE',
        `/api/audits/${encodeURIComponent(auditId)}/marketing-recommendations/share`,
      ),
    onSuccess: (response) => {
      update(response);
      setDialogOpen(false);
      toast({ title: 'Sharing Stopped', description: 'The link no longer opens these recommendations.' });
    },
    onError: (error) => notifyError(error, 'Failed to stop sharing', 'Failed to stop sharing'),
  });

  const link = saved.isPublic && saved.shareableToken ? linkFor(sharedRecommendationsPath(saved.shareableToken)) : null;
  return { isShared: saved.isPublic, link, share, stop, dialogOpen, setDialogOpen };
}

export type RecommendationsSharing = ReturnType<typeof useRecommendationsSharing>;

export function ShareRecommendationsButton({ sharing }: { sharing: RecommendationsSharing }) {
  return (
    <Button variant="outline" onClick={() => sharing.share.mutate()} disabled={sharing.share.isPending}>
      <Share2 aria-hidden="true" />
      {sharing.share.isPending ? 'Sharing...' : 'Share'}
    </Button>
  );
}

function StopSharingButton({ sharing, size }: { sharing: RecommendationsSharing; size?: 'sm' }) {
  return (
    <Button
      variant="ghost"
      size={size}
      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
      onClick={() => sharing.stop.mutate()}
      disabled={sharing.stop.isPending}
    >
      <Link2Off aria-hidden="true" />
      Stop sharing
    </Button>
  );
}

/** A line shown while the recommendations are public: show the link or stop sharing. */
export function RecommendationsSharedNotice({ sharing }: { sharing: RecommendationsSharing }) {
  if (!sharing.isShared) return null;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-primary/20 bg-primary/5 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2">
        <Link2 aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span>
          <span className="font-medium">Shared by link.</span>{' '}
          <span className="text-muted-foreground">Anyone with the link can view these recommendations.</span>
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={() => sharing.setDialogOpen(true)}>
          Show link
        </Button>
        <StopSharingButton sharing={sharing} size="sm" />
      </div>
    </div>
  );
}

export function RecommendationsShareDialog({ sharing }: { sharing: RecommendationsSharing }) {
  const { link } = sharing;
  const copyAgain = async () => {
    if (link && (await copyText(link))) linkCopied();
  };
  return (
    <Dialog open={sharing.dialogOpen && link !== null} onOpenChange={sharing.setDialogOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share these recommendations</DialogTitle>
          <DialogDescription>
            Anyone with this link can read the recommendations without signing in. Your e-mail and account details are
            not shown.
          </DialogDescription>
        </DialogHeader>
        <div className="min-w-0 space-y-2">
          <Label htmlFor="recommendations-share-link">Share link</Label>
          <div className="flex gap-2">
            <Input
              id="recommendations-share-link"
              readOnly
              value={link ?? ''}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 font-mono text-xs"
            />
            <Button variant="outline" size="icon" onClick={copyAgain} aria-label="Copy link">
              <Copy aria-hidden="true" />
            </Button>
          </div>
        </div>
        <DialogFooter>
          <StopSharingButton sharing={sharing} />
          <Button onClick={() => sharing.setDialogOpen(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
