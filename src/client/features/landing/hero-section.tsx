import { ArrowRight, LayoutDashboard, Sparkles, Star } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ExampleScoreCard } from './example-score-card.tsx';

type HeroSectionProps = { signedIn: boolean; welcomeName: string };

export function HeroSection({ signedIn, welcomeName }: HeroSectionProps) {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklab,var(--primary)_18%,transparent),transparent)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[linear-gradient(to_right,color-mix(in_oklab,var(--border)_70%,transparent)_1px,transparent_1px),linear-gradient(to_bottom,color-mix(in_oklab,var(--border)_70%,transparent)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)]"
      />
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 md:pt-24 lg:grid-cols-[1.1fr_0.9fr] lg:pb-28">
        <div className="text-center lg:text-left">
          <Badge variant="secondary" className="mb-6 gap-1.5 rounded-full px-3 py-1 text-xs">
            <Sparkles aria-hidden="true" />
            AI-powered brand intelligence
          </Badge>

          {signedIn ? (
            <>
              <h1 className="font-bold text-4xl tracking-tight sm:text-5xl lg:text-6xl">Welcome back</h1>
              <p className="mx-auto mt-5 max-w-xl text-lg text-muted-foreground lg:mx-0">
                Good to see you again, {welcomeName}. Pick up where you left off, or compare plans to unlock more brands
                and features.
              </p>
              <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
                <Button asChild size="xl">
                  <a href="/">
                    <LayoutDashboard aria-hidden="true" />
                    Back to Dashboard
                  </a>
                </Button>
                <Button asChild size="xl" variant="outline">
                  <a href="#pricing" data-section-link>
                    View Pricing
                  </a>
                </Button>
              </div>
            </>
          ) : (
            <>
              <h1 className="font-bold text-4xl tracking-tight sm:text-5xl lg:text-6xl">
                AI-Powered Brand Analysis{' '}
                <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">
                  Made Simple
                </span>
              </h1>
              <p className="mx-auto mt-5 max-w-xl text-lg text-muted-foreground lg:mx-0">
                Audit your brand across your website, social media and brand assets, understand what customers are
                saying, and keep an eye on your competitors' ads, all in one place.
              </p>
              <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
                <Button asChild size="xl">
                  <a href="/signin">
                    Start Free Audit
                    <ArrowRight aria-hidden="true" />
                  </a>
                </Button>
                <Button asChild size="xl" variant="outline">
                  <a href="/demo-dashboard">View a sample dashboard</a>
                </Button>
              </div>
              <div className="mt-8 flex items-center justify-center gap-2 text-muted-foreground text-sm lg:justify-start">
                <span className="flex text-amber-400" aria-hidden="true">
                  {[0, 1, 2, 3, 4].map((star) => (
                    <Star key={star} className="size-4 fill-current" />
                  ))}
                </span>
                <span>Trusted by thousands of businesses worldwide</span>
              </div>
            </>
          )}
        </div>

        <ExampleScoreCard />
      </div>
    </section>
  );
}
