/**
 * Competitive report generation for 5,000 ads of 8 competitors (first seen over the last 90
 * days, most of them in the report's 30), on the embedded database (PGlite, as zero configuration
 * runs) and, when TEST_DATABASE_URL is set, on PostgreSQL. Prints the time of the request's work
 * (the read, the figures and findings, the stored report), the pure analysis alone, and the PDF.
 * Run alone: npx tsx bench/competitive-report.ts
 */
import pino from 'pino';
import { type AnalysedAd, analyseCompetitiveAds, competitiveWindow } from '../src/server/analysis/competitive/index.ts';
import { loadConfig } from '../src/server/config.ts';
import type { DatabaseHandle } from '../src/server/db/client.ts';
import { adLibraryEntries, brands, competitors, users } from '../src/server/db/schema/index.ts';
import { generateCompetitorReport } from '../src/server/features/competitor-reports/generate-competitor-report.ts';
import {
  brandCompetitors,
  competitorAdBatches,
} from '../src/server/features/competitor-reports/read-competitor-ads.ts';
import { renderCompetitiveReportPdf } from '../src/server/features/competitor-reports/report-pdf.ts';
import type { FeatureContext } from '../src/server/features/context.ts';
import type { Actor } from '../src/server/http/access.ts';
import { measureOnEachDatabase, median, timed } from './measure.ts';

const DAY = 24 * 60 * 60 * 1000;
const RUNS = 5;
const ADS = 5_000;
const COMPETITORS = 8;

const texts = [
  'Spring sale: 20% off all loaves. Shop now, ends Sunday.',
  'Rated 4.9 stars by 2,000 customers. Order now for next-day delivery.',
  'Handmade sourdough for families. Book a tasting today.',
  'Catering for small business events. Get a quote.',
  'Introducing our new season menu. Learn more.',
  'Plastic-free packaging and organic flour. Sign up for 10% off your first order.',
  'Our bakers start at 4am so your bread is warm at breakfast.',
  'Free returns and a money-back guarantee on every hamper.',
];
const platforms = ['meta', 'meta', 'meta', 'google', 'tiktok', 'linkedin'] as const;
const types = ['image', 'video', 'carousel', 'collection', null] as const;
const objectives = ['conversions', 'traffic', 'reach', 'lead_generation', null] as const;

async function seedLibrary(database: DatabaseHandle, user: { id: string }) {
  const [brand] = await database.db.insert(brands).values({ userId: user.id, name: 'Bench Bakery' }).returning();
  const rivals = await database.db
    .insert(competitors)
    .values(
      Array.from({ length: COMPETITORS }, (_, i) => ({ userId: user.id, brandId: brand!.id, name: `Rival ${i + 1}` })),
    )
    .returning();
  const now = Date.now();
  for (let start = 0; start < ADS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, ADS - start) }, (_, k) => {
      const i = start + k;
      const firstSeen = new Date(now - ((i * 7919) % (90 * 24)) * (DAY / 24));
      const active = i % 5 !== 0;
      return {
        competitorId: rivals[i % COMPETITORS === 0 ? 0 : i % (COMPETITORS - 2)]!.id,
        userId: user.id,
        platform: platforms[i % platforms.length]!,
        adId: `bench-${i}`,
        adTitle: i % 3 ? `Offer ${i}` : null,
        adText: `${texts[i % texts.length]} ${texts[(i * 3) % texts.length]}`,
        adType: types[i % types.length],
        campaignObjective: objectives[i % objectives.length],
        isActive: active,
        firstSeenAt: firstSeen,
        lastSeenAt: active ? new Date(now) : new Date(firstSeen.getTime() + 5 * DAY),
        targeting: i % 50 === 0 ? { target_ages: ['25', '44'], target_gender: 'Women' } : null,
        spend: i % 97 === 0 ? '100-199' : null,
        spendCurrency: i % 97 === 0 ? 'GBP' : null,
        source: 'meta' as const,
      };
    });
    await database.db.insert(adLibraryEntries).values(rows);
  }
  return brand!;
}

async function measureOn(database: DatabaseHandle, label: string) {
  console.log(`\nCompetitive report on ${label}`);
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
  const seeding = await timed(() => seedLibrary(database, user!));
  const brand = seeding.value;
  const runs: number[] = [];
  let report: Awaited<ReturnType<typeof generateCompetitorReport>> | undefined;
  for (let run = 0; run < RUNS; run += 1) {
    const request = await timed(() => generateCompetitorReport(ctx, { actor, input: { brandId: brand.id } }));
    runs.push(request.ms);
    report = request.value;
  }
  console.log(
    `  ${ADS.toLocaleString('en-GB')} ads of ${COMPETITORS} competitors (${report?.totalAdsAnalysed.toLocaleString('en-GB')} in the report's 30 days; seeded in ${(seeding.ms / 1000).toFixed(1)} s): report generated in ${median(runs).toFixed(0)} ms (median of ${RUNS}; slowest ${Math.max(...runs).toFixed(0)} ms)`,
  );
  const window = competitiveWindow('monthly', new Date());
  const rivals = await brandCompetitors(database.db, brand);
  const read = await timed(async () => {
    const ads: AnalysedAd[] = [];
    const ids = rivals.map((rival) => rival.id);
    for await (const batch of competitorAdBatches(database.db, user!.id, ids, window)) ads.push(...batch);
    return ads;
  });
  const analysis: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    analyseCompetitiveAds({ competitors: rivals, ads: read.value, window });
    analysis.push(performance.now() - started);
  }
  console.log(
    `  of which reading the ads ${read.ms.toFixed(0)} ms and the pure analysis ${median(analysis).toFixed(0)} ms`,
  );
  if (!report) return;
  const pdf = await timed(() => renderCompetitiveReportPdf(database.db, report.id));
  console.log(`  its PDF: ${pdf.ms.toFixed(0)} ms, ${Math.round(pdf.value.pdf.length / 1024)} KB`);
}

export function measureCompetitiveReport() {
  return measureOnEachDatabase(measureOn);
}

if (process.argv[1]?.endsWith('competitive-report.ts')) await measureCompetitiveReport();
