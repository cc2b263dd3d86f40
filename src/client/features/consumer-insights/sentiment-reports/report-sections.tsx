import { ExternalLink, LoaderCircle, Siren } from 'lucide-react';
import { insightSourceLabels } from '../../../../shared/schemas/insights.ts';
import type { TReportQuote, TSentimentReport, TTermCount } from '../../../../shared/schemas/sentiment-reports.ts';
import { dayKeyLabel, shortDate } from '../../../../shared/sentiment-report-format.ts';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.tsx';
import { cn } from '../../../lib/utils.ts';
import { AiWrittenLabel } from '../../audits-shared/ai-written-label.tsx';
import { sentimentText } from './report-figures.tsx';

/** The written reading of the figures, labelled when a language model wrote it. */
export function ReportReading({ report }: { report: TSentimentReport }) {
  const { insights } = report;
  return (
    <section aria-labelledby={`reading-${report.id}`} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`reading-${report.id}`} className="font-medium text-sm">
          Insights
        </h3>
        {insights.writtenBy === 'ai' ? <AiWrittenLabel /> : null}
        {insights.wording === 'pending' ? (
          <span className="inline-flex items-center gap-1 text-muted-foreground text-xs">
            <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />
            The AI summary is being written from these figures
          </span>
        ) : null}
      </div>
      <div className="space-y-1.5 text-sm leading-relaxed" data-testid="report-insights">
        {insights.aiInsights.map((sentence, i) => (
          <p key={i}>{sentence}</p>
        ))}
      </div>
    </section>
  );
}

/** 'over the 28 days before it', or how many of them had mentions when not all did. */
export function baselineWords(days: number): string {
  return days >= 28 ? 'over the 28 days before it' : `over the ${days} days with mentions in the 28 days before it`;
}

/** SPIKE_RULE's alert: a day whose negative share stood far above the brand's recent days. */
export function SpikeAlert({ report }: { report: TSentimentReport }) {
  const spike = report.insights.spikeAlert;
  if (!spike) return null;
  return (
    <Alert variant="destructive" data-testid="spike-alert">
      <Siren aria-hidden="true" />
      <AlertTitle className="line-clamp-none">Negative mentions spiked on {dayKeyLabel(spike.day)}</AlertTitle>
      <AlertDescription>
        <p>
          {spike.negative} of {spike.mentions} mentions that day were negative ({spike.negativeShare}%), against a usual{' '}
          {spike.baselineShare}% {baselineWords(spike.baselineDays)}.
        </p>
        {spike.otherSpikeDays.length > 0 ? (
          <p>Other days that met the rule: {spike.otherSpikeDays.map(dayKeyLabel).join(', ')}.</p>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

function TermList({ title, terms }: { title: string; terms: TTermCount[] }) {
  const most = Math.max(1, ...terms.map((term) => term.mentions));
  return (
    <div className="min-w-0">
      <h3 className="mb-2 font-medium text-sm">{title}</h3>
      {terms.length === 0 ? (
        <p className="text-muted-foreground text-sm">None found in these mentions.</p>
      ) : (
        <ul className="space-y-1.5" aria-label={title}>
          {terms.map((term) => (
            <li key={term.term} className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-2 text-sm">
              <span className="truncate" title={term.term}>
                {term.term}
              </span>
              <span className="flex h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span className="bg-success" style={{ width: `${(term.positive / most) * 100}%` }} />
                <span
                  className="bg-muted-foreground/50"
                  style={{ width: `${((term.mentions - term.positive - term.negative) / most) * 100}%` }}
                />
                <span className="bg-destructive" style={{ width: `${(term.negative / most) * 100}%` }} />
              </span>
              <span className="text-muted-foreground text-xs tabular-nums">
                {term.mentions}
                {term.negative > 0 ? <span className="text-destructive"> ({term.negative} neg.)</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ReportTerms({ report }: { report: TSentimentReport }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <TermList title="Top topics" terms={report.topTopics} />
      <TermList title="Top keywords" terms={report.topKeywords} />
    </div>
  );
}

function Quote({ quote }: { quote: TReportQuote }) {
  const who = quote.authorName ?? quote.authorHandle ?? 'Anonymous';
  return (
    <li
      className={cn(
        'rounded-lg border-l-4 bg-muted/40 px-3 py-2',
        quote.sentiment === 'negative' ? 'border-l-destructive' : 'border-l-success',
      )}
    >
      <p className="text-sm italic">“{quote.content}”</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
        <span>{who}</span>
        <span aria-hidden="true">·</span>
        <span>{[insightSourceLabels[quote.source], quote.platform].filter(Boolean).join(', ')}</span>
        <span aria-hidden="true">·</span>
        <span>{shortDate(quote.collectedAt)}</span>
        {quote.sourceUrl ? (
          <a
            href={quote.sourceUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-0.5 underline-offset-2 hover:underline"
          >
            Original
            <ExternalLink aria-hidden="true" className="size-3" />
          </a>
        ) : null}
      </p>
    </li>
  );
}

export function ReportQuotes({ report }: { report: TSentimentReport }) {
  const groups = [
    { title: 'Most confident positive mentions', quotes: report.insights.quotes.positive, sentiment: 'positive' },
    { title: 'Most confident negative mentions', quotes: report.insights.quotes.negative, sentiment: 'negative' },
  ] as const;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {groups.map((group) => (
        <div key={group.title} className="min-w-0">
          <h3 className={cn('mb-2 font-medium text-sm', sentimentText[group.sentiment])}>{group.title}</h3>
          {group.quotes.length === 0 ? (
            <p className="text-muted-foreground text-sm">None in this period.</p>
          ) : (
            <ul className="space-y-2">
              {group.quotes.map((quote) => (
                <Quote key={quote.insightId} quote={quote} />
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  );
}
