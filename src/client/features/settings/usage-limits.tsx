import type { TSubscriptionDetails } from '../../../shared/schemas/billing.ts';
import { Progress } from '../../components/ui/progress.tsx';
import { cn } from '../../lib/utils.ts';
import { notIncluded, usagePercent, usageText } from './subscription-status.ts';

const usageRows = [
  { key: 'audits', label: 'Brand audits' },
  { key: 'insights', label: 'Consumer insights' },
  { key: 'competitors', label: 'Competitor reports' },
] as const;

/**
 * What the plan allows and how much of it is used: audits, insights and competitor reports.
 * `whose` names the plan when it is not the reader's own ("the agency's plan"): a plan the reader
 * cannot change offers no upgrade.
 */
export function UsageLimits({ usage, whose }: { usage: TSubscriptionDetails['usage']; whose?: string }) {
  return (
    <section aria-labelledby="usage-limits-heading" className="space-y-4">
      <h3 id="usage-limits-heading" className="font-semibold text-sm">
        Usage limits
      </h3>
      <ul className="grid gap-4 sm:grid-cols-3">
        {usageRows.map(({ key, label }) => {
          const item = usage[key];
          const percent = usagePercent(item);
          const full = percent !== null && percent >= 100;
          return (
            <li key={key} className="space-y-2 rounded-lg border p-3" aria-label={label}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="text-muted-foreground">{label}</span>
                <span
                  className={cn(
                    'font-medium tabular-nums',
                    full && 'text-destructive',
                    notIncluded(item) && 'text-muted-foreground',
                  )}
                >
                  {usageText(item)}
                </span>
              </div>
              {percent === null ? (
                <p className="text-muted-foreground text-xs">
                  {notIncluded(item)
                    ? whose
                      ? `Not included in ${whose}`
                      : 'Upgrade to use it'
                    : `No limit on ${whose ?? 'your plan'}`}
                </p>
              ) : (
                <Progress
                  value={percent}
                  aria-label={`${label} used`}
                  className={cn(full && '[&>[data-slot=progress-indicator]]:bg-destructive')}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
