import { Menu, X } from 'lucide-react';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { Button } from '../../components/ui/button.tsx';

export const landingSections = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'about', label: 'About' },
] as const;

type LandingNavProps = {
  signedIn: boolean;
  /** The welcome name for a signed-in visitor. */
  welcomeName: string;
};

export function LandingNav({ signedIn, welcomeName }: LandingNavProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-4 px-4 sm:px-6">
        <a
          href="/landing"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label="Brandlens home"
        >
          <BrandLogo />
        </a>

        <nav aria-label="Sections" className="ml-6 hidden items-center gap-1 md:flex">
          {landingSections.map((section) => (
            <Button
              key={section.id}
              asChild
              variant="ghost"
              size="sm"
              className="text-muted-foreground hover:text-foreground"
            >
              <a href={`#${section.id}`} data-section-link>
                {section.label}
              </a>
            </Button>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          {signedIn ? (
            <>
              <span className="hidden text-muted-foreground text-sm sm:inline" data-testid="landing-welcome">
                Welcome, <span className="font-medium text-foreground">{welcomeName}</span>
              </span>
              <Button asChild size="sm">
                <a href="/">Dashboard</a>
              </Button>
            </>
          ) : (
            <Button asChild size="sm">
              <a href="/signin">Get Started</a>
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open sections menu"
            aria-expanded="false"
            aria-controls="landing-mobile-sections"
            data-menu-toggle
          >
            <Menu aria-hidden="true" className="size-5" data-menu-icon="closed" />
            <X aria-hidden="true" className="hidden size-5" data-menu-icon="open" />
          </Button>
        </div>
      </div>

      <nav
        id="landing-mobile-sections"
        aria-label="Sections"
        className="border-t bg-background px-4 pt-2 pb-4 shadow-sm md:hidden"
        hidden
      >
        {signedIn && (
          <p className="px-3 py-2 text-muted-foreground text-sm">
            Welcome, <span className="font-medium text-foreground">{welcomeName}</span>
          </p>
        )}
        {landingSections.map((section) => (
          <a
            key={section.id}
            href={`#${section.id}`}
            data-section-link
            className="block w-full rounded-md px-3 py-2.5 text-left font-medium text-sm hover:bg-accent"
          >
            {section.label}
          </a>
        ))}
      </nav>
    </header>
  );
}
