import { Info, Plus, X } from 'lucide-react';
import { marketCoverage } from '../../../../shared/ad-market-coverage.ts';
import { adMarketName, adMarkets } from '../../../../shared/ad-markets.ts';
import { MAX_AD_MARKETS, type TBrand } from '../../../../shared/schemas/brands.ts';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { useSaveAdMarket } from '../competitor-queries.ts';
import { marketsOf } from '../tracking-header.tsx';

/**
 * The markets searched, with a way to add or remove one (the main market is chosen in the page
 * header), and what Meta's API returns in each, said before any discovery: every ad in the EU,
 * otherwise only (or possibly only) political and issue ads.
 */
export function AdMarketsCoverage({ brand, canChange }: { brand: TBrand; canChange: boolean }) {
  const save = useSaveAdMarket();
  const markets = marketsOf(brand);
  const limited = markets.map(marketCoverage).filter((coverage) => coverage.kind !== 'all_ads');
  const addable = adMarkets.filter((market) => !markets.includes(market.code));
  return (
    <div className="space-y-3">
      <section className="flex flex-wrap items-center gap-2 text-sm" aria-label="Ad markets searched">
        <span className="font-medium">Markets searched:</span>
        {markets.map((market) => (
          <Badge key={market} variant="outline" className="gap-1">
            {adMarketName(market)}
            {canChange && markets.length > 1 && market !== brand.adMarket && (
              <button
                type="button"
                className="rounded-sm hover:text-destructive"
                aria-label={`Stop searching ${adMarketName(market)}`}
                disabled={save.isPending}
                onClick={() => save.mutate({ brand, adMarkets: markets.filter((other) => other !== market) })}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            )}
          </Badge>
        ))}
        {canChange && markets.length < MAX_AD_MARKETS && (
          <Select
            value=""
            disabled={save.isPending}
            onValueChange={(market) => save.mutate({ brand, adMarkets: [...markets, market] })}
          >
            <SelectTrigger size="sm" className="h-7 w-auto gap-1" aria-label="Add a market">
              <Plus aria-hidden="true" className="size-3" />
              <SelectValue placeholder="Add a market" />
            </SelectTrigger>
            <SelectContent>
              {addable.map((market) => (
                <SelectItem key={market.code} value={market.code}>
                  {market.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </section>
      {limited.length > 0 && (
        <Alert variant="info" data-testid="ad-market-coverage">
          <Info aria-hidden="true" />
          <AlertDescription>
            {limited.map((coverage) => (
              <p key={coverage.market}>{coverage.message}</p>
            ))}
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
