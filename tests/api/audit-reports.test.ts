import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditReports, brands } from '../../src/server/db/schema/index.ts';
import { createTestApp, multipartFile, type TestApp } from '../helpers/app.ts';
import { seedCompletedAudit } from '../helpers/seed.ts';

let target: TestApp;
let owner: string;
let stranger: string;
let auditId: string;
let brandId: string;

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('reporter@example.com');
  stranger = await target.signInAs('report-stranger@example.com');
  const seeded = await seedCompletedAudit(target.database, 'reporter@example.com');
  auditId = seeded.audit.id;
  brandId = seeded.brand.id;
});
afterAll(async () => {
  await target.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

describe('POST /api/audits/{id}/pdf', () => {
  it('renders the audit as a PDF download', async () => {
    const response = await inject('POST', `/api/audits/${auditId}/pdf`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="brandlens-acme-coffee-audit-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 401 signed out and 404 to another user', async () => {
    expect((await inject('POST', `/api/audits/${auditId}/pdf`)).statusCode).toBe(401);
    expect((await inject('POST', `/api/audits/${auditId}/pdf`, stranger)).statusCode).toBe(404);
  });
});

describe('sharing an audit', () => {
  let token: string;

  it('creates a public report with a long random token', async () => {
    const response = await inject('POST', `/api/audits/${auditId}/share`, owner, {});
    expect(response.statusCode).toBe(200);
    const share = response.json();
    expect(share).toMatchObject({ isPublic: true, maxDownloads: -1, downloadCount: 0 });
    expect(share.shareableToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(share.path).toBe(`/reports/${share.shareableToken}`);
    token = share.shareableToken;
    const again = await inject('POST', `/api/audits/${auditId}/share`, owner, {});
    expect(again.json().shareableToken).toBe(token);
    const detail = await inject('GET', `/api/audits/${auditId}`, owner);
    expect(detail.json().report).toEqual({ shareableToken: token, isPublic: true });
  });

  it('shows the shared audit to anyone, without the owner’s account', async () => {
    const response = await inject('GET', `/api/reports/${token}`);
    expect(response.statusCode).toBe(200);
    const shared = response.json();
    expect(shared.audit).toMatchObject({ id: auditId, status: 'completed', brand: { name: 'Acme Coffee' } });
    expect(shared.branding).toBeNull();
    expect(response.body).not.toContain('reporter@example.com');
    expect(shared.audit.brand.userId).toBeUndefined();
  });

  it('honours maxDownloads and counts downloads', async () => {
    await inject('POST', `/api/audits/${auditId}/share`, owner, { maxDownloads: 1 });
    const first = await inject('GET', `/api/reports/${token}/pdf`);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const second = await inject('GET', `/api/reports/${token}/pdf`);
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe('This report has reached its download limit');
    const [report] = await target.database.db.select().from(auditReports);
    expect(report?.downloadCount).toBe(1);
    const remaining = await inject('GET', `/api/reports/${token}`);
    expect(remaining.json().downloadsRemaining).toBe(0);
  });

  it('serves the brand logo of a shared report, and nothing for a brand without one', async () => {
    expect((await inject('GET', `/api/reports/${token}/logo`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/reports/${token}/branding-logo`)).statusCode).toBe(404);
    const png = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#123456' } })
      .png()
      .toBuffer();
    const body = multipartFile(png, { contentType: 'image/png' });
    const upload = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie: owner },
    });
    await target.database.db.update(brands).set({ logoUrl: upload.json().url }).where(eq(brands.id, brandId));
    const logo = await inject('GET', `/api/reports/${token}/logo`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
  });

  it('validates the share settings', async () => {
    const response = await inject('POST', `/api/audits/${auditId}/share`, owner, { maxDownloads: -5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Use -1 for unlimited downloads');
  });

  it('stops sharing: the link then answers 404', async () => {
    expect((await inject('DELETE', `/api/audits/${auditId}/share`, owner)).statusCode).toBe(204);
    expect((await inject('GET', `/api/reports/${token}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/reports/${token}/pdf`)).statusCode).toBe(404);
  });

  it('shares again under a new link: the old one stays dead', async () => {
    const again = await inject('POST', `/api/audits/${auditId}/share`, owner, {});
    expect(again.statusCode).toBe(200);
    const renewed = again.json().shareableToken;
    expect(renewed).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(renewed).not.toBe(token);
    expect((await inject('GET', `/api/reports/${renewed}`)).statusCode).toBe(200);
    expect((await inject('GET', `/api/reports/${token}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/reports/${token}/pdf`)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/audits/${auditId}/share`, owner)).statusCode).toBe(204);
    expect((await inject('GET', `/api/reports/${renewed}`)).statusCode).toBe(404);
  });

  it('answers 404 for unknown or malformed tokens, 401 signed out and 404 for another user', async () => {
    expect((await inject('GET', '/api/reports/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await inject('GET', '/api/reports/short')).statusCode).toBe(404);
    expect((await inject('POST', `/api/audits/${auditId}/share`, undefined, {})).statusCode).toBe(401);
    expect((await inject('POST', `/api/audits/${auditId}/share`, stranger, {})).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/audits/${auditId}/share`, stranger)).statusCode).toBe(404);
  });
});
