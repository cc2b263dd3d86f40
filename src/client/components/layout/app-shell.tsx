import type * as React from 'react';
import { Suspense } from 'react';
import { useAuth } from '../../hooks/use-auth.ts';
import { CenteredSpinner } from '../spinner.tsx';
import { TooltipProvider } from '../ui/tooltip.tsx';
import { AppHeader } from './app-header.tsx';
import { AppSidebar } from './app-sidebar.tsx';

/** The signed-in application frame: header, sidebar (md and up) or slide-in menu, and the page. */
export default function AppShell({ children }: { children: React.ReactNode }) {
  const { user } = useAuth();

  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-muted/30">
        <AppHeader user={user} />
        <div className="flex">
          <AppSidebar />
          <main id="main-content" className="min-w-0 flex-1">
            <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
              <Suspense fallback={<CenteredSpinner />}>{children}</Suspense>
            </div>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
