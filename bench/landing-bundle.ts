/**
 * What a signed-out visitor's browser downloads to show the landing page: every JavaScript file
 * Chromium requests, with its size raw and gzipped (as a server would send it compressed).
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { startServer } from '../tests/helpers/server.ts';

/** The landing page's JavaScript budget, gzipped. */
export const LANDING_JS_BUDGET_BYTES = 100_000;

export async function measureLandingBundle() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const scripts: { url: string; raw: number; gzip: number; sent: number; encoding: string }[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const response = await request.response();
      if (!response) return;
      const body = await response.body();
      const sizes = await request.sizes();
      scripts.push({
        url: new URL(response.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        sent: sizes.responseBodySize,
        encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
      });
    });
    await page.goto(`${server.baseURL}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'AI-Powered Brand Analysis Made Simple' }).waitFor();
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log('\nLanding page JavaScript (signed out)');
    const line = (name: string, raw: number, gzip: number, sent: string) =>
      console.log(`  ${name.padEnd(44)} ${kb(raw).padStart(10)} raw ${kb(gzip).padStart(10)} gzip  ${sent}`);
    for (const script of scripts)
      line(script.url, script.raw, script.gzip, `${kb(script.sent)} sent (${script.encoding})`);
    const total = scripts.reduce(
      (sum, script) => ({ raw: sum.raw + script.raw, gzip: sum.gzip + script.gzip, sent: sum.sent + script.sent }),
      { raw: 0, gzip: 0, sent: 0 },
    );
    line('total', total.raw, total.gzip, `${kb(total.sent)} sent`);
    const budget = LANDING_JS_BUDGET_BYTES;
    console.log(
      `  Gzipped total ${(total.gzip / 1000).toFixed(1)} kB (target at most ${budget / 1000} kB: ${total.gzip <= budget ? 'met' : 'NOT met'})`,
    );
    return total;
  } finally {
    await browser.close();
    await server.close();
  }
}
