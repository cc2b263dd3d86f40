import { ExternalLink, Info, LoaderCircle, Radar } from 'lucide-react';
import { META_AD_LIBRARY_ACCESS_URL } from '../../../../shared/schemas/ad-discovery.ts';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import {
  adPlatformLabels,
  connectedAdPlatforms,
  type TAdPlatform,
  type TCompetitor,
} from '../../../../shared/schemas/competitors.ts';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useAdSources, useLastAdDiscovery } from './ad-discovery-queries.ts';
import { AdMarketsCoverage } from './ad-markets-coverage.tsx';
import { useCompetitorTrackingAllowed, useRunningAdDiscovery, useStartAdDiscovery } from './use-ad-discovery.ts';

function LastDiscovery({ brandId }: { brandId: string }) {
  const last = useLastAdDiscovery().data;
  if (!last?.result || last.result.brandId !== brandId) return null;
  const failed = last.result.competitors.filter((outcome) => outcome.status === 'failed');
  const needPage = last.result.competitors.filter((outcome) => outcome.status === 'needs_page');
  const capped = last.result.competitors.filter((outcome) => outcome.capped);
  return (
    <div className="space-y-1 rounded-lg border bg-muted/40 px-3 py-2 text-sm" data-testid="ad-discovery-result">
      <p>Last discovery: {last.message}</p>
      {capped.map((outcome) => (
        <p key={outcome.competitorId} className="text-muted-foreground">
          {outcome.competitorName}: stopped at {last.result!.capPerCompetitor.toLocaleString('en-GB')} ads for this run;
          the rest are read next time.
        </p>
      ))}
      {needPage.length > 0 && (
        <p className="text-muted-foreground">
          Not searched, no Facebook page chosen: {needPage.map((outcome) => outcome.competitorName).join(', ')}. Use
          "Find Facebook page" beside each.
        </p>
      )}
      {last.result.competitors
        .filter((outcome) => outcome.zeroAdsMessage)
        .map((outcome) => (
          <p key={`zero-${outcome.competitorId}`} className="text-muted-foreground" data-testid="zero-ads-reason">
            {outcome.competitorName}: {outcome.zeroAdsMessage}
          </p>
        ))}
      {failed.map((outcome) => (
        <p key={outcome.competitorId} className="text-destructive">
          {outcome.competitorName}: {outcome.error}
        </p>
      ))}
    </div>
  );
}

/** Where each connected library's ads are discovered on this screen. */
const automaticallyHow = (platform: TAdPlatform) =>
  platform === 'tiktok'
    ? `${adPlatformLabels[platform]} (per competitor, in TikTok Ads)`
    : `${adPlatformLabels[platform]} (Auto-Discover All and Discover Ads)`;

/**
 * Ad discovery across the connected libraries. Auto-Discover All searches Meta's Ad Library for
 * every competitor of the brand that has its Facebook page chosen (needs at least one competitor,
 * SPEC §5); TikTok's is searched per competitor on its own card. Says which platforms are
 * discovered automatically and which are entered by hand or CSV, and, with Meta not configured,
 * what the user can do instead; administrators also see how to configure it.
 */
export function AdDiscoveryCard({
  brand,
  competitors,
  canChangeMarkets = true,
}: {
  brand: TBrand;
  competitors: TCompetitor[];
  canChangeMarkets?: boolean;
}) {
  const allowed = useCompetitorTrackingAllowed();
  const sources = useAdSources();
  const running = useRunningAdDiscovery();
  const start = useStartAdDiscovery({ kind: 'brand', brandId: brand.id });
  const unconfigured = sources.data?.metaConfigured === false;
  const busy = start.isPending || running !== null;
  const connected = sources.data?.connectedPlatforms ?? [];
  const manual = sources.data?.manualPlatforms ?? [];
  const withoutApi = manual.filter((platform) => !connectedAdPlatforms.includes(platform));
  const awaitingSource = manual.filter((platform) => connectedAdPlatforms.includes(platform));
  const tiktokConnected = connected.includes('tiktok');
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Radar aria-hidden="true" className="size-5 text-primary" />
            Ad Discovery
          </h2>
        </CardTitle>
        <CardDescription>
          Finds the ads of each competitor of {brand.name} in the ad libraries this server reads, from the competitor's
          own page or advertiser account, never by name. Auto-Discover All and "Discover Ads" search the Meta Ad Library
          in each of the brand's ad markets from the competitor's Facebook page: a competitor without one is skipped
          until you choose it with "Find Facebook page".
          {tiktokConnected && ' TikTok ads are discovered per competitor in TikTok Ads, from its chosen advertiser.'}{' '}
          Ads found again are updated, never added twice.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <AdMarketsCoverage brand={brand} canChange={canChangeMarkets && allowed} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button
            onClick={() => start.mutate()}
            disabled={busy || competitors.length === 0 || !allowed || unconfigured}
            className="sm:w-52"
          >
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Radar aria-hidden="true" />}
            {busy ? 'Discovering...' : 'Auto-Discover All'}
          </Button>
          {competitors.length === 0 && (
            <p className="text-muted-foreground text-sm">Add a competitor first to discover its ads.</p>
          )}
          {!allowed && <p className="text-muted-foreground text-sm">Your plan does not include competitor tracking.</p>}
        </div>
        {unconfigured && sources.data?.notConfiguredMessage && (
          <Alert variant="info" data-testid="no-ad-source">
            <Info aria-hidden="true" />
            <AlertDescription>
              <p>{sources.data.notConfiguredMessage}</p>
              {sources.data.adminHint && (
                <div className="mt-2 space-y-1 border-t pt-2" data-testid="ad-source-admin-hint">
                  <p>
                    <span className="font-medium">For administrators: </span>
                    {sources.data.adminHint}
                  </p>
                  <a
                    className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                    href={META_AD_LIBRARY_ACCESS_URL}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Meta Ad Library API access <ExternalLink aria-hidden="true" className="size-3" />
                  </a>
                </div>
              )}
            </AlertDescription>
          </Alert>
        )}
        {sources.data && (
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium">Discovered automatically</dt>
              <dd className="text-muted-foreground">
                {connected.length ? connected.map(automaticallyHow).join(', ') : 'None configured'}
              </dd>
            </div>
            <div>
              <dt className="font-medium">Added by hand or CSV</dt>
              <dd className="text-muted-foreground">
                {withoutApi.map((platform) => adPlatformLabels[platform]).join(', ')}: no ad library API is open to
                small businesses.
                {awaitingSource.length > 0 &&
                  ` ${awaitingSource.map((platform) => adPlatformLabels[platform]).join(', ')}: until automatic discovery is available.`}
              </dd>
            </div>
          </dl>
        )}
        <LastDiscovery brandId={brand.id} />
      </CardContent>
    </Card>
  );
}
