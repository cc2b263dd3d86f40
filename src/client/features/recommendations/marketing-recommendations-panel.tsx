import { useMutation } from '@tanstack/react-query';
import { AlertCircle, Download, LoaderCircle, Microscope, RefreshCw, Sparkles, Wand2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { featureLimitMessage, type PlanKey, plans } from '../../../shared/plans.ts';
import type { TSavedRecommendations } from '../../../shared/schemas/recommendations.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { downloadBlob, fileNamePart } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { notifyError } from '../audits-shared/notify-error.ts';
import { useGenerateRecommendations, useSavedRecommendations } from './recommendation-queries.ts';
import { RecommendationsSections, WrittenByLabel } from './recommendations-sections.tsx';
import {
  RecommendationsShareDialog,
  RecommendationsSharedNotice,
  ShareRecommendationsButton,
  useRecommendationsSharing,
} from './recommendations-share.tsx';

const PANEL_TITLE = 'AI Marketing Recommendations';

function PanelShell({
  description,
  actions,
  children,
  busy,
}: {
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  busy?: boolean;
}) {
  return (
    <Card className="gap-5" data-testid="marketing-recommendations" aria-busy={busy || undefined}>
      <CardHeader>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1.5">
            <CardTitle className="flex items-center gap-2 leading-tight">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-violet-500/10 text-violet-700 dark:text-violet-300">
                <Sparkles aria-hidden="true" className="size-3.5" />
              </span>
              <h2>{PANEL_TITLE}</h2>
            </CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </div>
          {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
        </div>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function GeneratePrompt({
  brandName,
  onGenerate,
  onCancel,
}: {
  brandName: string;
  onGenerate: () => void;
  onCancel?: () => void;
}) {
  return (
    <PanelShell description={`A marketing plan for ${brandName}, built from this audit`}>
      <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-8 text-center sm:px-8">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-violet-500/10 text-violet-700 dark:text-violet-300">
          <Wand2 aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-4 font-medium">
          {onCancel ? 'Write a fresh set of recommendations' : 'Turn this audit into a plan'}
        </p>
        <p className="mt-1.5 max-w-lg text-muted-foreground text-sm leading-relaxed">
          We build an executive summary, quick wins and prioritised strategies from this audit's measured findings: the
          checks that passed and failed, with their evidence. Every strategy names the findings it rests on, and nothing
          is guessed.
        </p>
        {onCancel && (
          <p className="mt-2 max-w-lg text-muted-foreground text-xs">
            Generating again replaces the current recommendations; the share link stays the same.
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              Keep current
            </Button>
          )}
          <Button onClick={onGenerate}>
            <Sparkles aria-hidden="true" />
            Generate Recommendations
          </Button>
        </div>
      </div>
    </PanelShell>
  );
}

function Generating({ brandName }: { brandName: string }) {
  return (
    <PanelShell description={`A marketing plan for ${brandName}, built from this audit`} busy>
      <div className="rounded-lg border bg-muted/30 px-4 py-6 sm:px-6" role="status" aria-live="polite">
        <div className="flex items-start gap-3">
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 animate-spin text-primary" />
          <div className="min-w-0">
            <p className="font-medium">Generating recommendations...</p>
            <p className="mt-1 text-muted-foreground text-sm">
              Reading this audit's measured findings and writing a plan for {brandName}. This usually takes under a
              minute.
            </p>
          </div>
        </div>
        <div className="mt-6 space-y-3" aria-hidden="true">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <div className="grid gap-3 pt-2 sm:grid-cols-2">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        </div>
      </div>
    </PanelShell>
  );
}

function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <PanelShell>
      <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-8 text-center">
        <AlertCircle aria-hidden="true" className="size-6 text-destructive" />
        <p className="mt-3 font-medium">We couldn't load the marketing recommendations</p>
        <p className="mt-1 text-muted-foreground text-sm">Please try again in a moment.</p>
        <Button variant="outline" className="mt-5" onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          Try again
        </Button>
      </div>
    </PanelShell>
  );
}

function Loading() {
  return (
    <PanelShell busy>
      <div className="space-y-3">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    </PanelShell>
  );
}

function DownloadPdfButton({ auditId, brandName }: { auditId: string; brandName: string }) {
  const download = useMutation({
    mutationFn: () =>
      downloadBlob(
        'POST',
        `/api/audits/${encodeURIComponent(auditId)}/marketing-recommendations/pdf`,
        `${fileNamePart(brandName)}-marketing-recommendations.pdf`,
      ),
    onSuccess: () => toast({ title: 'PDF Downloaded', description: `${brandName} marketing recommendations` }),
    onError: (error) => notifyError(error, 'Failed to generate PDF', 'Failed to generate PDF'),
  });
  return (
    <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
      {download.isPending ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <Download aria-hidden="true" />
      )}
      {download.isPending ? 'Preparing PDF...' : 'Download PDF'}
    </Button>
  );
}

function Result({
  auditId,
  brandName,
  saved,
  onRegenerate,
}: {
  auditId: string;
  brandName: string;
  saved: TSavedRecommendations & { recommendations: NonNullable<TSavedRecommendations['recommendations']> };
  onRegenerate: () => void;
}) {
  const sharing = useRecommendationsSharing(auditId, saved);
  return (
    <PanelShell
      description={
        <span className="flex flex-col items-start gap-2">
          <span>
            For {brandName}
            {saved.createdAt && <> · {formatDate(saved.createdAt)}</>}
          </span>
          <WrittenByLabel writtenBy={saved.recommendations.writtenBy} />
        </span>
      }
      actions={
        <>
          <Button variant="outline" onClick={onRegenerate}>
            <RefreshCw aria-hidden="true" />
            Regenerate
          </Button>
          <DownloadPdfButton auditId={auditId} brandName={brandName} />
          <ShareRecommendationsButton sharing={sharing} />
        </>
      }
    >
      <div className="space-y-5">
        <RecommendationsSharedNotice sharing={sharing} />
        <RecommendationsSections recommendations={saved.recommendations} headingLevel={3} strategiesOpen />
        <p className="flex items-start gap-2 text-muted-foreground text-xs">
          <Microscope aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          Each strategy lists the audit findings it is based on. Regenerate after a new audit to plan from fresh
          measurements.
        </p>
      </div>
      <RecommendationsShareDialog sharing={sharing} />
    </PanelShell>
  );
}

/**
 * The audit report's marketing recommendations: the saved result, or a prompt to generate it;
 * Regenerate returns to the prompt. Download PDF and Share work on the saved result.
 */
export function MarketingRecommendationsPanel({
  auditId,
  brandName,
  planType,
}: {
  auditId: string;
  brandName: string;
  /** The workspace's plan; without recommendations in it, the panel says so instead of offering Generate */
  planType: PlanKey;
}) {
  const saved = useSavedRecommendations(auditId);
  const [prompting, setPrompting] = useState(false);
  const generate = useGenerateRecommendations(auditId, {
    onGenerated: (newActionItems) => {
      setPrompting(false);
      toast({
        title: 'Recommendations Ready',
        description:
          newActionItems > 0
            ? `${newActionItems} new ${newActionItems === 1 ? 'action' : 'actions'} added to your dashboard.`
            : `Marketing recommendations for ${brandName} are ready.`,
      });
    },
  });

  if (generate.isPending) return <Generating brandName={brandName} />;
  if (saved.isPending) return <Loading />;
  if (saved.isError) return <LoadFailed onRetry={() => void saved.refetch()} retrying={saved.isFetching} />;

  const current = saved.data;
  if (!current.recommendations && !plans[planType].allows.recommendations) {
    return (
      <PanelShell description={`A marketing plan for ${brandName}, built from this audit`}>
        <p className="text-muted-foreground text-sm" data-testid="recommendations-not-included">
          {featureLimitMessage(planType, 'recommendations')}
        </p>
      </PanelShell>
    );
  }
  if (prompting || !current.recommendations) {
    return (
      <GeneratePrompt
        brandName={brandName}
        onGenerate={() => generate.mutate()}
        onCancel={current.recommendations ? () => setPrompting(false) : undefined}
      />
    );
  }

  return (
    <Result
      auditId={auditId}
      brandName={brandName}
      saved={{ ...current, recommendations: current.recommendations }}
      onRegenerate={() => setPrompting(true)}
    />
  );
}
