import { Bell, BellOff } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover.tsx';

export function NotificationsButton() {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell aria-hidden="true" className="size-5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72 p-0">
        <div className="border-b px-4 py-3">
          <p className="font-semibold text-sm">Notifications</p>
        </div>
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-muted">
            <BellOff aria-hidden="true" className="size-5 text-muted-foreground" />
          </span>
          <p className="font-medium text-sm">No notifications yet</p>
        </div>
      </PopoverContent>
    </Popover>
  );
}
