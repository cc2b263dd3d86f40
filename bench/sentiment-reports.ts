/**
 * Sentiment report generation for a small and a large brand: 2,000 insights, and 100,000 (50,000
 * in the last 30 days and 50,000 in the 30 before), on the embedded database (PGlite, as zero
 * configuration runs) and, when TEST_DATABASE_URL is set, on PostgreSQL. Prints the time of the
 * request's work (the counts, the figures, the quotes, the stored report) and of each PDF: the
 * figures decision 0012 rests on. Run alone: npx tsx bench/sentiment-reports.ts
 */
import pino from 'pino';
import { analyseSentiment, sentimentEngineReady } from '../src/server/analysis/sentiment/index.ts';
import { loadConfig } from '../src/server/config.ts';
import type { DatabaseHandle } from '../src/server/db/client.ts';
import { brands, consumerInsights, users } from '../src/server/db/schema/index.ts';
import type { FeatureContext } from '../src/server/features/context.ts';
import { generateSentimentReport } from '../src/server/features/sentiment-reports/generate-sentiment-report.ts';
import {
  renderConsumerInsightsPdf,
  renderSentimentReportPdf,
} from '../src/server/features/sentiment-reports/report-pdfs.ts';
import type { Actor } from '../src/server/http/access.ts';
import { mentionTexts, seeded } from '../tests/fixtures/sentiment-reports/mentions.ts';
import { measureOnEachDatabase, median, timed } from './measure.ts';

// the engine's weights load at first need
await sentimentEngineReady();

const DAY = 24 * 60 * 60 * 1000;
const RUNS = 5;
const SIZES = [2_000, 100_000];

/** `total` insights of the fixture's texts, evenly over the last 60 days. */
async function seedInsights(database: DatabaseHandle, user: { id: string }, total: number) {
  const [brand] = await database.db
    .insert(brands)
    .values({ userId: user.id, name: `Bench Roasters ${total}` })
    .returning();
  const analysed = mentionTexts.map((mention) => ({ mention, analysis: analyseSentiment(mention.text) }));
  const random = seeded(total);
  const now = Date.now();
  for (let start = 0; start < total; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - start) }, (_, i) => {
      const { mention, analysis } = analysed[Math.floor(random() * analysed.length)]!;
      return {
        brandId: brand!.id,
        userId: user.id,
        source: mention.source,
        platform: mention.platform,
        content: mention.text,
        sentiment: analysis.label,
        sentimentScore: analysis.sentimentScore,
        confidence: analysis.confidence,
        topics: analysis.topics,
        emotions: analysis.emotions,
        keywords: analysis.keywords,
        authorName: mention.author,
        collectedAt: new Date(now - ((start + i) / total) * 60 * DAY - 1000),
      };
    });
    await database.db.insert(consumerInsights).values(rows);
  }
  return brand!;
}

async function measureOn(database: DatabaseHandle, label: string) {
  console.log(`\nSentiment reports on ${label}`);
  await database.migrate();
  const [user] = await database.db.insert(users).values({ email: 'bench@example.com', planType: 'smb' }).returning();
  const actor: Actor = {
    user: user!,
    isAdmin: false,
    ownerIds: [user!.id],
    owners: [user!],
    workspaceOwnerId: user!.id,
  };
  const ctx = {
    db: database.db,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    queue: null,
    ai: null,
    logger: pino({ level: 'silent' }),
  } as unknown as FeatureContext;

  for (const size of SIZES) {
    const seeding = await timed(() => seedInsights(database, user!, size));
    const brand = seeding.value;
    const runs: number[] = [];
    let report: Awaited<ReturnType<typeof generateSentimentReport>> | undefined;
    for (let run = 0; run < RUNS; run += 1) {
      const request = await timed(() =>
        generateSentimentReport(ctx, { actor, input: { brandId: brand.id, reportPeriod: 'monthly' } }),
      );
      runs.push(request.ms);
      report = request.value;
    }
    console.log(
      `  ${size.toLocaleString('en-GB')} insights (${report?.totalMentions.toLocaleString('en-GB')} in the report's 30 days; seeded in ${(seeding.ms / 1000).toFixed(1)} s): monthly report generated in ${median(runs).toFixed(0)} ms (median of ${RUNS}; slowest ${Math.max(...runs).toFixed(0)} ms)`,
    );
    if (size !== SIZES.at(-1) || !report) continue;
    const reportPdf = await timed(() => renderSentimentReportPdf(database.db, report.id));
    console.log(`  its report PDF: ${reportPdf.ms.toFixed(0)} ms, ${Math.round(reportPdf.value.pdf.length / 1024)} KB`);
    const insightsPdf = await timed(() => renderConsumerInsightsPdf(database.db, brand.id));
    console.log(
      `  consumer insights PDF of all ${size.toLocaleString('en-GB')}: ${insightsPdf.ms.toFixed(0)} ms, ${Math.round(insightsPdf.value.pdf.length / 1024)} KB`,
    );
  }
}

export function measureSentimentReports() {
  return measureOnEachDatabase(measureOn);
}

if (process.argv[1]?.endsWith('sentiment-reports.ts')) await measureSentimentReports();
