import {
  CalendarClock,
  ChevronDown,
  Flag,
  type LucideIcon,
  Microscope,
  Ruler,
  Search,
  Shield,
  Sparkles,
  TrendingUp,
  Zap,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { TMarketingRecommendations, TMarketingStrategy } from '../../../shared/schemas/recommendations.ts';
import { strategyPriorities } from '../../../shared/schemas/recommendations.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../../components/ui/collapsible.tsx';
import { cn } from '../../lib/utils.ts';

type HeadingLevel = 2 | 3;

const priorityStyles: Record<TMarketingStrategy['priority'], string> = {
  Critical: 'border-transparent bg-destructive text-white dark:bg-destructive/80',
  High: 'border-destructive/30 bg-destructive/10 text-destructive',
  Medium: 'border-warning/40 bg-warning/15 text-amber-700 dark:text-warning',
  Low: 'border-border bg-muted text-muted-foreground',
};

const priorityRail: Record<TMarketingStrategy['priority'], string> = {
  Critical: 'before:bg-destructive',
  High: 'before:bg-destructive/60',
  Medium: 'before:bg-warning',
  Low: 'before:bg-muted-foreground/40',
};

/** Strategies, most urgent first; equal priorities keep the order they were written in. */
export function sortStrategies(strategies: TMarketingStrategy[]): TMarketingStrategy[] {
  const rank = (strategy: TMarketingStrategy) => strategyPriorities.indexOf(strategy.priority);
  return strategies
    .map((strategy, index) => ({ strategy, index }))
    .sort((a, b) => rank(a.strategy) - rank(b.strategy) || a.index - b.index)
    .map(({ strategy }) => strategy);
}

/** Who wrote the text: a language model from the measured findings, or the local rules (DESIGN §1.2). */
export function WrittenByLabel({
  writtenBy,
  className,
}: {
  writtenBy: TMarketingRecommendations['writtenBy'];
  className?: string;
}) {
  const ai = writtenBy === 'ai';
  const Icon = ai ? Sparkles : Ruler;
  return (
    <span
      data-testid="written-by"
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs',
        ai
          ? 'bg-violet-500/10 text-violet-700 dark:text-violet-300'
          : 'bg-secondary text-secondary-foreground dark:bg-muted',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3" />
      {ai ? 'Written with AI from measured findings' : 'Written from measured findings'}
    </span>
  );
}

export function StrategyPriorityBadge({ priority }: { priority: TMarketingStrategy['priority'] }) {
  return (
    <Badge variant="outline" className={priorityStyles[priority]} data-priority={priority}>
      {priority} Priority
    </Badge>
  );
}

function Heading({ level, className, children }: { level: HeadingLevel; className?: string; children: string }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return <Tag className={className}>{children}</Tag>;
}

function SectionTitle({
  level,
  icon: Icon,
  className,
  children,
}: {
  level: HeadingLevel;
  icon: LucideIcon;
  className?: string;
  children: string;
}) {
  return (
    <div className={cn('mb-3 flex items-center gap-2', className)}>
      <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-3.5" />
      </span>
      <Heading level={level} className="font-semibold leading-none">
        {children}
      </Heading>
    </div>
  );
}

function BulletList({ items, empty, marker }: { items: string[]; empty: string; marker: 'dot' | 'number' }) {
  if (items.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  const List = marker === 'number' ? 'ol' : 'ul';
  return (
    <List className="space-y-2.5">
      {items.map((item, index) => (
        <li key={index} className="flex gap-2.5 text-sm leading-relaxed">
          {marker === 'number' ? (
            <span
              aria-hidden="true"
              className="mt-px flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-[0.6875rem] text-primary tabular-nums"
            >
              {index + 1}
            </span>
          ) : (
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary/70" />
          )}
          <span className="min-w-0 break-words">{item}</span>
        </li>
      ))}
    </List>
  );
}

function Panel({ className, children }: { className?: string; children: ReactNode }) {
  return <section className={cn('min-w-0 rounded-lg border bg-card p-4 sm:p-5', className)}>{children}</section>;
}

/** One strategy: what, how urgent, by when and the gain; the steps and the findings behind it fold away. */
export function StrategyCard({
  strategy,
  headingLevel,
  defaultOpen = false,
}: {
  strategy: TMarketingStrategy;
  headingLevel: HeadingLevel;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const titleId = useId();
  const Title = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <article
      aria-labelledby={titleId}
      data-testid="strategy"
      className={cn(
        'relative min-w-0 overflow-hidden rounded-lg border bg-card p-4 pl-5 before:absolute before:inset-y-0 before:left-0 before:w-1 sm:p-5 sm:pl-6',
        priorityRail[strategy.priority],
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <StrategyPriorityBadge priority={strategy.priority} />
        <Badge variant="secondary">{strategy.category}</Badge>
        <span className="inline-flex items-center gap-1 text-muted-foreground text-xs">
          <CalendarClock aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Timeline: </span>
          {strategy.timeline}
        </span>
      </div>
      <Title id={titleId} className="mt-2.5 break-words font-semibold leading-snug">
        {strategy.strategy}
      </Title>
      <p className="mt-2 flex gap-2 text-sm leading-relaxed">
        <TrendingUp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
        <span className="min-w-0 break-words">
          <span className="font-medium">Expected impact: </span>
          <span className="text-muted-foreground">{strategy.expectedImpact}</span>
        </span>
      </p>
      <Collapsible open={open} onOpenChange={setOpen}>
        <CollapsibleTrigger asChild>
          <Button variant="ghost" size="sm" className="-ml-2.5 mt-2 text-primary hover:text-primary">
            <ChevronDown aria-hidden="true" className={cn('transition-transform duration-200', open && 'rotate-180')} />
            {open ? 'Hide implementation' : 'Show implementation'}
          </Button>
        </CollapsibleTrigger>
        <CollapsibleContent className="mt-2 space-y-4 border-t pt-4">
          <div>
            <p className="mb-2 font-medium text-sm">Implementation steps</p>
            <BulletList items={strategy.implementation} empty="No steps listed." marker="number" />
          </div>
          {strategy.basedOn.length > 0 && (
            <div>
              <p className="mb-2 flex items-center gap-1.5 font-medium text-sm">
                <Microscope aria-hidden="true" className="size-3.5 text-muted-foreground" />
                Based on
              </p>
              <ul className="space-y-2" aria-label="Measured findings this strategy is based on">
                {strategy.basedOn.map((finding) => (
                  <li key={finding.checkId} className="rounded-md bg-muted/60 px-3 py-2 text-sm">
                    <p className="break-words font-medium">{finding.title}</p>
                    <p className="mt-0.5 break-words text-muted-foreground text-xs leading-relaxed">
                      {finding.summary}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </CollapsibleContent>
      </Collapsible>
    </article>
  );
}

/**
 * The marketing recommendations, read-only: executive summary, key findings, quick wins, strategies,
 * competitive advantage and long-term goals. Used by the audit report's panel and the public page.
 */
export function RecommendationsSections({
  recommendations,
  headingLevel = 3,
  strategiesOpen = false,
}: {
  recommendations: TMarketingRecommendations;
  /** the level of the section headings (strategy titles are one below) */
  headingLevel?: HeadingLevel;
  /** whether each strategy's implementation starts expanded */
  strategiesOpen?: boolean;
}) {
  const strategies = sortStrategies(recommendations.marketingStrategies);
  return (
    <div className="space-y-5" data-testid="recommendations-sections">
      <Panel className="border-primary/20 bg-primary/5">
        <SectionTitle level={headingLevel} icon={Sparkles}>
          Executive Summary
        </SectionTitle>
        <p className="whitespace-pre-line break-words text-sm leading-relaxed sm:text-[0.9375rem]">
          {recommendations.executiveSummary}
        </p>
      </Panel>

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel>
          <SectionTitle level={headingLevel} icon={Search}>
            Key Findings
          </SectionTitle>
          <BulletList items={recommendations.keyFindings} empty="No key findings this time." marker="dot" />
        </Panel>
        <Panel>
          <SectionTitle level={headingLevel} icon={Zap}>
            Quick Wins
          </SectionTitle>
          <BulletList items={recommendations.quickWins} empty="No quick wins this time." marker="number" />
        </Panel>
      </div>

      <section className="min-w-0">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <SectionTitle level={headingLevel} icon={TrendingUp} className="mb-0">
            Marketing Strategies
          </SectionTitle>
          <p className="text-muted-foreground text-xs">
            {strategies.length} {strategies.length === 1 ? 'strategy' : 'strategies'}, most urgent first
          </p>
        </div>
        {strategies.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            No strategies were needed: every measured check passed.
          </p>
        ) : (
          <div className="space-y-3">
            {strategies.map((strategy, index) => (
              <StrategyCard
                key={`${strategy.strategy}-${index}`}
                strategy={strategy}
                headingLevel={headingLevel}
                defaultOpen={strategiesOpen}
              />
            ))}
          </div>
        )}
      </section>

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel>
          <SectionTitle level={headingLevel} icon={Shield}>
            Competitive Advantage
          </SectionTitle>
          <p className="whitespace-pre-line break-words text-sm leading-relaxed">
            {recommendations.competitiveAdvantage}
          </p>
        </Panel>
        <Panel>
          <SectionTitle level={headingLevel} icon={Flag}>
            Long-term Goals
          </SectionTitle>
          <BulletList items={recommendations.longTermGoals} empty="No long-term goals this time." marker="dot" />
        </Panel>
      </div>
    </div>
  );
}
