import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEmailReport, TEmailReportRequest, TEmailReportSent } from '../../../shared/schemas/email-reports.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

export const emailReportsQueryKey = ['/api/email-reports'] as const;
const reportUrl = (id: string) => `/api/email-reports/${encodeURIComponent(id)}`;

export function useEmailReports() {
  return useQuery<TEmailReport[]>({ queryKey: emailReportsQueryKey });
}

/** Creates (id null) or updates a report; SPEC §8's toasts either way. */
export function useSaveEmailReport({ onSaved }: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; fields: TEmailReportRequest }) =>
      input.id
        ? apiJson<TEmailReport>('PUT', reportUrl(input.id), input.fields)
        : apiJson<TEmailReport>('POST', '/api/email-reports', input.fields),
    onSuccess: async (_report, input) => {
      toast({ title: input.id ? 'Email Report Updated' : 'Email Report Created' });
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: emailReportsQueryKey });
    },
    onError: (error, input) => {
      const title = input.id ? 'Failed to update email report' : 'Failed to create email report';
      notifyError(error, title, title);
    },
  });
}

export function useDeleteEmailReport({ onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ id: string }>('DELETE', reportUrl(id)),
    onSuccess: async () => {
      toast({ title: 'Email Report Deleted' });
      onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: emailReportsQueryKey });
    },
    onError: (error) => notifyError(error, 'Failed to delete email report', 'Failed to delete email report'),
  });
}

/** 'Send to recipients now': one request id per press (see SendToRecipientsDialog); Last sent updates. */
export function useSendEmailReportToRecipients({ onSent }: { onSent?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; requestId: string }) =>
      apiJson<TEmailReportSent>('POST', `${reportUrl(input.id)}/send`, { requestId: input.requestId }),
    onSuccess: async (sent) => {
      const count = sent.recipients.length;
      toast({
        title: 'Email Sent',
        description: `The report is on its way to ${count} ${count === 1 ? 'recipient' : 'recipients'}.`,
      });
      onSent?.();
      await queryClient.invalidateQueries({ queryKey: emailReportsQueryKey });
    },
    onError: (error) => notifyError(error, 'Failed to send email report', 'Failed to send email report'),
  });
}

/** 'Send me a preview': the report as it would go out, to the signed-in user only; nothing is recorded. */
export function useSendEmailReportPreview() {
  return useMutation({
    mutationFn: (id: string) => apiJson<TEmailReportSent>('POST', `${reportUrl(id)}/preview`),
    onSuccess: () => toast({ title: 'Preview sent', description: 'The report is on its way to your inbox.' }),
    onError: (error) => notifyError(error, 'Failed to send preview', 'Failed to send preview'),
  });
}
