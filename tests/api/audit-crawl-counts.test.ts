import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../../src/server/db/schema/index.ts';
import { crawlCountsText } from '../../src/shared/crawl-counts.ts';
import { ZAuditDetail } from '../../src/shared/schemas/audits.ts';
import { auditDetailFixture } from '../fixtures/audit-detail.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { pdfWorkspace } from '../helpers/pdf.ts';
import { seedCompletedAudit } from '../helpers/seed.ts';

let target: TestApp;
let owner: string;
let auditId: string;
const pdfs = pdfWorkspace('crawl-counts-');

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('crawl-counts@example.com');
  const seeded = await seedCompletedAudit(target.database, 'crawl-counts@example.com');
  auditId = seeded.audit.id;
  // 13 addresses answered (a 404, a PDF and a redirect to a page already read among them), 11 were HTML pages
  const analysis = {
    ...auditDetailFixture.analysis,
    crawl: { ...auditDetailFixture.analysis?.crawl, pages: 13, pagesAnalysed: 11 },
  };
  await target.database.db.update(audits).set({ analysis }).where(eq(audits.id, auditId));
});
afterAll(async () => {
  pdfs.remove();
  await target.close();
});

describe('crawled page counts on the report screen and in the PDF', () => {
  it('agree for the same audit, under the same names', async () => {
    const answer = await target.app.inject({
      method: 'GET',
      url: `/api/audits/${auditId}`,
      headers: { cookie: owner },
    });
    expect(answer.statusCode).toBe(200);
    const crawl = ZAuditDetail.parse(answer.json()).analysis?.crawl;
    expect(crawl).toMatchObject({ pages: 13, pagesAnalysed: 11 });
    const pdf = await target.app.inject({
      method: 'POST',
      url: `/api/audits/${auditId}/pdf`,
      headers: { cookie: owner },
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = pdfs.inspect('crawl-counts', pdf.rawPayload);
    if (!text) return;
    // the screen shows crawlCountsText of the answer it renders, and tiles of the same two numbers
    expect(crawlCountsText(crawl!)).toBe('13 pages crawled, 11 analysed');
    expect(text).toContain(crawlCountsText(crawl!));
    // the cover's facts, letter-spaced in the PDF: both counts under the screen's names
    expect(text.replace(/\s/g, '')).toContain('PAGESCRAWLEDPAGESANALYSED');
  });
});
