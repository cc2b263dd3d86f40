import { FileText, type LucideIcon, ScanSearch, Star, Tag } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/utils.ts';
import { scoreTextClass } from '../audits-shared/score-colours.ts';
import type { DashboardStats } from './dashboard-stats.ts';

type StatCard = { label: string; value: number; detail: string; icon: LucideIcon; valueClass?: string };

function cardsFor(stats: DashboardStats): StatCard[] {
  return [
    {
      label: 'Brand Score',
      value: stats.brandScore,
      detail: `Latest: ${stats.latestScore ?? '—'}`,
      icon: Star,
      valueClass: stats.completedAudits > 0 ? scoreTextClass(stats.brandScore) : undefined,
    },
    { label: 'Audits This Month', value: stats.completedAudits, detail: 'Completed audits', icon: ScanSearch },
    { label: 'Brands', value: stats.brandCount, detail: stats.brandsRemaining, icon: Tag },
    { label: 'Reports Generated', value: stats.completedAudits, detail: 'Audit reports ready', icon: FileText },
  ];
}

const placeholders = ['Brand Score', 'Audits This Month', 'Brands', 'Reports Generated'];

/** The dashboard's four figures; skeletons while the data loads. */
export function StatCards({ stats }: { stats: DashboardStats | null }) {
  if (!stats) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy="true">
        {placeholders.map((label) => (
          <Card key={label} className="gap-3 py-5">
            <CardHeader className="px-4 sm:px-5">
              <CardDescription className="font-medium">{label}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-2 px-4 sm:px-5">
              <Skeleton className="h-8 w-16" />
              <Skeleton className="h-3 w-24" />
            </CardContent>
          </Card>
        ))}
      </div>
    );
  }

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {cardsFor(stats).map(({ label, value, detail, icon: Icon, valueClass }) => (
        <Card
          key={label}
          className="gap-2 py-4 sm:gap-3 sm:py-5"
          data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
        >
          <CardHeader className="flex flex-row items-start justify-between gap-2 px-4 sm:px-5">
            <CardDescription className="font-medium">{label}</CardDescription>
            <span className="hidden size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary min-[400px]:flex">
              <Icon aria-hidden="true" className="size-4" />
            </span>
          </CardHeader>
          <CardContent className="px-4 sm:px-5">
            <p className={cn('font-bold text-2xl tabular-nums sm:text-3xl', valueClass)}>{value}</p>
            <p className="mt-1 text-muted-foreground text-xs">{detail}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
