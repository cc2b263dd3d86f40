import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { PlanKey } from '../../../shared/plans.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { scrollToSection } from '../../lib/navigation.ts';
import { setSelectedPlan } from '../../lib/storage.ts';
import { userGreetingName } from '../../lib/user.ts';
import { AboutSection } from './about-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingNav } from './landing-nav.tsx';
import { PricingSection } from './pricing-section.tsx';

export default function LandingPage() {
  const { user, isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  const welcomeName = userGreetingName(user, 'there');

  // Links such as /landing#pricing open at that section.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) requestAnimationFrame(() => scrollToSection(id));
  }, []);

  const choosePlan = (plan: PlanKey) => {
    setSelectedPlan(plan);
    if (!isAuthenticated) navigate('/signin');
    else navigate(plan === 'free' ? '/' : '/subscribe');
  };

  return (
    <div className="min-h-dvh bg-background">
      <LandingNav signedIn={isAuthenticated} welcomeName={welcomeName} />
      <main>
        <HeroSection signedIn={isAuthenticated} welcomeName={welcomeName} />
        <FeaturesSection />
        <PricingSection onChoosePlan={choosePlan} />
        <AboutSection />
      </main>
      <LandingFooter />
    </div>
  );
}
