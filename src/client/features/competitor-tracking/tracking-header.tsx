import { BarChart3, Building2, FileText, Layers } from 'lucide-react';
import { adMarketName, adMarkets } from '../../../shared/ad-markets.ts';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import type { TTrackingSummary } from '../../../shared/schemas/competitors.ts';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useSaveAdMarket } from './competitor-queries.ts';

/** The brand's markets, its main one first (brands kept before markets were a list have their one). */
export const marketsOf = (brand: TBrand) => (brand.adMarkets.length ? brand.adMarkets : [brand.adMarket]);

/**
 * The brand's main ad market (Meta's Ad Library searches by where an ad was shown); the other
 * markets are chosen on the Ad Discovery card.
 */
export function AdMarketSelector({ brand }: { brand: TBrand }) {
  const save = useSaveAdMarket();
  const others = marketsOf(brand).filter((market) => market !== brand.adMarket);
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-56">
      <Label htmlFor="tracking-market" className="text-muted-foreground text-xs">
        Ads shown in
      </Label>
      <Select
        value={brand.adMarket}
        disabled={save.isPending}
        onValueChange={(adMarket) =>
          save.mutate({ brand, adMarkets: [adMarket, ...others.filter((market) => market !== adMarket)] })
        }
      >
        <SelectTrigger
          id="tracking-market"
          className="w-full bg-card"
          aria-label={`Ads shown in: ${adMarketName(brand.adMarket)}`}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {adMarkets.map((market) => (
            <SelectItem key={market.code} value={market.code}>
              {market.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

const tiles = [
  { key: 'competitors', label: 'Competitors tracked', icon: Building2 },
  { key: 'ads', label: 'Ads monitored', icon: BarChart3 },
  { key: 'platforms', label: 'Platforms covered', icon: Layers },
  { key: 'reports', label: 'Reports generated', icon: FileText },
] as const;

/** The four stat tiles, each a count of stored rows. */
export function StatTiles({ summary }: { summary: TTrackingSummary | undefined }) {
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Competitor tracking figures">
      {tiles.map(({ key, label, icon: Icon }) => (
        <li key={key}>
          <Card className="h-full">
            <CardContent className="flex items-center justify-between gap-3">
              <div>
                <p className="text-muted-foreground text-sm">{label}</p>
                {summary ? (
                  <p className="font-bold text-2xl tabular-nums" data-testid={`tile-${key}`}>
                    {formatNumber(summary[key])}
                  </p>
                ) : (
                  <Skeleton className="mt-1 h-8 w-12" />
                )}
              </div>
              <Icon aria-hidden="true" className="size-6 text-primary" />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
