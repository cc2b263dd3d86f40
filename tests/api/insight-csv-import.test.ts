import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerInsights, taskProgress, users } from '../../src/server/db/schema/index.ts';
import { featureLimitMessage, insightLimitMessage } from '../../src/shared/plans.ts';
import type { TCsvMapping, TImportTask } from '../../src/shared/schemas/insight-sources.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

const CSV = path.resolve(import.meta.dirname, '../fixtures/insight-sources/csv');
const fixture = (name: string) => fs.readFileSync(path.join(CSV, name));
const REVIEWS_MAPPING: TCsvMapping = {
  content: 'Review Text',
  author: 'Reviewer',
  date: 'Review Date',
  rating: 'Stars',
  platform: 'Platform',
};

let target: WorkingTestApp;
let owner: string;
let stranger: string;
let brandId: string;

beforeAll(async () => {
  target = await createWorkingTestApp();
  owner = await target.signInAs('import-owner@example.com');
  stranger = await target.signInAs('import-stranger@example.com');
  await setPlan(target.database, 'import-owner@example.com', 'smb');
  await setPlan(target.database, 'import-stranger@example.com', 'smb');
  brandId = await createBrand(owner, 'Northwind Roasters');
});

afterAll(async () => {
  await target?.close();
});

async function createBrand(cookie: string, name: string) {
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A multipart body as the import dialog sends it: the fields, then the file. */
function importBody(fields: Record<string, string>, file: Buffer | null, fileName = 'reviews.csv') {
  const boundary = `----brandlens${crypto.randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function postImport(
  cookie: string | null,
  file: Buffer | null,
  { brand = brandId, mapping = REVIEWS_MAPPING as object, source = 'reviews', fileName = 'reviews.csv' } = {},
) {
  const body = importBody({ brandId: brand, mapping: JSON.stringify(mapping), source }, file, fileName);
  return target.app.inject({
    method: 'POST',
    url: '/api/consumer-insights/import',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

async function importAndWait(cookie: string, file: Buffer, options: Parameters<typeof postImport>[2] = {}) {
  const started = await postImport(cookie, file, options);
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json()).toMatchObject({ kind: 'import:insights-csv', status: 'queued', percent: 0 });
  return waitFor(
    async () =>
      (
        await target.app.inject({
          method: 'GET',
          url: `/api/consumer-insights/imports/${started.json().id}`,
          headers: { cookie },
        })
      ).json(),
    (task: TImportTask) => task.status === 'completed' || task.status === 'failed',
    { what: 'the import to finish', timeoutMs: 90_000 },
  );
}

const storedCount = async (id: string) =>
  (await target.database.db.select().from(consumerInsights).where(eq(consumerInsights.brandId, id))).length;

describe('importing the 1,000-row export', () => {
  let task: TImportTask;

  beforeAll(async () => {
    task = await importAndWait(owner, fixture('reviews-1000.csv'), { fileName: 'reviews-1000.csv' });
  }, 120_000);

  it('adds every row, analysed', () => {
    expect(task).toMatchObject({ status: 'completed', percent: 100, error: null });
    expect(task.result).toEqual({
      brandId,
      fileName: 'reviews-1000.csv',
      rows: 1000,
      added: 1000,
      duplicates: 0,
      notKeptForPlan: 0,
      badRowCount: 0,
      badRows: [],
    });
  });

  it('keeps each row’s author, platform, rating and its own date, day-first dates read as en-GB', async () => {
    const [row] = await target.database.db
      .select()
      .from(consumerInsights)
      .where(
        eq(
          consumerInsights.content,
          'Came in on a rainy Tuesday and the Ethiopian single origin cheered me right up. A little gem of a place.',
        ),
      );
    expect(row).toMatchObject({
      source: 'reviews',
      authorName: 'Ben H.',
      platform: 'Trustpilot',
      rating: 5,
      sentiment: 'positive',
      collectedAt: new Date('2024-01-01T12:00:00Z'),
      sourceId: null,
    });
    expect(row?.dedupeKey).toMatch(/^text:/);
  });

  it('adds nothing when the same file is imported again', async () => {
    const again = await importAndWait(owner, fixture('reviews-1000.csv'));
    expect(again.result).toMatchObject({ rows: 1000, added: 0, duplicates: 1000 });
    expect(await storedCount(brandId)).toBe(1000);
  });
});

describe('bad rows', () => {
  it('are reported by line number and the good rows kept; a row without a date gets the import time', async () => {
    const id = await createBrand(owner, 'Bad Rows Co');
    const before = Date.now();
    const task = await importAndWait(owner, fixture('bad-rows.csv'), {
      brand: id,
      mapping: { content: 'Comment', author: 'Reviewer', date: 'Date', rating: 'Rating' },
      source: 'surveys',
    });
    expect(task.result).toMatchObject({ rows: 8, added: 3, badRowCount: 5 });
    expect(task.result?.badRows.map((row) => row.line)).toEqual([3, 4, 5, 6, 9]);
    expect(task.result?.badRows[0]).toEqual({ line: 3, reason: 'The content is blank' });
    const rows = await target.database.db.select().from(consumerInsights).where(eq(consumerInsights.brandId, id));
    const aisha = rows.find((row) => row.authorName === 'Aisha K.');
    expect(aisha?.source).toBe('surveys');
    expect(aisha?.collectedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(aisha?.collectedAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('refusing a file: 400 with the reason, nothing stored', () => {
  let refusalBrand: string;

  beforeAll(async () => {
    refusalBrand = await createBrand(owner, 'Refusals Ltd');
  });

  const refused = async (file: Buffer | null, mapping: object, message: string | RegExp) => {
    const tasksBefore = (await target.database.db.select().from(taskProgress)).length;
    const response = await postImport(owner, file, { brand: refusalBrand, mapping });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('validation');
    expect(response.json().message).toMatch(message);
    expect(await storedCount(refusalBrand)).toBe(0);
    expect((await target.database.db.select().from(taskProgress)).length).toBe(tasksBefore);
  };
  const byName = { content: 'Review' };

  it('not CSV', async () => {
    const png = fs.readFileSync(path.resolve(CSV, '../../site/images/logo.png'));
    await refused(png, byName, /^The file is a PNG image, not a CSV file\./);
    await refused(Buffer.from('<html><body>Reviews</body></html>'), byName, /is an HTML or XML document, not CSV/);
  });

  it('invalid or mixed encodings', async () => {
    await refused(fixture('latin1.csv'), byName, /^The file is not UTF-8: line 2/);
    await refused(fixture('mixed-encoding.csv'), byName, /^The file mixes encodings: it is UTF-8, but line 3/);
  });

  it('a mapping without content, or naming a column the file lacks', async () => {
    await refused(fixture('latin1.csv').subarray(0, 0), {}, 'Choose the column that holds the feedback text');
    await refused(
      fixture('semicolon.csv'),
      { content: 'Review' },
      'The file has no column "Review". Its columns are: "Auteur", "Date", "Note", "Avis".',
    );
  });

  it('over 20 MB', async () => {
    const big = Buffer.concat([Buffer.from('Review\n'), Buffer.alloc(20 * 1024 * 1024, 'a\n')]);
    await refused(big, byName, 'The file is larger than 20 MB. Split it into smaller files and import each.');
  });

  it('over 50,000 rows', async () => {
    const rows = ['Review', ...Array.from({ length: 50_001 }, (_, index) => `Row ${index}`)].join('\n');
    await refused(
      Buffer.from(rows),
      byName,
      'The file has 50,001 rows; at most 50,000 can be imported at once. Split it into smaller files.',
    );
  });

  it('no rows, or no usable row', async () => {
    await refused(fixture('header-only.csv'), byName, 'The file has a header row but no rows to import.');
    await refused(
      Buffer.from('Review,Stars\n,5\nGood,9\n'),
      { content: 'Review', rating: 'Stars' },
      /^None of the rows can be imported \(line 2: The content is blank; line 3: The rating "9"/,
    );
  });

  it('no file part', async () => {
    await refused(null, byName, /Send the CSV file as multipart\/form-data/);
  });
});

describe('plans', () => {
  it('refuses importing on the free plan (403)', async () => {
    const cookie = await target.signInAs('import-free@example.com');
    const id = await createBrand(cookie, 'Free Beans');
    const response = await postImport(cookie, fixture('bad-rows.csv'), { brand: id, mapping: { content: 'Comment' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: featureLimitMessage('free', 'consumerInsights'), code: 'plan_feature' });
  });

  it('keeps what fits a starter plan and says how many were not kept; refuses once full (403)', async () => {
    const email = 'import-starter@example.com';
    const cookie = await target.signInAs(email);
    await setPlan(target.database, email, 'starter');
    const id = await createBrand(cookie, 'Starter Beans');
    const task = await importAndWait(cookie, fixture('reviews-1000.csv'), { brand: id });
    expect(task.result).toMatchObject({ rows: 1000, added: 200, notKeptForPlan: 800, duplicates: 0 });
    expect(await storedCount(id)).toBe(200);
    const full = await postImport(cookie, fixture('reviews-1000.csv'), { brand: id });
    expect(full.statusCode).toBe(403);
    expect(full.json()).toEqual({ message: insightLimitMessage('starter'), code: 'plan_limit' });
  }, 120_000);
});

describe('access', () => {
  it('answers 401 when signed out', async () => {
    expect((await postImport(null, fixture('bad-rows.csv'))).statusCode).toBe(401);
    const anyId = crypto.randomUUID();
    const response = await target.app.inject({ method: 'GET', url: `/api/consumer-insights/imports/${anyId}` });
    expect(response.statusCode).toBe(401);
  });

  it("answers 404 for another user's brand and import", async () => {
    const response = await postImport(stranger, fixture('bad-rows.csv'), { mapping: { content: 'Comment' } });
    expect(response.statusCode).toBe(404);
    const [ownerRow] = await target.database.db.select().from(users).where(eq(users.email, 'import-owner@example.com'));
    const [task] = await target.database.db.select().from(taskProgress).where(eq(taskProgress.userId, ownerRow!.id));
    const read = (cookie: string) =>
      target.app.inject({ method: 'GET', url: `/api/consumer-insights/imports/${task!.id}`, headers: { cookie } });
    expect((await read(owner)).statusCode).toBe(200);
    expect((await read(stranger)).statusCode).toBe(404);
    // An import is not a discovery: the other route does not find it.
    const asDiscovery = await target.app.inject({
      method: 'GET',
      url: `/api/consumer-insights/discoveries/${task!.id}`,
      headers: { cookie: owner },
    });
    expect(asDiscovery.statusCode).toBe(404);
  });
});
