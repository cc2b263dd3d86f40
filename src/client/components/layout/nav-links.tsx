import { Link, useLocation } from 'wouter';
import { useAuth } from '../../hooks/use-auth.ts';
import { cn } from '../../lib/utils.ts';
import { adminNavItems, isNavItemActive, type NavItem, navItems } from './nav-items.ts';

function NavLink({ item, location, onNavigate }: { item: NavItem; location: string; onNavigate?: () => void }) {
  const active = isNavItemActive(item, location);
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      data-active={active}
      className={cn(
        'group flex items-center gap-3 rounded-lg px-3 py-2 font-medium text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
        active
          ? 'bg-sidebar-accent text-sidebar-accent-foreground'
          : 'text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'size-4 shrink-0',
          active ? 'text-sidebar-primary' : 'text-muted-foreground group-hover:text-sidebar-primary',
        )}
      />
      <span className="truncate">{item.label}</span>
    </Link>
  );
}

/**
 * The app's navigation entries; the current one is highlighted and marked aria-current.
 * Administrators also get the support inbox and the mail outbox, under a heading of their own.
 */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const { user } = useAuth();

  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      {navItems.map((item) => (
        <NavLink key={item.href} item={item} location={location} onNavigate={onNavigate} />
      ))}
      {user?.isAdmin && (
        <>
          <p className="mt-5 mb-1 px-3 font-semibold text-muted-foreground text-xs uppercase tracking-wider">
            Administration
          </p>
          {adminNavItems.map((item) => (
            <NavLink key={item.href} item={item} location={location} onNavigate={onNavigate} />
          ))}
        </>
      )}
    </nav>
  );
}
