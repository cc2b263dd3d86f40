import { CircleAlert, RotateCcw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorDisplayMessage } from '../../lib/api.ts';

/** A failed load, with its reason and a way to try again. */
export function LoadErrorAlert({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>We couldn't load {what}</AlertTitle>
      <AlertDescription>
        <p>{errorDisplayMessage(error, 'Please try again in a moment.')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
