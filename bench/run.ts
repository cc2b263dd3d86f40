/**
 * `npm run bench`: prints figures; not a test. Builds the client first so it measures what ships.
 * Each benchmark is guarded: one that fails prints its error and the others still run.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { measureAdCsvImport } from './ad-csv-import.ts';
import { measureAdDiscovery } from './ad-discovery.ts';
import { type ApiFigures, measureApiOverhead } from './api-overhead.ts';
import { measureFixtureAudit } from './audit-fixture.ts';
import { measureCompetitiveReport } from './competitive-report.ts';
import { measureContrastAgreement } from './contrast-agreement.ts';
import { measureInsightDiscovery } from './insight-discovery.ts';
import { measureLandingBundle } from './landing-bundle.ts';
import { measureLighthouseAgreement } from './lighthouse-agreement.ts';
import { measurePublicLighthouse } from './public-lighthouse.ts';
import { measureScheduledReports, type ScheduledReportFigures } from './scheduled-reports.ts';
import { measureSentiment } from './sentiment.ts';
import { measureSentimentReports } from './sentiment-reports.ts';

const root = path.resolve(import.meta.dirname, '..');
const failed: string[] = [];

/** The figures that have targets, one row each, with whether each meets it. */
function printTargets() {
  const rows: Array<[string, string, string, boolean | null]> = [];
  const row = (measure: string, goal: string, value: string | undefined, met: boolean | undefined) =>
    rows.push([measure, goal, value ?? 'not measured (its benchmark failed)', met ?? null]);
  row(
    'GET /api/brands, 16 connections, app ÷ bare node:http + pg',
    '≥ 0.7',
    api?.ratio.toFixed(2),
    api && api.ratio >= 0.7,
  );
  row(
    'memory of the process `npm start` leaves serving, after start / after 500 requests',
    '≤ 150 MB',
    api && `${api.afterStartMb.toFixed(0)} / ${api.after500Mb.toFixed(0)} MB`,
    api && Math.max(api.afterStartMb, api.after500Mb) <= 150,
  );
  row(
    '200 due reports, one recipient each, 2 processes: last delivery after the due minute',
    '≤ 60 s',
    mail && `${mail.small.lastS.toFixed(1)} s`,
    mail && mail.small.lastS <= 60,
  );
  row(
    'first scheduled mail after its due minute',
    '≤ 10 s',
    mail && `${mail.small.firstS.toFixed(1)} s`,
    mail && mail.small.firstS <= 10,
  );
  row(
    '1,000 due reports, 2 workers: last delivery after the due minute; duplicates',
    '≤ 120 s; 0',
    mail && `${mail.large.lastS.toFixed(1)} s; ${mail.large.duplicates + mail.small.duplicates}`,
    mail && mail.large.lastS <= 120 && mail.large.duplicates + mail.small.duplicates === 0,
  );
  console.log('\nTargets:');
  for (const [measure, goal, value, met] of rows) {
    const verdict = met === null ? '' : met ? 'meets' : 'MISSES';
    console.log(`  ${measure}\n    goal ${goal}, measured ${value}  ${verdict}`);
  }
  console.log(
    `  (load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')})`,
  );
}

async function guarded(name: string, work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    failed.push(name);
    console.error(`\n${name} failed:`, error);
  }
}

await guarded('Landing bundle', async () => {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  await measureLandingBundle();
});
await guarded('Public pages Lighthouse', measurePublicLighthouse);
await guarded('Fixture-site audit', measureFixtureAudit);
await guarded('Lighthouse agreement', measureLighthouseAgreement);
let api: ApiFigures | undefined;
let mail: ScheduledReportFigures | undefined;
await guarded('API overhead and memory', async () => {
  api = await measureApiOverhead();
});
await guarded('Contrast agreement', measureContrastAgreement);
await guarded('Sentiment engine', measureSentiment);
await guarded('Sentiment reports', measureSentimentReports);
await guarded('Insight discovery', measureInsightDiscovery);
await guarded('Ad CSV import', measureAdCsvImport);
await guarded('Competitive report', measureCompetitiveReport);
await guarded('Ad discovery', measureAdDiscovery);
await guarded('Scheduled e-mail reports', async () => {
  mail = await measureScheduledReports();
});

printTargets();

if (failed.length > 0) console.log(`\nBenchmarks that failed: ${failed.join(', ')}`);
process.exit(0);
