/**
 * Where the time until a screen's first card goes: every request the page makes, when it started
 * and finished after the navigation, and when the first card showed. For a database kept by
 * `BENCH_KEEP=1 node bench/feeds.ts`, served by `npm start` at BENCH_ORIGIN:
 *   BENCH_ORIGIN=http://127.0.0.1:5000 node bench/feeds/first-card-trace.ts /consumer-insights
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../../src/server/analysis/render/chromium.ts';

const origin = process.env.BENCH_ORIGIN ?? 'http://127.0.0.1:5000';
const screen = process.argv[2] ?? '/consumer-insights';
const kept = JSON.parse(fs.readFileSync(path.join(os.tmpdir(), 'bench-feeds.json'), 'utf8')) as { cookie: string };

const binary = await findChromium(process.env.CHROMIUM_PATH);
if (!binary) throw new Error('No Chromium found');
const browser = await chromium.launch({
  executablePath: binary.executablePath,
  args: CHROMIUM_FLAGS,
  env: binary.env ? { ...process.env, ...binary.env } : undefined,
});
const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
const [name, value] = kept.cookie.split(/=(.*)/s) as [string, string];
await context.addCookies([{ name, value, url: origin }]);
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
  await page.goto(screen);
  const cards = screen.startsWith('/consumer') ? 'Consumer insights' : 'Ads';
  const list = cards === 'Ads' ? page.getByRole('region', { name: 'Ads' }) : page.getByRole('list', { name: cards });
  await list.getByRole('article').first().waitFor({ timeout: 60_000 });
  const firstCard = at();
  await page.waitForLoadState('networkidle');
  console.log(`run ${run + 1}: first card at ${firstCard} ms`);
  for (const line of lines.sort()) console.log(`  ${line}`);
  await page.close();
}
await browser.close();
