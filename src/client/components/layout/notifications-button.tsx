import { Bell, BellOff, CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { TNotification } from '../../../shared/schemas/notifications.ts';
import { useMarkNotificationsRead, useNotifications } from '../../features/notifications/notification-queries.ts';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { LoadMoreButton } from '../load-more-button.tsx';
import { Button } from '../ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover.tsx';

function NotificationRow({ notification, onOpen }: { notification: TNotification; onOpen: () => void }) {
  const failed = notification.kind.endsWith('failed');
  const Icon = failed ? CircleAlert : CircleCheck;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'flex w-full gap-3 px-4 py-3 text-left outline-none transition-colors hover:bg-accent focus-visible:bg-accent',
          !notification.read && 'bg-primary/5',
        )}
        data-testid="notification"
        data-read={notification.read}
      >
        <Icon
          aria-hidden="true"
          className={cn('mt-0.5 size-4 shrink-0', failed ? 'text-destructive' : 'text-success')}
        />
        <span className="min-w-0 flex-1">
          <span className="block break-words font-medium text-sm leading-snug">{notification.title}</span>
          {notification.body && (
            <span className="mt-0.5 line-clamp-2 block break-words text-muted-foreground text-xs">
              {notification.body}
            </span>
          )}
          <time
            dateTime={notification.createdAt}
            title={formatDateTime(notification.createdAt)}
            className="mt-1 block text-muted-foreground text-xs"
          >
            {formatRelative(notification.createdAt)}
          </time>
        </span>
        {!notification.read && (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </button>
    </li>
  );
}

/**
 * The header's bell: audits, discoveries, imports and exports that finished, newest first, with
 * the unread count on the button. Opening one marks it read (for this user only) and goes to its
 * result.
 */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = notifications.unreadCount;
  const list = notifications.data ?? [];
  const { refetch } = notifications;

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) void refetch();
  };

  const openNotification = (notification: TNotification) => {
    if (!notification.read) markRead.mutate(notification.id);
    setOpen(false);
    if (notification.link) navigate(notification.link);
  };

  return (
    <Popover open={open} onOpenChange={changeOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
        >
          <Bell aria-hidden="true" className="size-5" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-white tabular-nums"
              data-testid="notifications-unread"
            >
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 max-w-[calc(100vw-1.5rem)] p-0">
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <p className="font-semibold text-sm">Notifications</p>
          {unread > 0 && (
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              onClick={() => markRead.mutate(undefined)}
              disabled={markRead.isPending}
            >
              Mark all as read
            </Button>
          )}
        </div>
        {list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted">
              <BellOff aria-hidden="true" className="size-5 text-muted-foreground" />
            </span>
            <p className="font-medium text-sm">No notifications yet</p>
            <p className="text-muted-foreground text-xs">Finished audits, discoveries and imports appear here.</p>
          </div>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            <ul className="divide-y" aria-label="Notifications">
              {list.map((notification) => (
                <NotificationRow
                  key={notification.id}
                  notification={notification}
                  onOpen={() => openNotification(notification)}
                />
              ))}
            </ul>
            {notifications.hasNextPage && (
              <div className="border-t px-4 pb-3">
                <LoadMoreButton list={notifications} />
              </div>
            )}
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
