import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { DELETE_ACCOUNT_PHRASE } from '../../../shared/schemas/account.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useDeleteAccount } from './account-queries.ts';

/** What deletion removes, said plainly before anyone types the phrase. */
const deletedItems = [
  'Your profile, sign-in and every session: you are signed out everywhere.',
  'Your brands, audits, reports and recommendations; links you shared stop working.',
  'Consumer insights, sentiment reports, competitors, ads and competitive reports.',
  'Uploaded files, scheduled e-mail reports, white-label settings, API tokens, support messages and data exports.',
  'Your agency team: its members keep their own accounts but lose access to your brands.',
  'Any subscription is cancelled now, and nothing more is charged.',
];

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [typed, setTyped] = useState('');
  const deletion = useDeleteAccount();
  const inputId = useId();
  const confirmed = typed.trim() === DELETE_ACCOUNT_PHRASE;
  const busy = deletion.isPending || deletion.isSuccess;

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) setTyped('');
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently deletes your account and everything in it. It cannot be undone. If you want a copy, use
            Download my data first.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground text-sm">
          {deletedItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="text-muted-foreground text-sm">
          If you belong to someone else's agency team, you leave it; their account and data are not affected.
        </p>
        <div className="space-y-2">
          <Label htmlFor={inputId}>
            Type <span className="font-mono font-semibold">{DELETE_ACCOUNT_PHRASE}</span> to confirm
          </Label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            disabled={busy}
          />
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={!confirmed || busy}
            onClick={(event) => {
              event.preventDefault();
              if (confirmed) deletion.mutate({ confirmation: typed });
            }}
          >
            {busy ? 'Deleting...' : 'Delete Account'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** SPEC §2 Settings' danger zone: Delete Account, after a typed confirmation (DESIGN decision 6). */
export function DangerZoneCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card role="region" aria-labelledby="danger-zone-card-title" className="border-destructive/50">
      <CardHeader>
        <CardTitle id="danger-zone-card-title" className="flex items-center gap-2 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-5" />
          Danger Zone
        </CardTitle>
        <CardDescription>Permanently delete your account and all of its data.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
        <DeleteAccountDialog open={open} onOpenChange={setOpen} />
      </CardContent>
    </Card>
  );
}
