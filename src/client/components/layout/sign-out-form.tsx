import { LogOut } from 'lucide-react';
import { serverPaths } from '../../lib/navigation.ts';
import { Button } from '../ui/button.tsx';

/**
 * Signing out is a form post to /api/logout, never a link: no page on another site can sign anyone
 * out with a link or an image (docs/decisions/0008).
 */
export function SignOutForm({ label }: { label: string }) {
  return (
    <form method="post" action={serverPaths.logout}>
      <Button
        type="submit"
        variant="ghost"
        className="w-full justify-start gap-3 px-3 text-sidebar-foreground/80 hover:text-destructive"
      >
        <LogOut aria-hidden="true" />
        {label}
      </Button>
    </form>
  );
}
