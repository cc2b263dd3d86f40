import { Copy, Link2, Link2Off, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

/** The header's Share button; 'Sharing...' while the share is made. */
export function ShareButton({ pending, onShare }: { pending: boolean; onShare: () => void }) {
  return (
    <Button variant="outline" onClick={onShare} disabled={pending}>
      <Share2 aria-hidden="true" />
      {pending ? 'Sharing...' : 'Share'}
    </Button>
  );
}

function StopSharingButton({ stopping, onStop, size }: { stopping: boolean; onStop: () => void; size?: 'sm' }) {
  return (
    <Button
      variant="ghost"
      size={size}
      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
      onClick={onStop}
      disabled={stopping}
    >
      <Link2Off aria-hidden="true" />
      Stop sharing
    </Button>
  );
}

/**
 * The line shown while something is public: show the link or stop sharing. `subject` names what is
 * shared: 'this report', 'these recommendations'.
 */
export function SharedByLinkNotice({
  subject,
  onShowLink,
  onStop,
  stopping,
}: {
  subject: string;
  onShowLink: () => void;
  onStop: () => void;
  stopping: boolean;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-primary/20 bg-primary/5 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2">
        <Link2 aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span>
          <span className="font-medium">Shared by link.</span>{' '}
          <span className="text-muted-foreground">Anyone with the link can view {subject}.</span>
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onShowLink}>
          Show link
        </Button>
        <StopSharingButton stopping={stopping} onStop={onStop} size="sm" />
      </div>
    </div>
  );
}

/** The dialog showing the share link (open only while there is a link), with copy, Stop sharing and Done. */
export function ShareLinkDialog({
  title,
  description,
  inputId,
  link,
  open,
  onOpenChange,
  onCopy,
  onStop,
  stopping,
}: {
  title: string;
  description: ReactNode;
  inputId: string;
  link: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCopy: () => void;
  onStop: () => void;
  stopping: boolean;
}) {
  return (
    <Dialog open={open && link !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="min-w-0 space-y-2">
          <Label htmlFor={inputId}>Share link</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              readOnly
              value={link ?? ''}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 font-mono text-xs"
            />
            <Button variant="outline" size="icon" onClick={onCopy} aria-label="Copy link">
              <Copy aria-hidden="true" />
            </Button>
          </div>
        </div>
        <DialogFooter>
          <StopSharingButton stopping={stopping} onStop={onStop} />
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
