import { Globe, Image, Share2, TrendingUp } from 'lucide-react';

const subScores = [
  { label: 'Website', value: 86, icon: Globe },
  { label: 'Social media', value: 71, icon: Share2 },
  { label: 'Brand assets', value: 80, icon: Image },
];

const overall = 79;
const circumference = 2 * Math.PI * 42;

/** An illustration of an audit result on the landing page, clearly marked as an example. */
export function ExampleScoreCard() {
  return (
    <figure className="relative mx-auto w-full max-w-md" aria-label="Example of a Brandlens audit summary">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-indigo-500/20 via-violet-500/10 to-transparent blur-2xl"
      />
      <div className="rounded-2xl border bg-card p-5 shadow-xl shadow-indigo-500/5 sm:p-6">
        <div className="flex items-center justify-between">
          <div>
            <p className="font-semibold text-sm">Brand Score</p>
            <p className="text-muted-foreground text-xs">Example report</p>
          </div>
          <span className="rounded-full bg-muted px-2.5 py-1 font-medium text-muted-foreground text-xs">Example</span>
        </div>

        <div className="mt-5 flex items-center gap-5 sm:gap-6">
          <div className="relative size-28 shrink-0">
            <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
              <circle cx="50" cy="50" r="42" fill="none" strokeWidth="10" className="stroke-muted" />
              <circle
                cx="50"
                cy="50"
                r="42"
                fill="none"
                strokeWidth="10"
                strokeLinecap="round"
                className="stroke-primary"
                strokeDasharray={circumference}
                strokeDashoffset={circumference * (1 - overall / 100)}
              />
            </svg>
            <div className="absolute inset-0 flex flex-col items-center justify-center">
              <span className="font-bold text-3xl tabular-nums">{overall}</span>
              <span className="text-muted-foreground text-xs">out of 100</span>
            </div>
          </div>
          <ul className="min-w-0 flex-1 space-y-3">
            {subScores.map(({ label, value, icon: Icon }) => (
              <li key={label}>
                <div className="mb-1 flex items-center justify-between gap-2 text-xs">
                  <span className="flex items-center gap-1.5 text-muted-foreground">
                    <Icon aria-hidden="true" className="size-3.5" />
                    {label}
                  </span>
                  <span className="font-semibold tabular-nums">{value}</span>
                </div>
                <div className="h-1.5 overflow-hidden rounded-full bg-muted">
                  <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </div>

        <div className="mt-5 rounded-xl border bg-muted/40 p-3.5">
          <p className="flex items-center gap-1.5 font-medium text-xs">
            <TrendingUp aria-hidden="true" className="size-3.5 text-primary" />
            Top recommendation
          </p>
          <p className="mt-1 text-muted-foreground text-xs leading-relaxed">
            Add meta descriptions to pages that are missing one, so search results show a summary you wrote.
          </p>
        </div>
      </div>
    </figure>
  );
}
