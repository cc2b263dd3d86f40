import { History } from 'lucide-react';
import type { PlanKey } from '../../../shared/plans.ts';
import type { TAuditSummary } from '../../../shared/schemas/audits.ts';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { PagedList } from '../../lib/paged-list.ts';
import { AuditCard } from './audit-card.tsx';

export function PreviousAudits({
  audits,
  list,
  upgradeToRerun,
  readOnlyReasons,
}: {
  audits: TAuditSummary[] | undefined;
  /** the audit list's paging: "Load more" reaches older audits */
  list: PagedList<TAuditSummary>;
  upgradeToRerun: PlanKey | null;
  /** why each brand the plan keeps read-only cannot run again, by brand id */
  readOnlyReasons: ReadonlyMap<string, string>;
}) {
  const busyBrands = new Set(audits?.filter((a) => a.status === 'processing').map((a) => a.brandId));

  return (
    <section aria-labelledby="previous-audits-heading" className="space-y-4">
      <h2 id="previous-audits-heading" className="font-semibold text-xl tracking-tight">
        Previous Audits
      </h2>
      {audits === undefined ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : audits.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-4 py-10 text-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <History aria-hidden="true" className="size-5" />
          </span>
          <p className="mt-3 font-medium">No audits yet</p>
          <p className="mt-1 max-w-sm text-muted-foreground text-sm">
            Your audits will appear here. Start one above: it takes a minute or two.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {audits.map((audit) => (
            <li key={audit.id} className="grid">
              <AuditCard
                audit={audit}
                brandBusy={busyBrands.has(audit.brandId)}
                upgradeToRerun={upgradeToRerun}
                readOnlyReason={readOnlyReasons.get(audit.brandId) ?? null}
              />
            </li>
          ))}
        </ul>
      )}
      {audits !== undefined && audits.length > 0 && <LoadMoreButton list={list} shown={audits.length} />}
    </section>
  );
}
