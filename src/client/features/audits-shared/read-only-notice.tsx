import { ArrowRight, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { plans } from '../../../shared/plans.ts';
import { Button } from '../../components/ui/button.tsx';
import { setSelectedPlan } from '../../lib/storage.ts';
import { cn } from '../../lib/utils.ts';
import type { ReadOnlyState } from './plan-access.ts';

/**
 * Over what a plan keeps read-only: why, in the server's or the plans table's words, and the
 * upgrade that would open it again (the subscribe screen for that plan).
 */
export function ReadOnlyNotice({ state, className }: { state: ReadOnlyState; className?: string }) {
  return (
    <section
      aria-label="Read-only"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-amber-300/70 bg-amber-50 px-4 py-3 text-amber-900 text-sm sm:flex-row sm:items-center sm:justify-between dark:bg-amber-950/40 dark:text-amber-100',
        className,
      )}
    >
      <p className="flex items-start gap-2">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {state.message}
      </p>
      {state.upgradeTo && (
        <Button asChild size="sm" variant="outline" className="shrink-0">
          <Link href="/subscribe" onClick={() => state.upgradeTo && setSelectedPlan(state.upgradeTo)}>
            Upgrade to {plans[state.upgradeTo].name}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      )}
    </section>
  );
}
