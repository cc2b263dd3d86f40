import { Check, Mail, MessageSquareText, Palette, ScanSearch, Target } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const modules = [
  {
    title: 'Brand Audit',
    icon: ScanSearch,
    description: 'AI analysis of how consistently your brand shows up across its digital touchpoints.',
    points: [
      'Website tone and SEO',
      'Social media consistency',
      'Brand asset evaluation',
      'Scores with prioritised recommendations',
    ],
  },
  {
    title: 'Consumer Insights',
    icon: MessageSquareText,
    description: 'Understand how customers feel about your brand, and why.',
    points: [
      'Social sentiment tracking',
      'Customer feedback analysis with sentiment',
      'Trend identification',
      'Sentiment reports',
    ],
  },
  {
    title: 'Competitor Tracking',
    icon: Target,
    description: "See what your competitors advertise and where they're heading.",
    points: [
      'Ad library monitoring: Meta, Google, TikTok, LinkedIn, X (Twitter) and YouTube',
      'Competitive intelligence reports',
      'Strategic recommendations',
    ],
  },
];

const extras = [
  {
    title: 'Email Reports',
    icon: Mail,
    description: 'Schedule daily, weekly or monthly reports to your inbox or your team, with the modules you choose.',
  },
  {
    title: 'White Label',
    icon: Palette,
    description: 'Agencies can send reports under their own name, logo and colours.',
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className="border-t bg-muted/30 py-20 sm:py-24">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <SectionHeading eyebrow="Features" title="Three modules, one clear picture of your brand">
          Run an audit, listen to your customers and watch your competitors. Download any report as a PDF, e-mail it or
          share it by link.
        </SectionHeading>

        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {modules.map(({ title, icon: Icon, description, points }) => (
            <article
              key={title}
              className="flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 font-semibold text-xl">{title}</h3>
              <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{description}</p>
              <ul className="mt-5 space-y-2.5">
                {points.map((point) => (
                  <li key={point} className="flex gap-2.5 text-sm">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>

        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {extras.map(({ title, icon: Icon, description }) => (
            <article key={title} className="flex gap-4 rounded-2xl border bg-card p-6 shadow-sm">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-violet-500/10 text-violet-600">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-lg">{title}</h3>
                <p className="mt-1 text-muted-foreground text-sm leading-relaxed">{description}</p>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
