import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import type { TReportPeriod, TSentimentReport } from '../../../../shared/schemas/sentiment-reports.ts';
import { REPORT_TIME_ZONE } from '../../../../shared/sentiment-report-format.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { apiJson, downloadBlob, errorDisplayMessage, fileNamePart, isUnauthorizedError } from '../../../lib/api.ts';
import { type PagedData, usePagedList } from '../../../lib/paged-list.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';

export const sentimentReportsQueryKey = (brandId: string) => ['/api/sentiment-reports', { brandId }] as const;

/** How often the list is asked for again while a report's AI wording is being written. */
export const WORDING_POLL_MS = 2000;

export function hasPendingWording(reports: TSentimentReport[] | undefined): boolean {
  return reports?.some((report) => report.insights.wording === 'pending') ?? false;
}

const reportsOf = (body: TSentimentReport[]) => body;

/**
 * A brand's reports, newest first, one page at a time ("Load more" reaches older ones); the pages
 * loaded are polled only while a language model is still writing one's wording.
 */
export function useSentimentReports(brandId: string) {
  return usePagedList<TSentimentReport[], TSentimentReport>({
    queryKey: sentimentReportsQueryKey(brandId),
    itemsOf: reportsOf,
    refetchInterval: (reports) => (hasPendingWording(reports) ? WORDING_POLL_MS : false),
  });
}

export function useGenerateReport(brand: TBrand) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportPeriod: TReportPeriod) =>
      apiJson<TSentimentReport>('POST', '/api/sentiment-reports', { brandId: brand.id, reportPeriod }),
    onSuccess: async (report) => {
      // The new report shows at once as the latest, before the list is read again.
      queryClient.setQueryData<PagedData<TSentimentReport[]>>(sentimentReportsQueryKey(brand.id), (current) => {
        const [first, ...rest] = current?.pages ?? [];
        if (!current || !first) return current;
        const body = [report, ...first.body.filter((known) => known.id !== report.id)];
        return { ...current, pages: [{ ...first, body }, ...rest] };
      });
      toast({ title: 'Sentiment report generated successfully' });
      await queryClient.invalidateQueries({ queryKey: sentimentReportsQueryKey(brand.id) });
    },
    // Without insights the server's message is SPEC §5's: 'Add some consumer insights first ...'.
    onError: (error) => notifyError(error, 'Failed to generate report', 'Failed to generate report'),
  });
}

/** The consumer insights report, named by the server (the native share sheet on touch devices). */
export function useDownloadInsightsPdf(brand: TBrand) {
  return useMutation({
    mutationFn: () =>
      downloadBlob('POST', '/api/consumer-insights/pdf', `${fileNamePart(brand.name)}-consumer-insights-report.pdf`, {
        brandId: brand.id,
      }),
    onSuccess: () => toast({ title: 'PDF Downloaded', description: `${brand.name} consumer insights report` }),
    onError: (error) => {
      if (isUnauthorizedError(error)) return notifyError(error, 'Failed to download PDF', 'Failed to download PDF');
      // SPEC §8: 'Failed to generate PDF: {status}' when the server refused, else 'Failed to download PDF'.
      const status = error instanceof Error ? /^(\d{3}): /.exec(error.message)?.[1] : undefined;
      const title = status ? `Failed to generate PDF: ${status}` : 'Failed to download PDF';
      const description = status ? errorDisplayMessage(error, '') : undefined;
      toast({ title, description: description || undefined, variant: 'destructive' });
    },
  });
}

/** YYYY-MM-DD in UK time, as the server names the file. */
const reportDay = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE });

/** One report as a PDF, named by the server; the name here is used only if the response gives none. */
export function useDownloadReportPdf(brand: TBrand) {
  return useMutation({
    mutationFn: (report: TSentimentReport) =>
      downloadBlob(
        'POST',
        '/api/sentiment-reports/pdf',
        `${fileNamePart(brand.name)}-${report.reportPeriod}-sentiment-report-${reportDay.format(new Date(report.createdAt))}.pdf`,
        { brandId: brand.id, reportId: report.id },
      ),
    onSuccess: () => toast({ title: 'PDF Downloaded', description: `${brand.name} sentiment report` }),
    onError: (error) =>
      notifyError(error, 'Failed to download sentiment report PDF', 'Failed to download sentiment report PDF'),
  });
}

/** requestId: one per opening of the dialog, so pressing Send twice sends one message. */
export type TEmailReportInput = { email: string; message: string; requestId: string };

/** POST /api/consumer-insights/email: the insights report e-mailed with its PDF. */
export function useEmailReport(brand: TBrand) {
  return useMutation({
    mutationFn: ({ email, message, requestId }: TEmailReportInput) =>
      apiJson('POST', '/api/consumer-insights/email', { email, message, brandId: brand.id, requestId }),
    onSuccess: (_, { email }) =>
      toast({ title: 'Email Sent', description: `The ${brand.name} report is on its way to ${email}` }),
    onError: (error) => notifyError(error, 'Failed to send email', 'Failed to send email'),
  });
}
