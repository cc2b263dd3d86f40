/**
 * Where Chromium is, the same way the browser tests find it: the configured CHROMIUM_PATH, else
 * Debian's /usr/bin/chromium (what the production image installs), else the binary the
 * @sparticuz/chromium package ships (a development dependency: present where tests run without
 * apt, absent in production). Null when none of them is there: rendering is then not available.
 */
import fs from 'node:fs';
import path from 'node:path';

export type ChromiumBinary = { executablePath: string; env?: Record<string, string> };

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Headless flags for a server without a display or outside network (the tests use the same). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

async function packagedChromium(): Promise<ChromiumBinary | null> {
  try {
    // A variable specifier: the package is optional and TypeScript must not require it.
    const name = '@sparticuz/chromium';
    const { default: packaged } = (await import(name)) as { default: { executablePath(): Promise<string> } };
    const executablePath = await packaged.executablePath();
    // The packaged build brings its own shared libraries next to the binary.
    const libraries = [path.dirname(executablePath), '/tmp/al2023/lib'].join(':');
    return { executablePath, env: { LD_LIBRARY_PATH: `${libraries}:${process.env.LD_LIBRARY_PATH ?? ''}` } };
  } catch {
    return null;
  }
}

/** The Chromium to launch, or null when there is none. */
export async function findChromium(configuredPath?: string): Promise<ChromiumBinary | null> {
  if (configuredPath && fs.existsSync(configuredPath)) return { executablePath: configuredPath };
  if (fs.existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM };
  return packagedChromium();
}
