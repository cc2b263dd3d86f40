import { FileSearch, Home, ScanSearch } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useParams } from 'wouter';
import type { TSharedRecommendations } from '../../../shared/schemas/recommendations.ts';
import { CenteredSpinner } from '../../components/spinner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { formatLongDate } from '../../lib/format.ts';
import { WhiteLabelFrame } from '../audits-shared/white-label-frame.tsx';
import { useSharedRecommendations } from '../recommendations/recommendation-queries.ts';
import { RecommendationsSections, WrittenByLabel } from '../recommendations/recommendations-sections.tsx';
import { PublicLayout } from './public-layout.tsx';

function isNotFound(error: unknown): boolean {
  return error instanceof Error && /^(400|404): /.test(error.message);
}

function RecommendationsNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <FileSearch aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 font-bold text-2xl tracking-tight sm:text-3xl">Recommendations Not Found</h1>
      <p className="mt-3 text-muted-foreground">
        This link doesn't open any marketing recommendations. It may have been mistyped, or the owner has stopped
        sharing them.
      </p>
      <Button asChild className="mt-8">
        <a href="/landing">
          <Home aria-hidden="true" />
          Go to Brandlens
        </a>
      </Button>
    </div>
  );
}

/** Where the recommendations come from, on pages without a white label. */
function ProductNote() {
  return (
    <aside className="flex flex-col items-start gap-4 rounded-xl border bg-card p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <ScanSearch aria-hidden="true" className="size-4" />
        </span>
        <div>
          <p className="font-medium">Built from a Brandlens brand audit</p>
          <p className="text-muted-foreground text-sm">
            Each strategy rests on measured checks of the brand's website, social profiles and assets.
          </p>
        </div>
      </div>
      <Button variant="outline" asChild className="shrink-0">
        <a href="/landing">Audit your brand</a>
      </Button>
    </aside>
  );
}

function SharedRecommendations({ shared }: { shared: TSharedRecommendations }) {
  const { recommendations, brand, createdAt, branding } = shared;
  const preparedBy = branding?.companyName ?? 'Brandlens';

  useEffect(() => {
    const previous = document.title;
    document.title = `${brand.name} marketing recommendations · ${preparedBy}`;
    return () => {
      document.title = previous;
    };
  }, [brand.name, preparedBy]);

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <p className="font-medium text-primary text-sm">Marketing recommendations</p>
        <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">{brand.name}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-muted-foreground text-sm">
          <span>Prepared {formatLongDate(createdAt)}</span>
          <WrittenByLabel writtenBy={recommendations.writtenBy} />
        </div>
      </header>
      <RecommendationsSections recommendations={recommendations} headingLevel={2} />
      {!branding && <ProductNote />}
    </div>
  );
}

/** The public, read-only view of shared marketing recommendations (signed out is fine). */
export default function SharedRecommendationsPage() {
  const { shareableToken = '' } = useParams<{ shareableToken: string }>();
  const token = shareableToken.trim();
  const { data, error, isPending } = useSharedRecommendations(token);

  // Each problem is reported once.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (token === '') {
      if (reported.current === 'no-token') return;
      reported.current = 'no-token';
      toast({
        title: 'Invalid sharing link',
        description: 'The link has no recommendations token.',
        variant: 'destructive',
      });
      return;
    }
    if (error && reported.current !== error) {
      reported.current = error;
      toast({
        title: 'Failed to load marketing recommendations',
        description: isNotFound(error)
          ? 'The link may be mistyped, or the owner has stopped sharing.'
          : 'Please try again in a moment.',
        variant: 'destructive',
      });
    }
  }, [token, error]);

  if (token === '' || error) {
    return (
      <PublicLayout>
        <RecommendationsNotFound />
      </PublicLayout>
    );
  }

  if (isPending || !data) {
    return (
      <PublicLayout>
        <CenteredSpinner label="Loading recommendations" />
      </PublicLayout>
    );
  }

  const content = <SharedRecommendations shared={data} />;
  if (data.branding) {
    return (
      <WhiteLabelFrame
        branding={data.branding}
        logoSrc={
          data.branding.hasLogo
            ? `/api/marketing-recommendations/share/${encodeURIComponent(token)}/branding-logo`
            : null
        }
      >
        {content}
      </WhiteLabelFrame>
    );
  }
  return <PublicLayout>{content}</PublicLayout>;
}
