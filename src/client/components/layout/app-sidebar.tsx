import { NavLinks } from './nav-links.tsx';
import { SignOutForm } from './sign-out-form.tsx';

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
        <SignOutForm label="Sign Out" />
      </div>
    </aside>
  );
}
