import { CalendarDays, ExternalLink, Sparkles, Star, UserRound } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { sideOfRating } from '../../../shared/rating-side.ts';
import type { TInsight, TSentimentLabel } from '../../../shared/schemas/insights.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { formatDate } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { confidenceText, sentimentLabels } from './insight-format.ts';
import { useDeleteInsight } from './insight-queries.ts';
import type { SentimentCorrection } from './mention-feed-queries.ts';
import { filteredReason, RelevanceButton, type RelevanceChange } from './relevance-controls.tsx';
import { CorrectedBadge, SentimentCorrectionMenu } from './sentiment-correction.tsx';

const sentimentBadgeClass: Record<TSentimentLabel, string> = {
  positive: 'border-transparent bg-success/15 text-success',
  negative: 'border-transparent bg-destructive/10 text-destructive',
  neutral: 'border-transparent bg-muted text-muted-foreground',
};

const sentimentEdgeClass: Record<TSentimentLabel, string> = {
  positive: 'border-l-success',
  negative: 'border-l-destructive',
  neutral: 'border-l-muted-foreground/40',
};

const ratingFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** How the source's own counts read: "57 points · 2 comments"; only what the source stated. */
const ENGAGEMENT_WORDS: Record<string, [string, string]> = {
  points: ['point', 'points'],
  comments: ['comment', 'comments'],
  replies: ['reply', 'replies'],
  reposts: ['repost', 'reposts'],
  likes: ['like', 'likes'],
  views: ['view', 'views'],
  helpfulVotes: ['found it helpful', 'found it helpful'],
  votes: ['vote', 'votes'],
};
function engagementText(metrics: Record<string, number> | null | undefined): string | null {
  if (!metrics) return null;
  const parts = Object.entries(metrics).map(([name, value]) => {
    const [one, many] = ENGAGEMENT_WORDS[name] ?? [name, name];
    return `${value.toLocaleString('en-GB')} ${value === 1 ? one : many}`;
  });
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** Longer texts start clipped, with a control to read the rest. */
const CLIP_FROM = 480;

/** Only web addresses are offered as links: a stored value is never run as script. */
function webAddress(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function TermList({ label, terms, className }: { label: string; terms: string[]; className?: string }) {
  const unique = [...new Set(terms)];
  if (unique.length === 0) return null;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-1.5">
      <dt className="mr-0.5 text-muted-foreground text-xs">{label}</dt>
      {unique.map((term) => (
        <dd key={term}>
          <Badge variant="outline" className={cn('font-normal', className)}>
            {term}
          </Badge>
        </dd>
      ))}
    </div>
  );
}

function authorLine(insight: TInsight): string | null {
  const { authorName, authorHandle } = insight;
  if (authorName && authorHandle) return `${authorName} (${authorHandle})`;
  return authorName ?? authorHandle;
}

function DeleteInsightButton({ insight }: { insight: TInsight }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteInsight({ onDeleted: () => setConfirming(false) });
  return (
    <ConfirmDeleteButton
      label="Delete insight"
      title="Delete this insight?"
      description="It is removed from this brand's insights and from sentiment reports generated after now. This cannot be undone."
      open={confirming}
      onOpenChange={setConfirming}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(insight)}
    />
  );
}

/**
 * One consumer insight: what was said, its measured sentiment (or a person's correction of it), and
 * where and when it was said, with the controls that correct the sentiment and take it out of the
 * brand's figures (or, filtered out, put it back).
 */
/** Drawn again only when its mention or a pending change of it changes (memo), not on every scroll. */
export const InsightCard = memo(function InsightCard({
  insight,
  brandName,
  relevance,
  correction,
}: {
  insight: TInsight;
  brandName: string;
  /** absent when the list is read-only */
  relevance?: RelevanceChange;
  /** absent when the list is read-only */
  correction?: SentimentCorrection;
}) {
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();
  const clipped = insight.content.length > CLIP_FROM && !expanded;
  const original = webAddress(insight.sourceUrl);
  const author = authorLine(insight);

  return (
    <article
      aria-label={`${sentimentLabels[insight.sentiment]} insight`}
      className={cn(
        'space-y-3 rounded-xl border border-l-4 bg-card p-4 text-card-foreground shadow-xs sm:p-5',
        sentimentEdgeClass[insight.sentiment],
      )}
    >
      {/* On a narrow screen the controls take their own row rather than squeezing the sentiment. */}
      <header className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="flex min-w-0 flex-1 basis-60 flex-wrap items-center gap-2 pt-1">
          <Badge className={sentimentBadgeClass[insight.sentiment]}>{sentimentLabels[insight.sentiment]}</Badge>
          {insight.sentimentCorrectedAt && <CorrectedBadge insight={insight} />}
          <span className="font-semibold text-sm tabular-nums">
            {insight.sentimentScore}/5
            <span className="sr-only"> sentiment score</span>
          </span>
          <span className="text-muted-foreground text-xs tabular-nums">
            {confidenceText(insight.confidence)} confidence
          </span>
          {insight.rating !== null && !insight.sentimentCorrectedAt && (
            <span className="text-muted-foreground text-xs">
              {sideOfRating(insight.rating) === insight.sentiment
                ? 'agrees with the author’s rating'
                : 'the words outweigh the author’s rating'}
            </span>
          )}
          {insight.competitorId && (
            <Badge variant="secondary">
              {insight.competitorName ? `Competitor: ${insight.competitorName}` : 'Competitor'}
            </Badge>
          )}
          {insight.analysedBy === 'ai' && (
            <span className="inline-flex items-center gap-1 rounded-full bg-violet-500/10 px-2 py-0.5 font-medium text-violet-700 text-xs dark:text-violet-300">
              <Sparkles aria-hidden="true" className="size-3" />
              AI-refined
            </span>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {correction && <SentimentCorrectionMenu insight={insight} correction={correction} />}
          {relevance && <RelevanceButton insight={insight} brandName={brandName} relevance={relevance} />}
          <DeleteInsightButton insight={insight} />
        </div>
      </header>
      {!insight.isRelevant && (
        <p className="rounded-md bg-muted px-3 py-1.5 text-muted-foreground text-xs">
          {filteredReason(insight, brandName)}
        </p>
      )}

      <div>
        <p
          id={contentId}
          className={cn('whitespace-pre-line break-words text-sm leading-relaxed', clipped && 'line-clamp-6')}
        >
          {insight.content}
        </p>
        {insight.content.length > CLIP_FROM && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={contentId}
            onClick={() => setExpanded((value) => !value)}
            className="mt-1 font-medium text-primary text-xs underline-offset-4 hover:underline"
          >
            {expanded ? 'Show less' : 'Show all'}
          </button>
        )}
      </div>

      <dl className="space-y-1.5">
        <TermList label="Topics" terms={insight.topics} />
        <TermList label="Emotions" terms={insight.emotions.map(capitalised)} className="bg-accent/60" />
        <TermList label="Keywords" terms={insight.keywords} className="text-muted-foreground" />
      </dl>

      <footer className="flex flex-wrap items-center gap-x-4 gap-y-1.5 border-t pt-3 text-muted-foreground text-xs">
        <span className="font-medium text-foreground/80">{insight.sourceLabel}</span>
        {author && (
          <span className="inline-flex min-w-0 items-center gap-1">
            <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{author}</span>
          </span>
        )}
        <span className="inline-flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-3.5" />
          <time dateTime={insight.collectedAt}>{formatDate(insight.collectedAt)}</time>
        </span>
        {insight.rating !== null && (
          <span className="inline-flex items-center gap-1">
            <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
            Rated {ratingFormat.format(insight.rating)}/5 by the author
          </span>
        )}
        {engagementText(insight.engagementMetrics) && <span>{engagementText(insight.engagementMetrics)}</span>}
        {original && (
          <a
            href={original}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            View original
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </footer>
    </article>
  );
});
