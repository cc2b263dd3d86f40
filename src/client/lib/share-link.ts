import { useState } from 'react';
import { toast } from '../hooks/use-toast.ts';

/** The absolute link to a path of this app, e.g. '/reports/{token}'. */
export function shareLinkFor(path: string): string {
  return `${window.location.origin}${path}`;
}

/** Copies text to the clipboard; false when the browser refuses or has no clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The 'Link Copied' toast; `subject` names what is shared: 'this report', 'these recommendations'. */
export function linkCopied(subject: string): void {
  toast({ title: 'Link Copied', description: `Anyone with the link can view ${subject}.` });
}

type ShareLinkState = { link: string | null; dialogOpen: boolean };

/**
 * The link side of sharing: after a share, `offer` copies the new link ('Link Copied') or, when the
 * clipboard is not available, opens the dialog that shows it. `currentLink` is the link of
 * something already shared; the link of a share just made is kept until `forget` (sharing stopped).
 */
export function useShareLink(subject: string, currentLink: string | null) {
  const [state, setState] = useState<ShareLinkState>({ link: null, dialogOpen: false });
  const link = state.link ?? currentLink;

  return {
    link,
    dialogOpen: state.dialogOpen,
    setDialogOpen: (dialogOpen: boolean) => setState((current) => ({ ...current, dialogOpen })),
    /** Copies the link to the shared `path`, or shows it in the dialog when it cannot be copied. */
    offer: async (path: string) => {
      const shared = shareLinkFor(path);
      const copied = await copyText(shared);
      setState({ link: shared, dialogOpen: !copied });
      if (copied) linkCopied(subject);
    },
    /** Sharing stopped: drops the kept link and closes the dialog. */
    forget: () => setState({ link: null, dialogOpen: false }),
    /** The dialog's copy button. */
    copyAgain: async () => {
      if (link && (await copyText(link))) linkCopied(subject);
    },
  };
}

export type ShareLink = ReturnType<typeof useShareLink>;
