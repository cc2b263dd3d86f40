import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, whiteLabelSettings } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedCompletedAudit, setPlan } from '../helpers/seed.ts';

let target: TestApp;
let owner: string;
let stranger: string;
let auditId: string;
const dir = mkdtempSync(path.join(tmpdir(), 'recommendations-pdf-api-'));

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('pdf-strategist@example.com');
  stranger = await target.signInAs('pdf-stranger@example.com');
  auditId = (await seedCompletedAudit(target.database, 'pdf-strategist@example.com')).audit.id;
  await setPlan(target.database, 'pdf-strategist@example.com', 'starter');
});
afterAll(async () => {
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

const inject = (method: 'GET' | 'POST', url: string, cookie?: string) =>
  target.app.inject({ method, url, headers: cookie ? { cookie } : {} });
const pdfUrl = () => `/api/audits/${auditId}/marketing-recommendations/pdf`;

function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function textOf(pdf: Buffer): string {
  const file = path.join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('POST /api/audits/{id}/marketing-recommendations/pdf', () => {
  it('answers 409 until the recommendations are generated', async () => {
    const response = await inject('POST', pdfUrl(), owner);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Generate the recommendations first');
  });

  it('renders the saved recommendations as a PDF download', async () => {
    const generated = await inject('POST', `/api/audits/${auditId}/marketing-recommendations`, owner);
    expect(generated.statusCode).toBe(200);
    const firstStrategy: string = generated.json().recommendations.marketingStrategies[0].strategy;

    const response = await inject('POST', pdfUrl(), owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="brandlens-acme-coffee-marketing-recommendations-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (!hasPdftotext()) return;
    const text = textOf(response.rawPayload);
    expect(text).toContain(firstStrategy);
    expect(text).toContain('Based on');
    expect(text).toContain('Brandlens marketing recommendations');
  });

  it('uses the owner’s white-label branding on the agency plan', async () => {
    const [user] = await target.database.db
      .update(users)
      .set({ planType: 'agency', maxBrands: 999 })
      .where(eq(users.email, 'pdf-strategist@example.com'))
      .returning();
    await target.database.db.insert(whiteLabelSettings).values({
      userId: user!.id,
      companyName: 'Northbank Digital',
      primaryColor: '#0E7490',
      secondaryColor: '#F59E0B',
      contactEmail: 'hello@northbank.digital',
    });
    const response = await inject('POST', pdfUrl(), owner);
    expect(response.statusCode).toBe(200);
    if (!hasPdftotext()) return;
    const text = textOf(response.rawPayload);
    expect(text).toContain('Prepared by Northbank Digital');
    expect(text).toContain('Northbank Digital marketing recommendations');
    expect(text).not.toContain('Brandlens');
  });

  it('answers 401 signed out and 404 for another user’s audit', async () => {
    expect((await inject('POST', pdfUrl())).statusCode).toBe(401);
    const response = await inject('POST', pdfUrl(), stranger);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Acme');
    expect((await inject('POST', '/api/audits/not-an-id/marketing-recommendations/pdf', owner)).statusCode).toBe(404);
  });
});
