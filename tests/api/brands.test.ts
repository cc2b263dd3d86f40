import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createTestApp, multipartFile, type TestApp } from '../helpers/app.ts';

let target: TestApp;
let owner: string;
let stranger: string;

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('brand-owner@example.com');
  stranger = await target.signInAs('brand-stranger@example.com');
});
afterAll(async () => {
  await target.close();
});

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function setPlan(email: string, planType: 'free' | 'smb' | 'agency', maxBrands: number) {
  await target.database.db.update(users).set({ planType, maxBrands }).where(eq(users.email, email));
}

describe('brands', () => {
  let brandId: string;

  it('creates a brand with a normalised website, palette, fonts and an uploaded logo', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#000' } })
      .png()
      .toBuffer();
    const body = multipartFile(png, { contentType: 'image/png' });
    const logo = (
      await target.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: { ...body.headers, cookie: owner },
      })
    ).json();
    const response = await inject('POST', '/api/brands', owner, {
      name: '  Acme Coffee ',
      websiteUrl: 'acme-coffee.co.uk',
      instagramHandle: '@acmecoffee',
      twitterHandle: '',
      colourPalette: ['#1A2B3C', '#FFFFFF'],
      fonts: ['Inter'],
      logoUrl: logo.url,
      userId: 'ignored-by-the-server',
    });
    expect(response.statusCode).toBe(201);
    const brand = response.json();
    expect(brand).toMatchObject({
      name: 'Acme Coffee',
      websiteUrl: 'https://acme-coffee.co.uk',
      instagramHandle: '@acmecoffee',
      twitterHandle: null,
      colourPalette: ['#1A2B3C', '#FFFFFF'],
      fonts: ['Inter'],
      logoUrl: logo.url,
      readOnly: false,
      readOnlyReason: null,
    });
    brandId = brand.id;
    const list = await inject('GET', '/api/brands', owner);
    expect(list.json().map((b: { id: string }) => b.id)).toEqual([brandId]);
  });

  it('answers 400 with the form messages for bad input', async () => {
    const noName = await inject('POST', '/api/brands', owner, { name: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Brand name is required');
    const badUrl = await inject('POST', '/api/brands', owner, { name: 'X', websiteUrl: 'not a website' });
    expect(badUrl.json().message).toBe('Please enter a valid website URL');
    const foreignLogo = await inject('POST', '/api/brands', owner, {
      name: 'X',
      logoUrl: '/api/uploads/0000-aaaa.png',
    });
    expect(foreignLogo.statusCode).toBe(400);
    expect(foreignLogo.json().message).toBe('Upload the logo first');
  });

  it('keeps uploaded brand assets with the brand, and only the account’s own uploads', async () => {
    const pdf = multipartFile(Buffer.from('%PDF-1.4\n%%EOF'), {
      fileName: 'guidelines.pdf',
      contentType: 'application/pdf',
    });
    const asset = (
      await target.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: pdf.payload,
        headers: { ...pdf.headers, cookie: owner },
      })
    ).json();
    const updated = await inject('PATCH', `/api/brands/${brandId}`, owner, { assets: [asset] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().assets).toEqual([asset]);
    const foreign = await inject('PATCH', `/api/brands/${brandId}`, owner, {
      assets: [{ ...asset, url: '/api/uploads/0000-bbbb.pdf' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Upload the brand asset first');
  });

  it('enforces maxBrands on the server with 403 plan_limit', async () => {
    const response = await inject('POST', '/api/brands', owner, { name: 'Second brand' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Maximum brands limit (1) reached.', code: 'plan_limit' });
    await setPlan('brand-owner@example.com', 'smb', 5);
    const allowed = await inject('POST', '/api/brands', owner, { name: 'Second brand' });
    expect(allowed.statusCode).toBe(201);
  });

  it('edits and deletes a brand', async () => {
    const patched = await inject('PATCH', `/api/brands/${brandId}`, owner, { websiteUrl: 'https://acme.example.com' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ websiteUrl: 'https://acme.example.com', name: 'Acme Coffee' });
    const invalid = await inject('PATCH', `/api/brands/${brandId}`, owner, { name: '' });
    expect(invalid.statusCode).toBe(400);
    const created = await inject('POST', '/api/brands', owner, { name: 'Short-lived' });
    const removed = await inject('DELETE', `/api/brands/${created.json().id}`, owner);
    expect(removed.statusCode).toBe(204);
    const gone = await inject('GET', `/api/brands/${created.json().id}`, owner);
    expect(gone.statusCode).toBe(404);
  });

  it('answers 401 when signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/brands'],
      ['POST', '/api/brands'],
      ['GET', `/api/brands/${brandId}`],
      ['PATCH', `/api/brands/${brandId}`],
      ['DELETE', `/api/brands/${brandId}`],
    ] as const) {
      const response = await inject(
        method,
        url,
        undefined,
        method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' },
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("gives another user 404 for someone else's brand and hides it from their list", async () => {
    expect((await inject('GET', `/api/brands/${brandId}`, stranger)).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/brands/${brandId}`, stranger, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/brands/${brandId}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', '/api/brands', stranger)).json()).toEqual([]);
    expect((await inject('GET', '/api/brands/not-a-uuid', owner)).statusCode).toBe(404);
  });
});
