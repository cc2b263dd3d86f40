import { ChevronDown, Download, Mail } from 'lucide-react';
import { useState } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { EmailReportDialog } from './email-report-dialog.tsx';
import { useDownloadInsightsPdf } from './sentiment-report-queries.ts';

/** Download the brand's consumer insights report (every insight, titled so in the PDF) as a PDF, or e-mail it. */
export function ReportActionsMenu({ brand }: { brand: TBrand }) {
  const [emailing, setEmailing] = useState(false);
  const download = useDownloadInsightsPdf(brand);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={download.isPending}>
            {download.isPending ? 'Preparing PDF...' : 'Report actions'}
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-max max-w-[calc(100vw-2rem)]">
          <DropdownMenuItem onSelect={() => download.mutate()}>
            <Download aria-hidden="true" />
            Download consumer insights report (PDF)
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setEmailing(true)}>
            <Mail aria-hidden="true" />
            Email Report
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EmailReportDialog brand={brand} open={emailing} onOpenChange={setEmailing} />
    </>
  );
}
