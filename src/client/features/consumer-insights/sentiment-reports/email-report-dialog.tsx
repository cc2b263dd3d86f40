import type { TBrand } from '../../../../shared/schemas/brands.ts';
import { SendReportDialog } from '../../../components/send-report-dialog.tsx';
import { useEmailReport } from './sentiment-report-queries.ts';

/** E-mails the brand's consumer insights report with its PDF. */
export function EmailReportDialog({
  brand,
  open,
  onOpenChange,
}: {
  brand: TBrand;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useEmailReport(brand);
  return (
    <SendReportDialog
      title="Email Report"
      description={`Send the ${brand.name} consumer insights report, with its PDF attached, to an e-mail address.`}
      open={open}
      onOpenChange={onOpenChange}
      sending={send.isPending}
      send={send.mutateAsync}
    />
  );
}
