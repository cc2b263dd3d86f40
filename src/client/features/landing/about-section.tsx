import { Gauge, ShieldCheck, Users } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const values = [
  {
    title: 'Measured, not guessed',
    icon: Gauge,
    text: 'Every score is built from named checks with the evidence behind them. If something could not be measured, the report says so.',
  },
  {
    title: 'Made for small teams and agencies',
    icon: Users,
    text: 'Clear priorities, estimated effort and plain-English recommendations, whether you run one brand or fifty.',
  },
  {
    title: 'Your data stays yours',
    icon: ShieldCheck,
    text: 'We only use your data to run the service for you. No advertising trackers, and you can delete your account at any time.',
  },
];

export function AboutSection() {
  return (
    <section id="about" className="border-t bg-muted/30 py-20 sm:py-24">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <SectionHeading eyebrow="About" title="What Brandlens is">
          Brandlens is a brand analysis tool for businesses and agencies. It looks at your website, social profiles and
          brand assets the way a careful marketer would, then tells you what to fix first. Text written by AI is
          labelled as such and is based only on what was measured.
        </SectionHeading>

        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {values.map(({ title, icon: Icon, text }) => (
            <div key={title} className="rounded-2xl border bg-card p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
