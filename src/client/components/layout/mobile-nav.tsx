import { Menu } from 'lucide-react';
import { useState } from 'react';
import { BrandLogo } from '../brand-logo.tsx';
import { Button } from '../ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '../ui/sheet.tsx';
import { NavLinks } from './nav-links.tsx';
import { SignOutForm } from './sign-out-form.tsx';

/** The hamburger button and slide-in menu for screens below md. */
export function MobileNav() {
  const [open, setOpen] = useState(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-72 gap-0 bg-sidebar p-0 sm:max-w-xs">
        <SheetHeader className="border-sidebar-border border-b px-5 py-4">
          <SheetTitle className="text-lg">Menu</SheetTitle>
          <SheetDescription className="sr-only">Navigate between the areas of Brandlens</SheetDescription>
        </SheetHeader>
        <div className="flex-1 overflow-y-auto px-3 py-4">
          <NavLinks onNavigate={() => setOpen(false)} />
        </div>
        <div className="space-y-3 border-sidebar-border border-t p-3">
          <SignOutForm label="Log Out" />
          <div className="px-3 pb-1 text-muted-foreground">
            <BrandLogo className="opacity-70" markClassName="size-5" />
          </div>
        </div>
      </SheetContent>
    </Sheet>
  );
}
