/**
 * `npm run bench`: prints figures; not a test. Builds the client first so it measures what ships.
 * Each benchmark is guarded: one that fails prints its error and the others still run.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { measureAdCsvImport } from './ad-csv-import.ts';
import { measureAdDiscovery } from './ad-discovery.ts';
import { measureAdFeedPlans } from './ad-feed-plans.ts';
import { type ApiFigures, measureApiOverhead } from './api-overhead.ts';
import { measureFixtureAudit } from './audit-fixture.ts';
import { measureCompetitiveReport } from './competitive-report.ts';
import { measureContrastAgreement } from './contrast-agreement.ts';
import { measureInsightDiscovery } from './insight-discovery.ts';
import { measureLandingBundle } from './landing-bundle.ts';
import { measureLighthouseAgreement } from './lighthouse-agreement.ts';
import { measureMentionDiscovery } from './mention-discovery.ts';
import { measurePublicLighthouse } from './public-lighthouse.ts';
import { measureRendering } from './rendering.ts';
import { measureScheduledReports, type ScheduledReportFigures } from './scheduled-reports.ts';
import { measureSentiment } from './sentiment.ts';
import { measureSentimentReports } from './sentiment-reports.ts';
import { measureSocialProfiles } from './social-profiles.ts';
import { printTargets } from './targets.ts';

const root = path.resolve(import.meta.dirname, '..');
const failed: string[] = [];

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
await guarded('Social profiles', measureSocialProfiles);
await guarded('Lighthouse agreement', measureLighthouseAgreement);
await guarded('Rendering pages built in the browser', measureRendering);
let api: ApiFigures | undefined;
let mail: ScheduledReportFigures | undefined;
await guarded('API overhead and memory', async () => {
  api = await measureApiOverhead();
});
await guarded('Contrast agreement', measureContrastAgreement);
await guarded('Sentiment engine', measureSentiment);
await guarded('Sentiment reports', measureSentimentReports);
await guarded('Insight discovery', measureInsightDiscovery);
await guarded('Listening discovery', measureMentionDiscovery);
await guarded('Ad CSV import', measureAdCsvImport);
await guarded('Ad library at volume', measureAdFeedPlans);
await guarded('Competitive report', measureCompetitiveReport);
await guarded('Ad discovery', measureAdDiscovery);
await guarded('Scheduled e-mail reports', async () => {
  mail = await measureScheduledReports();
});

printTargets(api, mail);

if (failed.length > 0) console.log(`\nBenchmarks that failed: ${failed.join(', ')}`);
process.exit(0);
