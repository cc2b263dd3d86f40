import { ArrowRight, ChartColumn, FileText, FlaskConical, LogIn, ScanSearch, Star, Tag } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatDate } from '../../lib/format.ts';
import { serverPaths } from '../../lib/navigation.ts';
import { cn } from '../../lib/utils.ts';
import { sampleActions, sampleAudits, sampleStats } from './sample-data.ts';

/** Darker than the app's score colours: the sample scores are small text, which needs a 4.5:1 contrast. */
function scoreTone(score: number): string {
  if (score >= 80) return 'text-emerald-700 dark:text-success';
  if (score >= 60) return 'text-amber-700 dark:text-warning';
  return 'text-destructive';
}

const priorityColour: Record<string, string> = {
  High: 'bg-chart-1',
  Medium: 'bg-chart-4',
};

function SampleBadge({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={cn('gap-1 text-amber-900 dark:text-warning', className)}>
      <FlaskConical aria-hidden="true" />
      Sample data
    </Badge>
  );
}

/** A static page (no React in the browser): sign-in is a plain link to the server's sign-in address. */
function SignInLink({ children, ...props }: ComponentProps<typeof Button>) {
  return (
    <Button asChild {...props}>
      <a href={serverPaths.login}>{children}</a>
    </Button>
  );
}

export function DemoDashboardPage() {
  const stats = [
    {
      label: 'Brand Score',
      value: sampleStats.brandScore,
      detail: `Latest: ${sampleStats.latestScore}`,
      icon: Star,
    },
    { label: 'Audits This Month', value: sampleStats.auditsThisMonth, detail: 'Completed audits', icon: ScanSearch },
    {
      label: 'Brands',
      value: sampleStats.brands,
      detail: `${sampleStats.maxBrands - sampleStats.brands} remaining`,
      icon: Tag,
    },
    {
      label: 'Reports Generated',
      value: sampleStats.reportsGenerated,
      detail: 'PDF and shared reports',
      icon: FileText,
    },
  ];

  return (
    <div className="min-h-dvh bg-muted/30">
      <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Link href="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <BrandLogo />
          </Link>
          <SampleBadge className="hidden sm:inline-flex" />
          <SignInLink className="ml-auto" size="sm">
            <LogIn aria-hidden="true" />
            Sign In
          </SignInLink>
        </div>
      </header>

      <div role="note" className="border-amber-300/60 border-b bg-amber-50 text-amber-900 dark:bg-amber-950/40">
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:px-6 lg:px-8">
          <SampleBadge className="sm:hidden" />
          <p>
            <strong className="font-semibold">This is a preview with sample data.</strong> The brands, scores and
            actions below are examples. Sign in to audit your own brand.
          </p>
        </div>
      </div>

      <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <PageHeader
          title="Dashboard preview"
          description="Here's your brand performance overview"
          actions={
            <SignInLink>
              Sign In
              <ArrowRight aria-hidden="true" />
            </SignInLink>
          }
        />

        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {stats.map(({ label, value, detail, icon: Icon }) => (
            <Card key={label} className="gap-3 py-5">
              <CardHeader className="flex flex-row items-center justify-between px-5">
                <CardDescription className="font-medium">{label}</CardDescription>
                <span className="flex size-8 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
              </CardHeader>
              <CardContent className="px-5">
                <p className="font-bold text-3xl tabular-nums">{value}</p>
                <p className="mt-1 text-muted-foreground text-xs">{detail}</p>
              </CardContent>
            </Card>
          ))}
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <ChartColumn aria-hidden="true" className="size-4 text-primary" />
                Recent Audits
              </CardTitle>
              <CardDescription>Your latest completed audits (sample)</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="divide-y">
                {sampleAudits.map((audit) => (
                  <li key={audit.id} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-sm">{audit.brand}</p>
                      <p className="text-muted-foreground text-xs">{formatDate(audit.date)}</p>
                    </div>
                    <div className="flex shrink-0 items-center gap-3">
                      <span className={cn('font-bold text-lg tabular-nums', scoreTone(audit.score))}>
                        {audit.score}
                      </span>
                      <SignInLink variant="outline" size="sm">
                        View
                      </SignInLink>
                    </div>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Recommended Actions</CardTitle>
              <CardDescription>{sampleActions.length} pending actions (sample)</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3">
                {sampleActions.map((action) => (
                  <li key={action.title} className="rounded-lg border p-3">
                    <div className="flex items-start gap-3">
                      <span
                        aria-hidden="true"
                        className={cn(
                          'mt-1.5 size-2 shrink-0 rounded-full',
                          priorityColour[action.priority] ?? 'bg-chart-2',
                        )}
                      />
                      <div className="min-w-0">
                        <p className="font-medium text-sm">{action.title}</p>
                        <p className="mt-0.5 text-muted-foreground text-xs">
                          {action.brand} · {action.category} · {action.priority} Priority
                        </p>
                        <p className="mt-1 line-clamp-2 text-muted-foreground text-sm">{action.description}</p>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>

        <Card className="mt-6 items-center gap-4 bg-gradient-to-br from-indigo-600 to-violet-600 px-6 text-center text-white sm:flex-row sm:justify-between sm:text-left">
          <div>
            <p className="font-semibold text-lg">See your own brand here</p>
            <p className="text-sm text-white/80">Sign in and run your first audit in a few minutes.</p>
          </div>
          <SignInLink variant="secondary" size="lg">
            Sign In
          </SignInLink>
        </Card>
      </main>
    </div>
  );
}
