import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertFileKey, type FileStore } from './file-store.ts';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files on local disk. Each key's first segment names an area with its own directory (uploads
 * live in UPLOAD_DIR, the rest under DATA_DIR), and the rest of the key is the path inside it.
 * Files are written beside their final name and renamed, so a reader never sees half a file.
 */
export function createLocalFileStore(directories: Record<string, string>): FileStore {
  const pathOf = (key: string) => {
    const [area, ...rest] = assertFileKey(key).split('/');
    const directory = area ? directories[area] : undefined;
    if (!directory || rest.length === 0) throw new Error(`No local directory for the file ${key}`);
    return path.join(directory, ...rest);
  };

  return {
    async put(key, body) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, fs.createWriteStream(partial));
        await fs.promises.rename(partial, target);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    async getStream(key) {
      // Opened first, so a missing file is known before anyone starts reading.
      const handle = await fs.promises.open(pathOf(key), 'r').catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      return handle ? handle.createReadStream() : null;
    },
    async read(key) {
      try {
        return await fs.promises.readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.promises.stat(pathOf(key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async check() {
      for (const directory of Object.values(directories)) {
        await fs.promises.mkdir(directory, { recursive: true });
        await fs.promises.access(directory, fs.constants.R_OK | fs.constants.W_OK);
      }
    },
    locationOf: (key) => pathOf(key),
  };
}
