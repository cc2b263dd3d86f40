import { LogOut } from 'lucide-react';
import { serverPaths } from '../../lib/navigation.ts';
import { Button } from '../ui/button.tsx';
import { NavLinks } from './nav-links.tsx';

/** The desktop sidebar (md and up). */
export function AppSidebar() {
  return (
    <aside
      aria-label="Sidebar"
      className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 flex-col border-sidebar-border border-r bg-sidebar md:flex"
    >
      <div className="flex-1 overflow-y-auto px-3 py-6">
        <p className="mb-2 px-3 font-semibold text-muted-foreground text-xs uppercase tracking-wider">Workspace</p>
        <NavLinks />
      </div>
      <div className="border-sidebar-border border-t p-3">
        <form method="post" action={serverPaths.logout}>
          <Button
            type="submit"
            variant="ghost"
            className="w-full justify-start gap-3 px-3 text-sidebar-foreground/80 hover:text-destructive"
          >
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </form>
      </div>
    </aside>
  );
}
