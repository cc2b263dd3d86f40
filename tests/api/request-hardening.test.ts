import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, uploadedFiles } from '../../src/server/db/schema/index.ts';
import { createTestApp, multipartFile, type TestApp } from '../helpers/app.ts';
import { seedCompletedAudit, setPlan } from '../helpers/seed.ts';

let target: TestApp;
let owner: string;
let auditId: string;
let uploadDir: string;
const ownOrigin = 'http://localhost:5000';

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-hardening-'));
  target = await createTestApp({ env: { UPLOAD_DIR: uploadDir } });
  owner = await target.signInAs('guarded@example.com');
  const seeded = await seedCompletedAudit(target.database, 'guarded@example.com');
  auditId = seeded.audit.id;
  // A plan that includes recommendations, so only the cross-site rule can stop the request.
  await setPlan(target.database, 'guarded@example.com', 'smb');
});

afterAll(async () => {
  await target.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const brandCount = async () => (await target.database.db.select({ value: count() }).from(brands))[0]?.value;

describe('cross-site requests', () => {
  const regenerate = (headers: Record<string, string>, payload?: string) =>
    target.app.inject({
      method: 'POST',
      url: `/api/audits/${auditId}/marketing-recommendations`,
      headers: { cookie: owner, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  it('refuses a post whose Origin is another site, doing nothing', async () => {
    const forged = await regenerate({ origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: 'Cross-site requests are not accepted', code: 'forbidden' });
    const saved = await target.app.inject({
      method: 'GET',
      url: `/api/audits/${auditId}/marketing-recommendations`,
      headers: { cookie: owner },
    });
    expect(saved.json().recommendations).toBeNull();
  });

  it('refuses Sec-Fetch-Site cross-site even without an Origin, and a null Origin', async () => {
    expect((await regenerate({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await regenerate({ origin: 'null' })).statusCode).toBe(403);
    expect((await regenerate({ origin: 'null', 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
  });

  it('refuses form and text bodies on JSON routes with 415', async () => {
    const before = await brandCount();
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await target.app.inject({
        method: 'POST',
        url: '/api/brands',
        headers: { cookie: owner, origin: ownOrigin, 'content-type': contentType },
        payload: contentType.startsWith('text') ? '{"name":"Forged"}' : 'name=Forged',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toEqual({ message: 'Send the request body as JSON', code: 'unsupported_media_type' });
    }
    expect((await regenerate({ origin: ownOrigin, 'content-type': 'text/plain' }, 'x')).statusCode).toBe(415);
    expect(await brandCount()).toBe(before);
  });

  it('refuses a cross-site upload, writing nothing', async () => {
    const [before] = await target.database.db.select({ value: count() }).from(uploadedFiles);
    const body = multipartFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { fileName: 'x.svg' });
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie: owner, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    const [after] = await target.database.db.select({ value: count() }).from(uploadedFiles);
    expect(after?.value).toBe(before?.value);
    expect(fs.readdirSync(uploadDir)).toHaveLength(0);
  });

  it('allows its own pages (same-origin, same-site, none) and clients that send neither header', async () => {
    const allowed: Record<string, string>[] = [
      { origin: ownOrigin, 'sec-fetch-site': 'same-origin' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const [index, headers] of allowed.entries()) {
      const response = await target.app.inject({
        method: 'PATCH',
        url: `/api/brands/${(await target.database.db.select().from(brands))[0]?.id}`,
        headers: { cookie: owner, ...headers },
        payload: { name: `Acme ${index}` },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('leaves reading alone: a cross-site GET is answered', async () => {
    const response = await target.app.inject({
      method: 'GET',
      url: '/api/brands',
      headers: { cookie: owner, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('free text and website addresses', () => {
  const createBrand = (payload: Record<string, unknown>) =>
    target.app.inject({ method: 'POST', url: '/api/brands', headers: { cookie: owner }, payload });

  it.each([
    [{ name: 'Acme\u0000Coffee' }, 'Brand name contains a control character'],
    [{ name: 'Acme', instagramHandle: 'acme\u0007' }, 'Instagram handle contains a control character'],
    [{ name: 'Acme', facebookHandle: 'acme\u0085' }, 'Facebook handle contains a control character'],
    [{ name: 'Acme', fonts: ['Inter\u007f'] }, 'Font name contains a control character'],
    [{ name: 'Acme', websiteUrl: 'https://acme.example/\u0000' }, 'Website URL contains a control character'],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const response = await createBrand(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'validation' });
  });

  it.each(['https://user:secret@acme.example', 'user@acme.example', 'https://:pw@acme.example/path'])(
    'refuses a website address with credentials: %s',
    async (websiteUrl) => {
      const response = await createBrand({ name: 'Acme', websiteUrl });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Website addresses cannot contain a user name or password: enter the address without them',
      );
      const brandId = (await target.database.db.select().from(brands))[0]?.id;
      const patched = await target.app.inject({
        method: 'PATCH',
        url: `/api/brands/${brandId}`,
        headers: { cookie: owner },
        payload: { websiteUrl },
      });
      expect(patched.statusCode).toBe(400);
    },
  );
});
