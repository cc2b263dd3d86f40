import { BrandLogo } from '../../components/brand-logo.tsx';

export function LandingFooter() {
  return (
    <footer className="border-t bg-background">
      <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-4 px-4 py-10 text-center sm:px-6 md:flex-row md:justify-between md:text-left">
        <div>
          <BrandLogo />
          <p className="mt-2 text-muted-foreground text-sm">Brand audits, consumer insights and competitor tracking.</p>
        </div>
        <div className="flex flex-col items-center gap-2 text-sm md:items-end">
          <a href="/privacy-policy" className="font-medium text-foreground underline-offset-4 hover:underline">
            Privacy Policy
          </a>
          <p className="text-muted-foreground">© 2025 Brandlens Ltd. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
