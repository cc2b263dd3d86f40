import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository's root folder: the nearest one above this module that holds package.json. Found
 * rather than counted in `..` steps, because this code runs from src/server (development, tests)
 * and, compiled, from dist/server (production).
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);
