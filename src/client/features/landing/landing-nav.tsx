import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { scrollToSection } from '../../lib/navigation.ts';

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
  const [menuOpen, setMenuOpen] = useState(false);

  const goToSection = (id: string) => {
    setMenuOpen(false);
    if (scrollToSection(id)) window.history.replaceState(null, '', `#${id}`);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link
          href="/landing"
          onClick={() => window.scrollTo({ top: 0 })}
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label="Brandlens home"
        >
          <BrandLogo />
        </Link>

        <nav aria-label="Sections" className="ml-6 hidden items-center gap-1 md:flex">
          {landingSections.map((section) => (
            <Button
              key={section.id}
              variant="ghost"
              size="sm"
              className="text-muted-foreground hover:text-foreground"
              onClick={() => goToSection(section.id)}
            >
              {section.label}
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
                <Link href="/">Dashboard</Link>
              </Button>
            </>
          ) : (
            <Button asChild size="sm">
              <Link href="/signin">Get Started</Link>
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? 'Close sections menu' : 'Open sections menu'}
            aria-expanded={menuOpen}
            aria-controls="landing-mobile-sections"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </Button>
        </div>
      </div>

      {menuOpen && (
        <nav
          id="landing-mobile-sections"
          aria-label="Sections"
          className="border-t bg-background px-4 pt-2 pb-4 shadow-sm md:hidden"
        >
          {signedIn && (
            <p className="px-3 py-2 text-muted-foreground text-sm">
              Welcome, <span className="font-medium text-foreground">{welcomeName}</span>
            </p>
          )}
          {landingSections.map((section) => (
            <button
              key={section.id}
              type="button"
              className="block w-full rounded-md px-3 py-2.5 text-left font-medium text-sm hover:bg-accent"
              onClick={() => goToSection(section.id)}
            >
              {section.label}
            </button>
          ))}
        </nav>
      )}
    </header>
  );
}
