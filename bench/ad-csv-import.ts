/**
 * How long a 20 MB CSV file of ads takes to import (the import runs in the request):
 * - directly: decoding, parsing and mapping its rows in this process;
 * - through the product: POST /api/ad-library/import (on PostgreSQL when TEST_DATABASE_URL is set,
 *   else the embedded database), then the same file
 *   again, which finds every ad stored and updates it.
 *
 * The rows are generated here: two competitors, three platforms, one ad id each.
 */
import { eq } from 'drizzle-orm';
import { users } from '../src/server/db/schema/index.ts';
import { mapAdCsvRows } from '../src/server/integrations/ad-sources/csv/map-ad-rows.ts';
import { readCsvFile } from '../src/server/integrations/insight-sources/csv/csv-import.ts';
import { MAX_AD_CSV_ROWS, type TAdCsvMapping } from '../src/shared/ad-csv.ts';
import { createTestApp } from '../tests/helpers/app.ts';

const TARGET_BYTES = 20 * 1024 * 1024 - 1024;
const COMPETITORS = ['Bean There', 'Grind House'];
const MAPPING: TAdCsvMapping = {
  competitor: 'Advertiser',
  platform: 'Platform',
  adText: 'Ad Copy',
  adTitle: 'Headline',
  landingPageUrl: 'Landing Page',
  firstSeenAt: 'Start Date',
  adId: 'Ad ID',
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function generatedFile(): { bytes: Buffer; rows: number } {
  const lines = ['Advertiser,Platform,Ad Copy,Headline,Landing Page,Start Date,Ad ID'];
  let size = Buffer.byteLength(lines[0]!) + 1;
  for (let index = 0; ; index++) {
    const line = `${COMPETITORS[index % 2]},${['meta', 'google', 'tiktok'][index % 3]},"Fresh beans roasted on Monday and at your door by Wednesday, subscribe today and save twenty percent on every bag, offer ${index}. Free delivery over £25, cancel any time.",Coffee that arrives fresh ${index},https://beanthere.example/subscribe?offer=${index},2026-01-05,AD-${index}`;
    const next = size + Buffer.byteLength(line) + 1;
    if (next > TARGET_BYTES) return { bytes: Buffer.from(lines.join('\n')), rows: index };
    lines.push(line);
    size = next;
  }
}

function multipart(fields: Record<string, string>, file: Buffer) {
  const boundary = `----bench${crypto.randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ads.csv"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function measureAdCsvImport() {
  const { bytes, rows } = generatedFile();
  console.log(`\nAd CSV import of ${(bytes.length / 1024 / 1024).toFixed(1)} MB (${rows.toLocaleString('en-GB')} ads)`);
  let started = performance.now();
  const table = readCsvFile(bytes, MAX_AD_CSV_ROWS, 'the ads');
  const parsedMs = performance.now() - started;
  started = performance.now();
  const competitors = COMPETITORS.map((name, index) => ({ id: String(index), name }));
  const mapped = mapAdCsvRows(table, MAPPING, { competitors });
  const mappedMs = performance.now() - started;
  if (mapped.items.length !== rows) throw new Error(`${mapped.badRows.length} rows were bad`);
  console.log(`  directly: decode and parse ${seconds(parsedMs)}, map ${seconds(mappedMs)}`);

  const target = await createTestApp();
  try {
    const email = 'bench-ads@example.com';
    const cookie = await target.signInAs(email);
    await target.database.db.update(users).set({ planType: 'smb', maxBrands: 5 }).where(eq(users.email, email));
    const inject = (url: string, payload: object) =>
      target.app.inject({ method: 'POST', url, payload, headers: { cookie } });
    const brandId = (await inject('/api/brands', { name: 'Bench Coffee' })).json().id;
    for (const name of COMPETITORS) await inject('/api/competitors', { brandId, name });
    const body = multipart({ brandId, mapping: JSON.stringify(MAPPING) }, bytes);
    for (const run of ['first import', 'same file again']) {
      started = performance.now();
      const response = await target.app.inject({
        method: 'POST',
        url: '/api/ad-library/import',
        payload: body.payload,
        headers: { cookie, 'content-type': body.contentType },
      });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`the import failed: ${response.body.slice(0, 300)}`);
      const { added, updated } = response.json();
      console.log(
        `  through the API (${target.database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'}), ${run}: ${seconds(ms)}, ${added} added, ${updated} updated`,
      );
    }
  } finally {
    await target.close();
  }
}
