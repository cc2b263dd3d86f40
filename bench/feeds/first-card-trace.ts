/**
 * Where the time until a screen's first card goes: every request the page makes, when it started
 * and finished after the navigation, and when the first card showed. For a database kept by
 * `BENCH_KEEP=1 node bench/feeds.ts`, served by `npm start` at BENCH_ORIGIN:
 *   BENCH_ORIGIN=http://127.0.0.1:5000 node bench/feeds/first-card-trace.ts /consumer-insights
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AD_LIBRARY, CONSUMER_INSIGHTS, signedInBrowser } from './browser-figures.ts';

const origin = process.env.BENCH_ORIGIN ?? 'http://127.0.0.1:5000';
const screen = [CONSUMER_INSIGHTS, AD_LIBRARY].find(
  (known) => known.path === (process.argv[2] ?? '/consumer-insights'),
);
if (!screen) throw new Error(`Screens traced: ${CONSUMER_INSIGHTS.path}, ${AD_LIBRARY.path}`);
const kept = JSON.parse(fs.readFileSync(path.join(os.tmpdir(), 'bench-feeds.json'), 'utf8')) as { cookie: string };

const { browser, context } = await signedInBrowser({ origin, cookie: kept.cookie });
for (let run = 0; run < 3; run += 1) {
  const page = await context.newPage();
  const started = performance.now();
  const at = () => (performance.now() - started).toFixed(0).padStart(6);
  const lines: string[] = [];
  const begun = new Map<unknown, string>();
  page.on('request', (request) => begun.set(request, at()));
  page.on('requestfinished', (request) =>
    lines.push(`${begun.get(request)} → ${at()} ms  ${request.method()} ${request.url().replace(origin, '')}`),
  );
  await page.goto(screen.path);
  await screen.cards(page).first().waitFor({ timeout: 60_000 });
  const firstCard = at();
  await page.waitForLoadState('networkidle');
  console.log(`run ${run + 1}: first card at ${firstCard} ms`);
  for (const line of lines.sort()) console.log(`  ${line}`);
  await page.close();
}
await browser.close();
