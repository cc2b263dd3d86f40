import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog.tsx';
import { Button, buttonVariants } from './ui/button.tsx';

/**
 * A bin icon that asks before it deletes. The caller owns `open` and closes it once its mutation
 * succeeds; while `pending`, the dialog stays open and its buttons are disabled.
 */
export function ConfirmDeleteButton({
  label,
  title,
  description,
  verb = 'Delete',
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  /** the icon button's accessible name */
  label: string;
  title: string;
  description: ReactNode;
  verb?: 'Delete' | 'Remove';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={label}
        className="text-muted-foreground hover:text-destructive"
        onClick={() => onOpenChange(true)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={pending}
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            {pending ? `${verb === 'Delete' ? 'Deleting' : 'Removing'}...` : verb}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
