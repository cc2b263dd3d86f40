import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { downloadBlob, fileNamePart } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

/** Downloads the audit under the name the server gives it (the native share sheet on touch devices). */
export function ExportPdfButton({ auditId, brandName }: { auditId: string; brandName: string }) {
  const exportPdf = useMutation({
    mutationFn: () => downloadBlob('POST', `/api/audits/${auditId}/pdf`, `${fileNamePart(brandName)}-brand-audit.pdf`),
    onSuccess: () => toast({ title: 'PDF Downloaded', description: `${brandName} brand audit report` }),
    onError: (error) => notifyError(error, 'Failed to generate PDF report', 'Failed to generate PDF report'),
  });

  return (
    <Button onClick={() => exportPdf.mutate()} disabled={exportPdf.isPending}>
      <Download aria-hidden="true" />
      {exportPdf.isPending ? 'Preparing PDF...' : 'Export PDF'}
    </Button>
  );
}
