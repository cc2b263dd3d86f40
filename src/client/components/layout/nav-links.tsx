import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/utils.ts';
import { isNavItemActive, navItems } from './nav-items.ts';

/** The app's navigation entries; the current one is highlighted and marked aria-current. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();

  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      {navItems.map((item) => {
        const active = isNavItemActive(item, location);
        const Icon = item.icon;
        return (
          <Link
            key={item.href}
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
      })}
    </nav>
  );
}
