import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appErrorStatus } from './errors.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const documents = [
  'README.md',
  ...fs.readdirSync(path.join(projectRoot, 'docs/decisions')).map((name) => `docs/decisions/${name}`),
];

describe('the documented error statuses', () => {
  it('match the status table wherever a document names a status with its code, e.g. "403 (`plan_limit`)"', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const document of documents) {
      const text = fs.readFileSync(path.join(projectRoot, document), 'utf8');
      for (const match of text.matchAll(/\b(\d{3}) \(`([a-z_]+)`\)/g)) {
        const [quoted, status, code] = match;
        if (!(code! in appErrorStatus)) continue;
        checked++;
        const expected = appErrorStatus[code as keyof typeof appErrorStatus];
        if (Number(status) !== expected) wrong.push(`${document}: "${quoted}" (the API answers ${expected})`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
