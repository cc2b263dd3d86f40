/**
 * Sentiment report generation on a large brand, on the embedded database (PGlite, as zero
 * configuration runs): 50,000 insights in the last 30 days and 50,000 in the 30 before. Prints
 * the time of the request's work (the read, the figures, the stored report) and of each PDF, the
 * figures decision 0012 rests on. Run alone: npx tsx bench/sentiment-reports.ts
 */
import pino from 'pino';
import { analyseSentiment } from '../src/server/analysis/sentiment/index.ts';
import { reportWindow } from '../src/server/analysis/sentiment-report/index.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { brands, consumerInsights, users } from '../src/server/db/schema/index.ts';
import type { FeatureContext } from '../src/server/features/context.ts';
import { generateSentimentReport } from '../src/server/features/sentiment-reports/generate-sentiment-report.ts';
import { measureInsights } from '../src/server/features/sentiment-reports/measure-insights.ts';
import {
  renderConsumerInsightsPdf,
  renderSentimentReportPdf,
} from '../src/server/features/sentiment-reports/report-pdfs.ts';
import type { Actor } from '../src/server/http/access.ts';
import { mentionTexts, seeded } from '../tests/fixtures/sentiment-reports/mentions.ts';

const PER_PERIOD = 50_000;
const DAY = 24 * 60 * 60 * 1000;
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export async function measureSentimentReports() {
  console.log(
    `\nSentiment reports: ${PER_PERIOD.toLocaleString('en-GB')} insights in each of two 30-day periods (PGlite)`,
  );
  const database = await openDatabase({});
  try {
    await database.migrate();
    const db = database.db;
    const [user] = await db.insert(users).values({ email: 'bench@example.com', planType: 'smb' }).returning();
    const [brand] = await db.insert(brands).values({ userId: user!.id, name: 'Bench Roasters' }).returning();
    const analysed = mentionTexts.map((mention) => ({ mention, analysis: analyseSentiment(mention.text) }));
    const random = seeded(7);
    const now = new Date();
    const seeding = await timed(async () => {
      for (let start = 0; start < 2 * PER_PERIOD; start += 1000) {
        const rows = Array.from({ length: 1000 }, (_, i) => {
          const { mention, analysis } = analysed[Math.floor(random() * analysed.length)]!;
          return {
            brandId: brand!.id,
            userId: user!.id,
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
            collectedAt: new Date(now.getTime() - ((start + i) / (2 * PER_PERIOD)) * 60 * DAY - 1000),
          };
        });
        await db.insert(consumerInsights).values(rows);
      }
    });
    console.log(`  seeding: ${(seeding.ms / 1000).toFixed(1)} s`);

    const actor: Actor = { user: user!, isAdmin: false, ownerIds: [user!.id], workspaceOwnerId: user!.id };
    const ctx = {
      db,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      queue: null,
      ai: null,
      logger: pino({ level: 'silent' }),
    } as unknown as FeatureContext;

    const window = reportWindow('monthly', new Date());
    const reads: number[] = [];
    const requests: number[] = [];
    let reportId = '';
    for (let run = 0; run < RUNS; run += 1) {
      const read = await timed(() => measureInsights(db, brand!.id, window));
      reads.push(read.ms);
      const request = await timed(() =>
        generateSentimentReport(ctx, { actor, input: { brandId: brand!.id, reportPeriod: 'monthly' } }),
      );
      requests.push(request.ms);
      reportId = request.value.id;
      if (run === 0) console.log(`  report counts ${request.value.totalMentions.toLocaleString('en-GB')} mentions`);
    }
    console.log(`  read + figures + quotes (measureInsights): median ${median(reads).toFixed(0)} ms`);
    console.log(
      `  whole generation as the request runs it: median ${median(requests).toFixed(0)} ms over ${RUNS} runs`,
    );

    const reportPdf = await timed(() => renderSentimentReportPdf(db, reportId));
    console.log(`  report PDF: ${reportPdf.ms.toFixed(0)} ms, ${Math.round(reportPdf.value.pdf.length / 1024)} KB`);
    const insightsPdf = await timed(() => renderConsumerInsightsPdf(db, brand!.id));
    console.log(
      `  consumer insights PDF (all ${(2 * PER_PERIOD).toLocaleString('en-GB')} insights): ${insightsPdf.ms.toFixed(0)} ms, ${Math.round(insightsPdf.value.pdf.length / 1024)} KB`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('sentiment-reports.ts')) await measureSentimentReports();
