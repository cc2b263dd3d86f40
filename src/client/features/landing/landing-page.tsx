import { AboutSection } from './about-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingNav } from './landing-nav.tsx';
import { PricingSection } from './pricing-section.tsx';

type LandingPageProps = {
  signedIn: boolean;
  /** The signed-in visitor's welcome name (a placeholder the server fills in; see client-pages.ts). */
  welcomeName: string;
};

/**
 * The landing page, rendered at build time in a signed-out and a signed-in variant (no React in the
 * browser). The plan buttons, the section links and the mobile menu work through the public pages'
 * script (public-page.ts), which reads the data attributes written here; `data-signed-in` tells it
 * where a chosen plan continues.
 */
export function LandingPage({ signedIn, welcomeName }: LandingPageProps) {
  return (
    <div className="min-h-dvh bg-background" data-landing data-signed-in={signedIn ? 'true' : 'false'}>
      <LandingNav signedIn={signedIn} welcomeName={welcomeName} />
      <main>
        <HeroSection signedIn={signedIn} welcomeName={welcomeName} />
        <FeaturesSection />
        <PricingSection />
        <AboutSection />
      </main>
      <LandingFooter />
    </div>
  );
}
