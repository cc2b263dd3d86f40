import type { TCurrentUser } from '../../../shared/schemas/auth.ts';
import { BrandLogo } from '../brand-logo.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { NotificationsButton } from './notifications-button.tsx';
import { UserMenu } from './user-menu.tsx';

export function AppHeader({ user }: { user: TCurrentUser | null | undefined }) {
  return (
    <header className="sticky top-0 z-40 h-16 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex h-full items-center gap-2 px-3 sm:px-4 md:px-6">
        <MobileNav />
        <a
          href="/landing"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label="Brandlens home"
        >
          <BrandLogo />
        </a>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <NotificationsButton />
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
