import {
  noInsightsForReportMessage,
  previousPeriodSpans,
  reportPeriodSpans,
  type TCreateSentimentReportRequest,
  type TReportInsights,
  type TSentimentReport,
  ZCreateSentimentReportRequest,
} from '../../../shared/schemas/sentiment-reports.ts';
import { localReportWording, reportWindow } from '../../analysis/sentiment-report/index.ts';
import { sentimentReports } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { writeReportWordingJob } from '../../jobs/definitions/write-report-wording.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { brandHasInsights, measureInsights } from './measure-insights.ts';
import { toSentimentReport } from './report-dto.ts';
import { finishReportWording } from './report-wording.ts';

/**
 * Measures the brand's insights over the chosen period (DESIGN §7.2) and stores the report. The
 * figures are one bounded read of stored insights, fast enough for the request (decision 0012);
 * only a language model's rewording, when one is configured, runs as a job afterwards, and the
 * report carries the local sentences until it is done.
 */
export async function generateSentimentReport(
  ctx: FeatureContext,
  { actor, input, now = new Date() }: { actor: Actor; input: TCreateSentimentReportRequest; now?: Date },
): Promise<TSentimentReport> {
  const { brandId, reportPeriod } = ZCreateSentimentReportRequest.parse(input);
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  await assertCanChangeBrand(ctx.db, brand, {
    feature: 'consumerInsights',
    toDoMore: 'generate more sentiment reports',
  });
  if (!(await brandHasInsights(ctx.db, brand.id))) throw new AppError('conflict', noInsightsForReportMessage);

  const window = reportWindow(reportPeriod, now);
  const { figures, quotes } = await measureInsights(ctx.db, brand.id, window);
  const rewording = Boolean(ctx.ai && ctx.queue);
  const insights: TReportInsights = {
    aiInsights: localReportWording(figures, {
      brandName: brand.name,
      span: `in ${reportPeriodSpans[reportPeriod]}`,
      previousSpan: previousPeriodSpans[reportPeriod],
    }),
    writtenBy: 'local',
    wording: rewording ? 'pending' : 'final',
    series: figures.series,
    previous: {
      start: (window.previousStart ?? window.start).toISOString(),
      end: window.start.toISOString(),
      mentions: figures.previous?.mentions ?? 0,
      overallSentiment: figures.previous?.overallSentiment ?? null,
    },
    spikeAlert: figures.spikeAlert,
    quotes,
    sources: figures.sources,
  };

  const [row] = await ctx.db
    .insert(sentimentReports)
    .values({
      brandId: brand.id,
      userId: brand.userId,
      reportPeriod,
      startDate: window.start,
      endDate: window.end,
      overallSentiment: figures.overallSentiment ?? 0,
      positivePercentage: figures.positivePercentage,
      neutralPercentage: figures.neutralPercentage,
      negativePercentage: figures.negativePercentage,
      totalMentions: figures.totalMentions,
      trendDirection: figures.trendDirection,
      topTopics: figures.topTopics,
      topKeywords: figures.topKeywords,
      insights,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error(`storing the sentiment report of brand ${brand.id} returned nothing`);

  if (rewording && ctx.queue) {
    try {
      await ctx.queue.send(writeReportWordingJob, { reportId: row.id });
    } catch (error) {
      ctx.logger.warn({ err: error, reportId: row.id }, 'report wording could not be queued; the local wording stands');
      await finishReportWording(ctx.db, row.id);
      return toSentimentReport({ ...row, insights: { ...insights, wording: 'final' } });
    }
  }
  return toSentimentReport(row);
}
