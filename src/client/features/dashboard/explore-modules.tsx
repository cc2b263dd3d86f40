import { ArrowRight, MessageSquareText, ScanSearch, Target } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';

const modules = [
  {
    title: 'Brand Audit',
    href: '/brand-audit',
    icon: ScanSearch,
    description: 'Score your website, social profiles and brand assets, with prioritised fixes.',
  },
  {
    title: 'Consumer Insights',
    href: '/consumer-insights',
    icon: MessageSquareText,
    description: 'Track sentiment in reviews and feedback, and spot the trends behind it.',
  },
  {
    title: 'Competitor Tracking',
    href: '/competitor-tracking',
    icon: Target,
    description: 'Monitor competitor ads across six platforms and see where they are heading.',
  },
];

export function ExploreModules() {
  return (
    <section aria-labelledby="explore-modules-heading" className="space-y-4">
      <h2 id="explore-modules-heading" className="font-semibold text-xl tracking-tight">
        Explore Our Modules
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {modules.map(({ title, href, icon: Icon, description }) => (
          <Card key={href} className="group gap-4 transition-shadow hover:shadow-md">
            <CardHeader className="gap-3">
              <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <CardTitle>
                <h3>{title}</h3>
              </CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            <CardContent className="mt-auto">
              <Link
                href={href}
                aria-label={`Get Started with ${title}`}
                className="inline-flex items-center gap-1.5 rounded-md font-medium text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                Get Started
                <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
              </Link>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
