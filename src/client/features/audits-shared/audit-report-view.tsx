import type { ReactNode } from 'react';
import { AreaBreakdown } from './area-breakdown.tsx';
import { CrawlFacts } from './crawl-facts.tsx';
import { FindingsCards } from './findings-cards.tsx';
import { RecommendationsCard } from './recommendations-card.tsx';
import { ReportOverview } from './report-overview.tsx';
import type { TReportAudit } from './report-types.ts';

/**
 * A completed audit, read-only: overall and area scores, strengths and weaknesses, prioritised
 * recommendations, every group's checks with evidence, and the crawl behind them. The owner's report
 * page and the public shared page both show it.
 */
export function AuditReportView({ audit, children }: { audit: TReportAudit; children?: ReactNode }) {
  return (
    <div className="space-y-6">
      <ReportOverview audit={audit} />
      {children}
      <FindingsCards audit={audit} />
      <RecommendationsCard recommendations={audit.recommendations} aiWritten={audit.writtenBy === 'ai'} />
      <AreaBreakdown audit={audit} />
      <CrawlFacts audit={audit} />
    </div>
  );
}
