import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import type { TCompetitorReport } from '../../../../shared/schemas/competitor-reports.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { apiJson, downloadBlob, fileNamePart } from '../../../lib/api.ts';
import { type PagedData, usePagedList } from '../../../lib/paged-list.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import type { TReportPeriodChoice } from './report-period-picker.tsx';

export const competitorReportsQueryKey = (brandId: string) => ['/api/competitor-reports', { brandId }] as const;

const reportsOf = (body: TCompetitorReport[]) => body;

/** Reports asked for at a time: each carries its findings and cited ads (some 50 KB at volume). */
export const REPORTS_PAGE_SIZE = 10;

/**
 * A brand's competitor reports, newest first, one page at a time: the first is the latest, the
 * rest the history ("Load more" reaches older reports).
 */
export function useCompetitorReports(brandId: string) {
  return usePagedList<TCompetitorReport[], TCompetitorReport>({
    queryKey: competitorReportsQueryKey(brandId),
    itemsOf: reportsOf,
    limit: REPORTS_PAGE_SIZE,
  });
}

/**
 * When the brand's report list was last read, watched without reading it (the reports card owns
 * that query): other parts of the screen follow it.
 */
export function useCompetitorReportsUpdatedAt(brandId: string): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(
    subscribe,
    () => queryClient.getQueryState(competitorReportsQueryKey(brandId))?.dataUpdatedAt ?? 0,
  );
}

export function useGenerateCompetitorReport(brand: TBrand) {
  const queryClient = useQueryClient();
  return useMutation({
    // SPEC §7: generation sends the monthly period unless another is chosen (90 days, or dates)
    mutationFn: (choice?: TReportPeriodChoice) =>
      apiJson<TCompetitorReport>('POST', '/api/competitor-reports', {
        brandId: brand.id,
        reportPeriod: choice?.period ?? 'monthly',
        ...(choice?.period === 'custom' ? { startDate: choice.startDate, endDate: choice.endDate } : {}),
      }),
    onSuccess: async (report) => {
      // The new report shows at once as the latest, before the list is read again.
      queryClient.setQueryData<PagedData<TCompetitorReport[]>>(competitorReportsQueryKey(brand.id), (current) => {
        const [first, ...rest] = current?.pages ?? [];
        if (!current || !first) return current;
        const body = [report, ...first.body.filter((known) => known.id !== report.id)];
        return { ...current, pages: [{ ...first, body }, ...rest] };
      });
      toast({ title: 'Competitor report generated successfully' });
      await queryClient.invalidateQueries({ queryKey: competitorReportsQueryKey(brand.id) });
    },
    // the server's reason (no competitor, no ad, the plan's limit) is the description
    onError: (error) =>
      notifyError(error, 'Failed to generate competitor report', 'Failed to generate competitor report'),
  });
}

/** '{brand}-competitive-analysis.pdf' of the latest report, or of the one given. */
export function useDownloadCompetitivePdf(brand: TBrand) {
  return useMutation({
    mutationFn: (reportId?: string) =>
      downloadBlob('POST', '/api/competitors/pdf', `${fileNamePart(brand.name)}-competitive-analysis.pdf`, {
        brandId: brand.id,
        ...(reportId ? { reportId } : {}),
      }),
    onSuccess: () => toast({ title: 'PDF Downloaded', description: `${brand.name} competitive analysis` }),
    onError: (error) => notifyError(error, 'Failed to download PDF', 'Failed to download PDF'),
  });
}

export type TShareInput = { email: string; message: string; reportId: string; requestId: string };

/** POST /api/email-competitive-analysis: the report e-mailed with its PDF. */
export function useEmailCompetitiveAnalysis() {
  return useMutation({
    mutationFn: (input: TShareInput) => apiJson('POST', '/api/email-competitive-analysis', input),
    onSuccess: () => toast({ title: 'Competitive analysis report sent successfully' }),
    onError: (error) => notifyError(error, 'Failed to send email', 'Failed to send email'),
  });
}
