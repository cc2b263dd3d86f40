/**
 * The built client records how it was built, so `npm start` can tell a production build from one
 * that a development or test process left behind (React's development build, with its warnings).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const BUILD_MARKER_FILE = 'build.json';

export type BuildMarker = { production: boolean; builtAt: string };

/** Writes build.json next to index.html at the end of every client build. */
export function buildMarker(): Plugin {
  let production = false;
  let outDir = '';
  return {
    name: 'brandlens-build-marker',
    apply: 'build',
    configResolved(config) {
      production = config.isProduction;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const marker: BuildMarker = { production, builtAt: new Date().toISOString() };
      fs.writeFileSync(path.join(outDir, BUILD_MARKER_FILE), `${JSON.stringify(marker)}\n`);
    },
  };
}

/** The marker of the build in clientDir; null when there is none or it cannot be read. */
export function readBuildMarker(clientDir: string): BuildMarker | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(clientDir, BUILD_MARKER_FILE), 'utf8')) as Partial<BuildMarker>;
    return typeof parsed.production === 'boolean' && typeof parsed.builtAt === 'string'
      ? { production: parsed.production, builtAt: parsed.builtAt }
      : null;
  } catch {
    return null;
  }
}

/** The newest modification time (ms) of the files at these paths, directories walked; 0 when none exist. */
export function newestMtime(entries: string[]): number {
  let newest = 0;
  for (const entry of entries) {
    if (!fs.existsSync(entry)) continue;
    const stat = fs.statSync(entry);
    const mtime = stat.isDirectory()
      ? newestMtime(fs.readdirSync(entry).map((child) => path.join(entry, child)))
      : stat.mtimeMs;
    newest = Math.max(newest, mtime);
  }
  return newest;
}
