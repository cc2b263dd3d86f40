import type { TCompetitorReport } from '../../../../shared/schemas/competitor-reports.ts';
import { SendReportDialog } from '../../../components/send-report-dialog.tsx';
import { useEmailCompetitiveAnalysis } from './competitor-report-queries.ts';

/** E-mails the latest competitive analysis with its PDF. */
export function ShareDialog({
  report,
  brandName,
  open,
  onOpenChange,
}: {
  report: TCompetitorReport;
  brandName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useEmailCompetitiveAnalysis();
  return (
    <SendReportDialog
      title="Share Competitive Analysis"
      description={`Send the latest ${brandName} competitive analysis, with its PDF attached, to an e-mail address.`}
      open={open}
      onOpenChange={onOpenChange}
      sending={send.isPending}
      send={(input) => send.mutateAsync({ ...input, reportId: report.id })}
    />
  );
}
