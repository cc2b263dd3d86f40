import fs from 'node:fs';
import path from 'node:path';

/** Uploaded files on local disk, under random names only the database maps back to owners. */
export function createUploadStorage(directory: string) {
  const pathOf = (storageKey: string) => {
    if (!/^[a-f0-9-]+\.[a-z0-9]+$/.test(storageKey)) throw new Error(`invalid storage key ${storageKey}`);
    return path.join(directory, storageKey);
  };
  return {
    async write(storageKey: string, content: Buffer) {
      await fs.promises.mkdir(directory, { recursive: true });
      await fs.promises.writeFile(pathOf(storageKey), content, { flag: 'wx' });
    },
    read: (storageKey: string) => fs.promises.readFile(pathOf(storageKey)),
    stream: (storageKey: string) => fs.createReadStream(pathOf(storageKey)),
    remove: (storageKey: string) => fs.promises.rm(pathOf(storageKey), { force: true }),
  };
}

export type UploadStorage = ReturnType<typeof createUploadStorage>;
