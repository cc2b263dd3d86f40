/** Lighthouse and the Chromium it drives, as both Lighthouse benchmarks start them. */
import { CHROMIUM_FLAGS, chromiumExecutable } from '../tests/helpers/browser.ts';

export async function launchChromeForLighthouse() {
  const chromium = await chromiumExecutable();
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath: chromium.executablePath,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
    envVars: chromium.env ? { ...process.env, ...chromium.env } : undefined,
  });
  return { lighthouse, chrome, executablePath: chromium.executablePath };
}
