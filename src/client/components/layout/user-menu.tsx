import { ChevronDown, Inbox, LogOut, Settings, UserRoundCog } from 'lucide-react';
import { useLocation } from 'wouter';
import type { TCurrentUser } from '../../../shared/schemas/auth.ts';
import { submitSignOut } from '../../lib/navigation.ts';
import { userDisplayName, userInitials } from '../../lib/user.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';

export function UserAvatar({ user, className }: { user: TCurrentUser | null | undefined; className?: string }) {
  return (
    <Avatar className={className}>
      {user?.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback className="bg-primary/10 font-semibold text-primary text-xs">{userInitials(user)}</AvatarFallback>
    </Avatar>
  );
}

/**
 * Who is signed in, beside the avatar from lg up: the name, and from xl the e-mail under it, both in
 * full on a laptop screen (1366 px). Narrower, or past a generous cap, they are cut short with the
 * whole text in a tooltip.
 */
function HeaderIdentity({ name, email }: { name: string; email: string | undefined }) {
  const showEmail = Boolean(email) && email !== name;
  return (
    <span
      className="hidden min-w-0 flex-col items-start text-left leading-tight lg:flex"
      title={showEmail ? `${name}\n${email}` : name}
    >
      <span className="max-w-40 truncate font-medium text-sm xl:max-w-md" data-testid="header-user-name">
        {name}
      </span>
      {showEmail && (
        <span
          className="hidden max-w-md truncate text-muted-foreground text-xs xl:block"
          data-testid="header-user-email"
        >
          {email}
        </span>
      )}
    </span>
  );
}

export function UserMenu({ user }: { user: TCurrentUser | null | undefined }) {
  const [, navigate] = useLocation();
  const name = userDisplayName(user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-10 min-w-0 gap-2 px-1.5 sm:px-2" aria-label="User menu">
          <UserAvatar user={user} />
          <HeaderIdentity name={name} email={user?.email} />
          <ChevronDown aria-hidden="true" className="hidden size-4 text-muted-foreground sm:inline" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal">
          <UserAvatar user={user} className="size-9" />
          <div className="min-w-0">
            <p className="truncate font-medium text-sm" data-testid="user-menu-name">
              {name}
            </p>
            {user?.email && <p className="break-all text-muted-foreground text-xs">{user.email}</p>}
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/settings')}>
          <Settings aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        {user?.isAdmin && (
          <DropdownMenuItem onSelect={() => navigate('/admin/support')}>
            <Inbox aria-hidden="true" />
            Support Inbox
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={submitSignOut}>
          <UserRoundCog aria-hidden="true" />
          Switch Account
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={submitSignOut}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
