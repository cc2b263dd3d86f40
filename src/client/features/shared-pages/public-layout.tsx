import type * as React from 'react';
import { BrandLogo } from '../../components/brand-logo.tsx';

/** A plain frame for public pages opened from a shared link. */
export function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center px-4 sm:px-6">
          <a href="/landing" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <BrandLogo />
          </a>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6">{children}</main>
      <footer className="border-t bg-background py-6 text-center text-muted-foreground text-xs">
        Shared with Brandlens ·{' '}
        <a href="/privacy-policy" className="underline-offset-4 hover:underline">
          Privacy Policy
        </a>
      </footer>
    </div>
  );
}
