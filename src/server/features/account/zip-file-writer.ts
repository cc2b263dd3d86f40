import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Text is compressed in slices of this size, giving the event loop a turn between slices. */
const SLICE_BYTES = 1024 * 1024;

/**
 * A zip file written to disk as entries are added, so an export never holds the whole archive in
 * memory. Entries go in one at a time (fflate's streaming Zip), each finished before the next.
 */
export function createZipFileWriter(filePath: string) {
  const fd = fs.openSync(filePath, 'w');
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      return;
    }
    // fflate hands chunks over synchronously; writing them at once keeps their order.
    fs.writeSync(fd, chunk);
    if (final) finished = true;
  });
  const throwIfFailed = () => {
    if (failure) throw failure;
  };

  return {
    /** Adds one file; `compress` false stores it as it is (images and PDFs are compressed already). */
    async add(name: string, content: Uint8Array, { compress = true } = {}) {
      throwIfFailed();
      const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      zip.add(entry);
      if (content.length === 0) entry.push(content, true);
      for (let offset = 0; offset < content.length; offset += SLICE_BYTES) {
        const end = Math.min(content.length, offset + SLICE_BYTES);
        entry.push(content.subarray(offset, end), end === content.length);
        if (compress && end < content.length) await nextTurn();
      }
      throwIfFailed();
    },
    /** Writes the central directory and closes the file. */
    finish() {
      zip.end();
      fs.closeSync(fd);
      throwIfFailed();
      if (!finished) throw new Error('the zip archive was not completed');
    },
    /** Closes the file without completing it (the caller removes it). */
    abandon() {
      zip.terminate();
      fs.closeSync(fd);
    },
  };
}
