import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/server/db/schema/index.ts';
import { noInsightsForReportMessage } from '../../src/shared/schemas/sentiment-reports.ts';
import { type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { planMentions } from '../fixtures/sentiment-reports/mentions.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedBrand, seedMentions } from '../helpers/seed-insights.ts';

let smtp: SmtpDouble;
let target: WorkingTestApp;
let owner: string;
let stranger: string;
let brandId: string;
let emptyBrandId: string;

beforeAll(async () => {
  smtp = await startSmtpDouble();
  target = await createWorkingTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Brandlens <reports@brandlens.test>' } });
  owner = await target.signInAs('mailer@example.com');
  stranger = await target.signInAs('stranger@example.com');
  await setPlan(target.database, 'mailer@example.com', 'agency');
  const brand = await seedBrand(target.database, 'mailer@example.com', 'Acme Coffee');
  await seedMentions(target.database, brand, planMentions(new Date(), 20, 3));
  brandId = brand.id;
  emptyBrandId = (await seedBrand(target.database, 'mailer@example.com', 'Quiet Tea')).id;
});

afterAll(async () => {
  await target?.close();
  await smtp?.close();
});

const send = (cookie: string | undefined, payload: Record<string, unknown>) =>
  target.app.inject({
    method: 'POST',
    url: '/api/consumer-insights/email',
    payload,
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe('POST /api/consumer-insights/email', () => {
  it('queues the report and the recipient gets the figures, the note and the PDF, once per request id', async () => {
    const requestId = crypto.randomUUID();
    const payload = { email: 'reader@example.com', message: 'Figures for Monday’s meeting.', brandId, requestId };
    const first = await send(owner, payload);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ status: 'queued', recipients: ['reader@example.com'] });
    const again = await send(owner, payload);
    expect(again.json().id).toBe(first.json().id);

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.envelope.to).toEqual(['reader@example.com']);
    expect(mail?.parsed.subject).toBe('Acme Coffee consumer insights report');
    expect(mail?.parsed.text).toContain('Figures for Monday’s meeting.');
    expect(mail?.parsed.text).toMatch(/Mentions\s*:?\s*60/);
    expect(mail?.parsed.html).toContain('Acme Coffee');
    const pdf = mail?.parsed.attachments.find((file) => file.mimeType === 'application/pdf');
    expect(pdf?.filename).toMatch(/^brandlens-acme-coffee-consumer-insights-\d{4}-\d{2}-\d{2}\.pdf$/);
    // The download of the same document carries the same name as the attachment.
    const download = await target.app.inject({
      method: 'POST',
      url: '/api/consumer-insights/pdf',
      payload: { brandId },
      headers: { cookie: owner },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${pdf?.filename}"`);
    expect(
      Buffer.from(pdf?.content as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const sent = await waitFor(
      async () =>
        (await target.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, first.json().id)))[0],
      (row) => row?.status === 'sent',
      { what: 'the message to be marked sent' },
    );
    expect(sent?.transport).toBe('smtp');
    expect(smtp.messages).toHaveLength(1);
  });

  it('refuses an invalid address, a missing brand and an over-long note with readable messages', async () => {
    const bad = await send(owner, { email: 'not-an-address', brandId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
    const noBrand = await send(owner, { email: 'reader@example.com' });
    expect(noBrand.statusCode).toBe(400);
    expect(noBrand.json().message).toBe('Please select a brand');
    const long = await send(owner, { email: 'reader@example.com', brandId, message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The message must be at most 2,000 characters');
  });

  it('says to add insights first for a brand without any', async () => {
    const response = await send(owner, { email: 'reader@example.com', brandId: emptyBrandId });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(noInsightsForReportMessage);
  });

  it('answers 401 signed out and 404 for a brand that is not yours', async () => {
    expect((await send(undefined, { email: 'reader@example.com', brandId })).statusCode).toBe(401);
    const other = await send(stranger, { email: 'reader@example.com', brandId });
    expect(other.statusCode).toBe(404);
  });

  it('is refused on the free plan, whose plan has no consumer insights', async () => {
    await setPlan(target.database, 'mailer@example.com', 'free');
    try {
      const response = await send(owner, { email: 'reader@example.com', brandId });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('plan_feature');
    } finally {
      await setPlan(target.database, 'mailer@example.com', 'agency');
    }
  });
});
