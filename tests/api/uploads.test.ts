import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles } from '../../src/server/db/schema/index.ts';
import { createTestApp, multipartFile, type TestApp } from '../helpers/app.ts';

let target: TestApp;
let owner: string;
let stranger: string;
let uploadDir: string;
let png: Buffer;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-uploads-'));
  target = await createTestApp({ env: { UPLOAD_DIR: uploadDir } });
  owner = await target.signInAs('uploader@example.com');
  stranger = await target.signInAs('stranger@example.com');
  png = await sharp({ create: { width: 64, height: 32, channels: 4, background: '#3355ff80' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await target.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

async function upload(cookie: string | undefined, content: Buffer, fileName = 'logo.png', contentType = 'image/png') {
  const body = multipartFile(content, { fileName, contentType });
  return target.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

/**
 * A real HTTP upload, sent in 64 KB chunks as a browser would stream it. The chunks are aligned
 * to the file's first byte, so one of them ends exactly at 10 MB: the case where the parser's
 * cut-off fell between chunks and a truncated file passed as whole.
 */
function streamUpload(url: string, cookie: string, content: Buffer, fileName: string) {
  const body = multipartFile(content, { fileName, contentType: 'image/png' });
  const fileStart = body.payload.indexOf('\r\n\r\n') + 4;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { ...body.headers, cookie } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    Readable.from(
      (async function* () {
        yield body.payload.subarray(0, fileStart);
        for (let offset = fileStart; offset < body.payload.length; offset += 64 * 1024) {
          // Hand each chunk over on its own turn of the event loop, as a network would.
          await new Promise((next) => setImmediate(next));
          yield body.payload.subarray(offset, offset + 64 * 1024);
        }
      })(),
    ).pipe(request);
  });
}

describe('POST /api/upload', () => {
  it('stores an image under a random name and describes it', async () => {
    const response = await upload(owner, png, 'Our Logo.png');
    expect(response.statusCode).toBe(200);
    const file = response.json();
    expect(file).toMatchObject({ originalName: 'Our Logo.png', size: png.length, mimetype: 'image/png' });
    expect(file.url).toMatch(/^\/api\/uploads\/[a-f0-9-]{36}\.png$/);
    expect(fs.readdirSync(uploadDir)).toContain(file.url.split('/').at(-1));
  });

  it('judges the type by content, not by the name or the claimed type', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const asPdf = await upload(owner, pdf, 'brand-guide.png', 'image/png');
    expect(asPdf.json()).toMatchObject({ mimetype: 'application/pdf' });

    const text = await upload(owner, Buffer.from('just some text'), 'fake.png', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('fake.png is not an image or PDF. Accepted: PNG, JPEG, GIF, WebP, SVG, PDF.');
  });

  it('accepts a plain SVG, and keeps only the safe drawing of a hostile one', async () => {
    const plain = await upload(
      owner,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>'),
      'logo.svg',
    );
    expect(plain.json()).toMatchObject({ mimetype: 'image/svg+xml' });
    const hostile = await upload(
      owner,
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg" onload="alert(1)">' +
          '<svg:script>alert(1)</svg:script><script>alert(2)</script><foreignObject><div/></foreignObject>' +
          '<use href="https://evil.example/x.svg#a"/><rect width="4" height="4" fill="#123456"/></svg>',
      ),
      'evil.svg',
    );
    expect(hostile.statusCode).toBe(200);
    const stored = await target.app.inject({ method: 'GET', url: hostile.json().url, headers: { cookie: owner } });
    expect(stored.headers['content-type']).toBe('image/svg+xml');
    expect(stored.body).toContain('<rect width="4" height="4" fill="#123456"></rect>');
    expect(stored.body).not.toMatch(/script|onload|foreignObject|evil\.example/i);
    expect(hostile.json().size).toBe(stored.rawPayload.length);

    const entities = await upload(
      owner,
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
      ),
      'entities.svg',
    );
    expect(entities.statusCode).toBe(415);
    expect(entities.json().code).toBe('unsupported_media_type');
  });

  it('refuses a file name with a control character, naming it, with nothing stored', async () => {
    const before = fs.readdirSync(uploadDir).length;
    const response = await upload(owner, png, 'logo\u0000.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The file name contains a control character', code: 'validation' });
    expect(fs.readdirSync(uploadDir)).toHaveLength(before);
  });

  it('refuses files over 10 MB with 413', async () => {
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(owner, big, 'huge.png');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('huge.png exceeds 10MB limit');
  });

  it('accepts exactly 10 MB and refuses 10 MB and one byte', async () => {
    const exact = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 - png.length)]);
    const accepted = await upload(owner, exact, 'exact.png');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().size).toBe(10 * 1024 * 1024);
    const over = await upload(owner, Buffer.concat([exact, Buffer.from([0])]), 'over.png');
    expect(over.statusCode).toBe(413);
  });

  it('refuses an 11 MB upload streamed over a socket every time, writing nothing', async () => {
    const address = await target.app.listen({ port: 0, host: '127.0.0.1' });
    const filesBefore = fs.readdirSync(uploadDir).length;
    const [rowsBefore] = await target.database.db.select({ value: count() }).from(uploadedFiles);
    const eleven = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024 - png.length, 7)]);
    for (let attempt = 0; attempt < 5; attempt++) {
      const { status, body } = await streamUpload(`${address}/api/upload`, owner, eleven, `big-${attempt}.png`);
      expect(status, `attempt ${attempt}`).toBe(413);
      expect(JSON.parse(body).message).toBe(`big-${attempt}.png exceeds 10MB limit`);
    }
    expect(fs.readdirSync(uploadDir)).toHaveLength(filesBefore);
    const [rowsAfter] = await target.database.db.select({ value: count() }).from(uploadedFiles);
    expect(rowsAfter?.value).toBe(rowsBefore?.value);
  });

  it('answers 415 when the body is not multipart, and 400 when the part is not named file', async () => {
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: { file: 'nope' },
      headers: { cookie: owner },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Send the request body as multipart/form-data');
    const body = multipartFile(png, { fieldName: 'logo' });
    const misnamed = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie: owner },
    });
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().message).toBe("Send the file as multipart/form-data in a part named 'file'");
  });

  it('answers 400, not 500, for a truncated or malformed multipart body', async () => {
    const truncated = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { cookie: owner, 'content-type': 'multipart/form-data; boundary=----x' },
    });
    expect(truncated.statusCode).toBe(400);
    const noBoundary = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: 'garbage',
      headers: { cookie: owner, 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('answers 401 when signed out', async () => {
    const response = await upload(undefined, png);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/uploads/{key}', () => {
  it('serves the file to its owner with nosniff, and 404 to anyone else', async () => {
    const { url } = (await upload(owner, png)).json();
    const mine = await target.app.inject({ method: 'GET', url, headers: { cookie: owner } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload.equals(png)).toBe(true);

    const theirs = await target.app.inject({ method: 'GET', url, headers: { cookie: stranger } });
    expect(theirs.statusCode).toBe(404);
    const signedOut = await target.app.inject({ method: 'GET', url });
    expect(signedOut.statusCode).toBe(401);
    fs.rmSync(path.join(uploadDir, url.split('/').at(-1)));
    const missing = await target.app.inject({ method: 'GET', url, headers: { cookie: owner } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'File not found' });
    const unknown = await target.app.inject({
      method: 'GET',
      url: '/api/uploads/../../etc/passwd',
      headers: { cookie: owner },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
