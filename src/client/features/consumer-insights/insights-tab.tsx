import { FileBarChart, ListFilter, MessageSquareText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { isUnauthorizedError } from '../../lib/api.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { notifyError } from '../audits-shared/notify-error.ts';
import { moduleReadOnlyState, planLacks } from '../audits-shared/plan-access.ts';
import { ReadOnlyNotice } from '../audits-shared/read-only-notice.tsx';
import { UpgradePrompt } from '../audits-shared/upgrade-prompt.tsx';
import { FilteredInsights } from './filtered-insights.tsx';
import { ManualFeedbackForm } from './manual-feedback-form.tsx';
import { MentionFeed, NoMentionsYet } from './mention-feed.tsx';
import { useBrandMentionTotal, usePrefetchMentionFeed } from './mention-feed-queries.ts';
import { CompetitorDiscoveryCard } from './sources/competitor-discovery-card.tsx';
import { DiscoveryCard } from './sources/discovery-card.tsx';
import { ListeningSourcesCard } from './sources/listening-sources-card.tsx';
import { SourcesCard } from './sources/sources-card.tsx';
import { useFeedFilters } from './use-feed-filters.ts';

const insightFeatures = [
  {
    icon: MessageSquareText,
    title: 'Feedback, analysed at once',
    body: 'Add a review, survey answer or message and see its sentiment, score out of 5, topics and emotions.',
  },
  {
    icon: ListFilter,
    title: 'Your brand and its competitors',
    body: 'Filter what people say by sentiment, and compare it with what they say about your competitors.',
  },
  {
    icon: FileBarChart,
    title: 'Sentiment reports',
    body: 'Turn the insights you keep into reports of how sentiment moves over time.',
  },
];

/** What the tab offers, beside the upgrade prompt of a plan without it. */
function WhatInsightsDo() {
  return (
    <ul aria-label="What consumer insights include" className="grid gap-4 md:grid-cols-3">
      {insightFeatures.map(({ icon: Icon, title, body }) => (
        <li key={title} className="space-y-2 rounded-xl border bg-card p-5">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          <p className="font-medium">{title}</p>
          <p className="text-muted-foreground text-sm">{body}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Consumer Insights tab (SPEC §2): discovery and sources, the manual feedback form, the filters
 * and the list. A plan without consumer insights sees the upgrade prompt instead, or, when it kept
 * insights from before, those insights under a read-only notice; so does a read-only brand.
 */
export function InsightsTab({ brand }: { brand: TBrand }) {
  const { user } = useAuth();
  const plan = user?.workspacePlanType;
  // How many mentions the brand has at all: none gives the empty state (or, on a plan without the
  // feature, the upgrade prompt) rather than filters that would filter nothing.
  const stored = useBrandMentionTotal(brand.id);
  const readOnly = moduleReadOnlyState(plan, brand, 'consumerInsights');
  // A plan with the feed shows it at once; one without shows it only when something was kept.
  const { filters } = useFeedFilters();
  usePrefetchMentionFeed(brand.id, filters, { enabled: plan !== undefined && !planLacks(plan, 'consumerInsights') });

  // A signed-out reply is reported once (the Unauthorized toast and the login redirect).
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (stored.error && isUnauthorizedError(stored.error) && reported.current !== stored.error) {
      reported.current = stored.error;
      notifyError(stored.error, 'Error', 'Failed to load consumer insights');
    }
  }, [stored.error]);

  const loadFailed = stored.error && !isUnauthorizedError(stored.error);
  let list: React.ReactNode;
  if (loadFailed) {
    list = <LoadErrorAlert error={stored.error} what="consumer insights" onRetry={() => void stored.refetch()} />;
  } else if (stored.data === undefined) {
    list = <Skeleton className="h-64 w-full rounded-xl" />;
  } else {
    list = (
      <>
        {stored.data === 0 ? (
          <NoMentionsYet brandName={brand.name} readOnly={readOnly !== null} />
        ) : (
          <MentionFeed brand={brand} stored={stored.data} readOnly={readOnly !== null} />
        )}
        <FilteredInsights brandId={brand.id} brandName={brand.name} readOnly={readOnly !== null} />
      </>
    );
  }

  if (plan !== undefined && planLacks(plan, 'consumerInsights')) {
    if (stored.data === undefined && !loadFailed) return <Skeleton className="h-64 w-full rounded-xl" />;
    if (stored.data === 0) {
      return (
        <div className="space-y-6">
          <UpgradePrompt reason="feature_limit" feature="consumerInsights" planType={plan} />
          <WhatInsightsDo />
        </div>
      );
    }
  }
  if (readOnly) {
    return (
      <div className="space-y-6">
        <ReadOnlyNotice state={readOnly} />
        {list}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <DiscoveryCard brand={brand} />
        <SourcesCard brand={brand} />
      </div>
      <ListeningSourcesCard brand={brand} />
      <CompetitorDiscoveryCard brand={brand} />
      <ManualFeedbackForm brandId={brand.id} brandName={brand.name} />
      {list}
    </div>
  );
}
