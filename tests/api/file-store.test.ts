/**
 * The file store: its S3 implementation against a loopback S3 double (streamed puts, multipart past
 * 5 MB, reads, removal, a missing key, readiness), the local one on disk, and the app kept on S3:
 * uploads land in the bucket, are served from it, and go when the brand that showed them is deleted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadedFiles } from '../../src/server/db/schema/index.ts';
import type { FileStore } from '../../src/server/storage/file-store.ts';
import { InvalidFileKeyError } from '../../src/server/storage/file-store.ts';
import { createLocalFileStore } from '../../src/server/storage/local-file-store.ts';
import { createS3FileStore } from '../../src/server/storage/s3-file-store.ts';
import { type S3Double, startS3Double } from '../doubles/s3.ts';
import { createTestApp, multipartFile, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';

const credentials = { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key' };

/** A body of `size` bytes in 256 KB chunks, as a stream that never holds it whole. */
function streamOf(size: number, fill: number): Readable {
  const chunk = Buffer.alloc(256 * 1024, fill);
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += chunk.length)
        yield chunk.subarray(0, Math.min(chunk.length, size - sent));
    })(),
  );
}

async function text(stream: Readable | null) {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** What every store must do, whatever keeps the bytes. */
function describeStoreContract(name: string, storeOf: () => FileStore) {
  describe(`${name}: the file store contract`, () => {
    it('keeps a buffer and gives it back whole and as a stream', async () => {
      const store = storeOf();
      await store.put('uploads/a1b2.txt', Buffer.from('hello, store'), { contentType: 'text/plain' });
      expect((await store.read('uploads/a1b2.txt'))?.toString('utf8')).toBe('hello, store');
      expect(await text(await store.getStream('uploads/a1b2.txt'))).toBe('hello, store');
      expect(await store.exists('uploads/a1b2.txt')).toBe(true);
    });

    it('answers null and false for a key it does not hold', async () => {
      const store = storeOf();
      expect(await store.read('uploads/never-written.png')).toBeNull();
      expect(await store.getStream('uploads/never-written.png')).toBeNull();
      expect(await store.exists('uploads/never-written.png')).toBe(false);
    });

    it('removes a file, and removing it again is no error', async () => {
      const store = storeOf();
      await store.put('outbox/c3d4.eml', Buffer.from('To: a@example.com'), { contentType: 'message/rfc822' });
      await store.remove('outbox/c3d4.eml');
      expect(await store.exists('outbox/c3d4.eml')).toBe(false);
      await expect(store.remove('outbox/c3d4.eml')).resolves.toBeUndefined();
    });

    it('writes a stream as it arrives, replacing what was there', async () => {
      const store = storeOf();
      await store.put('exports/e5f6.zip', Buffer.from('old'), { contentType: 'application/zip' });
      await store.put('exports/e5f6.zip', streamOf(1024 * 1024, 0x61), { contentType: 'application/zip' });
      const content = await store.read('exports/e5f6.zip');
      expect(content?.length).toBe(1024 * 1024);
      expect(content?.every((byte) => byte === 0x61)).toBe(true);
    });

    it('refuses keys that could leave its area', async () => {
      const store = storeOf();
      for (const key of ['../etc/passwd', 'uploads/../../x', '/uploads/a.png', 'uploads//a.png', '']) {
        await expect(store.read(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      }
    });

    it('is ready when it can be reached', async () => {
      await expect(storeOf().check()).resolves.toBeUndefined();
    });
  });
}

describe('the S3 file store', () => {
  let s3: S3Double;
  let store: FileStore;

  beforeAll(async () => {
    s3 = await startS3Double();
    store = createS3FileStore({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials,
    });
  });
  afterAll(async () => {
    await s3?.close();
  });

  describeStoreContract('S3', () => store);

  it('keeps the content type and the key as given', async () => {
    await store.put('uploads/0f0f.png', Buffer.from([0x89, 0x50]), { contentType: 'image/png' });
    expect(s3.objects.get('uploads/0f0f.png')).toEqual({ body: Buffer.from([0x89, 0x50]), contentType: 'image/png' });
    expect(store.locationOf('uploads/0f0f.png')).toBe(`s3://${s3.bucket}/uploads/0f0f.png`);
  });

  it('sends a body past 5 MB in parts (multipart upload), whole in the bucket at the end', async () => {
    const size = 11 * 1024 * 1024 + 123;
    const before = s3.requests.length;
    await store.put('exports/big.zip', streamOf(size, 0x7a), { contentType: 'application/zip' });
    const calls = s3.requests.slice(before);
    expect(calls.filter((call) => call.method === 'POST' && call.query.includes('uploads'))).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'PUT' && call.query.includes('partNumber')).length).toBe(3);
    const stored = s3.objects.get('exports/big.zip');
    expect(stored?.body.length).toBe(size);
    expect(stored?.body.every((byte) => byte === 0x7a)).toBe(true);
  });

  it('is not ready while the store does not answer, and ready again when it does', async () => {
    s3.stop();
    try {
      await expect(store.check()).rejects.toThrow();
    } finally {
      s3.resume();
    }
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('is not ready when the bucket does not exist', async () => {
    const elsewhere = createS3FileStore({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials,
    });
    await expect(elsewhere.check()).rejects.toThrow();
  });
});

describe('the local file store', () => {
  let root: string;
  let store: FileStore;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-file-store-'));
    store = createLocalFileStore({
      uploads: path.join(root, 'uploaded'),
      outbox: path.join(root, 'outbox'),
      exports: path.join(root, 'exports'),
    });
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  describeStoreContract('local disk', () => store);

  it('keeps each area in its own directory and leaves no partial file behind', async () => {
    await store.put('uploads/abcd.png', streamOf(1000, 1), { contentType: 'image/png' });
    expect(fs.readdirSync(path.join(root, 'uploaded'))).toContain('abcd.png');
    expect(fs.readdirSync(path.join(root, 'uploaded')).some((name) => name.endsWith('.partial'))).toBe(false);
    expect(store.locationOf('uploads/abcd.png')).toBe(path.join(root, 'uploaded', 'abcd.png'));
  });

  it('refuses a key outside its areas', async () => {
    await expect(store.put('elsewhere/abcd.png', Buffer.from('x'), { contentType: 'image/png' })).rejects.toThrow(
      /No local directory/,
    );
  });
});

describe('the app with its files on S3', () => {
  let s3: S3Double;
  let target: TestApp;
  let owner: string;
  let stranger: string;
  let png: Buffer;

  beforeAll(async () => {
    // The SDK's usual credential chain, as a deployment gives it.
    vi.stubEnv('AWS_ACCESS_KEY_ID', credentials.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', credentials.secretAccessKey);
    s3 = await startS3Double();
    target = await createTestApp({
      env: { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'true' },
    });
    owner = await target.signInAs('s3-owner@example.com');
    stranger = await target.signInAs('s3-stranger@example.com');
    await setPlan(target.database, 's3-owner@example.com', 'agency');
    png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#c33' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await target?.close();
    await s3?.close();
    vi.unstubAllEnvs();
  });

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

  async function upload(cookie: string) {
    const body = multipartFile(png, { contentType: 'image/png' });
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().url;
    return { url, key: url.split('/').at(-1) as string };
  }

  async function createBrand(cookie: string, name: string, logoUrl?: string, assetUrl?: string) {
    const response = await inject('POST', '/api/brands', cookie, {
      name,
      logoUrl,
      assets: assetUrl ? [{ url: assetUrl, originalName: 'asset.png', size: png.length, mimetype: 'image/png' }] : [],
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }

  it('is ready only while the bucket answers (/readyz checks storage)', async () => {
    const ready = await inject('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.storage).toBe('ok');
    s3.stop();
    try {
      const unready = await inject('GET', '/readyz');
      expect(unready.statusCode).toBe(503);
      expect(unready.json().checks.storage).toBe('failing');
    } finally {
      s3.resume();
    }
  });

  it('keeps an upload in the bucket under uploads/ and serves it from there', async () => {
    const { url, key } = await upload(owner);
    expect(s3.objects.get(`uploads/${key}`)?.body.equals(png)).toBe(true);
    expect(s3.objects.get(`uploads/${key}`)?.contentType).toBe('image/png');
    const served = await inject('GET', url, owner);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await inject('GET', url, stranger)).statusCode).toBe(404);
    expect((await inject('GET', url)).statusCode).toBe(401);
  });

  it('answers a plain 404 when the bucket no longer holds an upload', async () => {
    const { url, key } = await upload(owner);
    s3.objects.delete(`uploads/${key}`);
    const response = await inject('GET', url, owner);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'File not found', code: 'not_found' });
  });

  it("removes a deleted brand's logo and assets from the bucket, and their records", async () => {
    const logo = await upload(owner);
    const asset = await upload(owner);
    const brandId = await createBrand(owner, 'Gone Coffee', logo.url, asset.url);
    expect((await inject('DELETE', `/api/brands/${brandId}`, stranger)).statusCode).toBe(404);
    expect(s3.objects.has(`uploads/${logo.key}`)).toBe(true);

    expect((await inject('DELETE', `/api/brands/${brandId}`, owner)).statusCode).toBe(204);
    expect(s3.objects.has(`uploads/${logo.key}`)).toBe(false);
    expect(s3.objects.has(`uploads/${asset.key}`)).toBe(false);
    const rows = await target.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.storageKey, logo.key));
    expect(rows).toEqual([]);
    expect((await inject('GET', logo.url, owner)).statusCode).toBe(404);
  });

  it('keeps a logo another brand still shows', async () => {
    const logo = await upload(owner);
    const first = await createBrand(owner, 'First Shared', logo.url);
    await createBrand(owner, 'Second Shared', logo.url);
    expect((await inject('DELETE', `/api/brands/${first}`, owner)).statusCode).toBe(204);
    expect(s3.objects.has(`uploads/${logo.key}`)).toBe(true);
    expect((await inject('GET', logo.url, owner)).statusCode).toBe(200);
  });
});
