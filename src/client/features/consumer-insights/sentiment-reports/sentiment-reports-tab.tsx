import { FileBarChart } from 'lucide-react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';

/** The Sentiment Reports tab: generated reports of a brand's insights. */
export function SentimentReportsTab({ brand }: { brand: TBrand }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
        <FileBarChart aria-hidden="true" className="size-8 text-muted-foreground/60" />
        <p className="font-medium">Sentiment reports</p>
        <p className="max-w-sm text-muted-foreground text-sm">
          Sentiment reports for {brand.name} will appear here, built from its stored insights.
        </p>
      </CardContent>
    </Card>
  );
}
