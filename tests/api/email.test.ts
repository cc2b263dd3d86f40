import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brands, outboxMessages, users } from '../../src/server/db/schema/index.ts';
import { type QueueEmailInput, queueEmail } from '../../src/server/emails/index.ts';
import { sendOutboxMessage } from '../../src/server/emails/send.ts';
import { createUploadStorage } from '../../src/server/features/uploads/storage.ts';
import { registerErrorHandling } from '../../src/server/http/errors.ts';
import { sendEmailJob } from '../../src/server/jobs/definitions/send-email.ts';
import { fileStoreOf } from '../../src/server/storage/create-file-store.ts';
import { ZEmailAddress, ZEmailRecipients } from '../../src/shared/schemas/email.ts';
import { type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { testReportEmail } from '../helpers/emails.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';

const MAIL_FROM = 'Brandlens Reports <reports@brandlens.test>';
const dataDirs: string[] = [];
function tempDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'email-api-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** An account with one brand, signed in through development sign-in. */
async function ownerWithBrand(target: WorkingTestApp, email: string) {
  const cookie = await target.signInAs(email);
  const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
  const [brand] = await target.database.db.insert(brands).values({ userId: user!.id, name: 'Acme Coffee' }).returning();
  return { cookie, userId: user!.id, brandId: brand!.id };
}

function queueFor(target: WorkingTestApp) {
  return (input: Omit<QueueEmailInput, 'kind'>) =>
    queueEmail(
      { db: target.database.db, queue: target.queue, config: target.config },
      { kind: testReportEmail.kind, ...input },
    );
}

async function rowOf(target: WorkingTestApp, id: string) {
  const [row] = await target.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw new Error(`no outbox message ${id}`);
  return row;
}

function waitForStatus(target: WorkingTestApp, id: string, status: 'sent' | 'failed') {
  return waitFor(
    () => rowOf(target, id),
    (row) => row.status === status,
    { timeoutMs: 30_000, what: `outbox message ${id} to be ${status}` },
  );
}

describe('sending through SMTP_URL', () => {
  let smtp: SmtpDouble;
  let target: WorkingTestApp;
  let owner: Awaited<ReturnType<typeof ownerWithBrand>>;
  let queue: ReturnType<typeof queueFor>;
  const received = (messageId: string | null) =>
    smtp.messages.filter((message) => message.parsed.messageId === messageId);

  beforeAll(async () => {
    smtp = await startSmtpDouble();
    target = await createWorkingTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM, DATA_DIR: tempDataDir() } });
    owner = await ownerWithBrand(target, 'mail-owner@example.com');
    queue = queueFor(target);
  });
  afterAll(async () => {
    await target?.close();
    await smtp?.close();
  });

  it('delivers the text part, the HTML part and the PDF rendered in the job, from MAIL_FROM', async () => {
    const row = await queue({
      userId: owner.userId,
      idempotencyKey: 'first-report',
      params: { brandId: owner.brandId, note: 'The figures for May.' },
      recipients: [' reader@example.com '],
    });
    expect(row).toMatchObject({ status: 'queued', recipients: ['reader@example.com'], attempts: 0 });
    expect(row.messageId).toBe(`<${row.id}@brandlens.test>`);

    await smtp.waitForMessages(1);
    const [message] = received(row.messageId);
    expect(message?.envelope).toEqual({ from: 'reports@brandlens.test', to: ['reader@example.com'] });
    const mail = message!.parsed;
    expect(mail.from).toMatchObject({ name: 'Brandlens Reports', address: 'reports@brandlens.test' });
    expect(mail.to).toEqual([expect.objectContaining({ address: 'reader@example.com' })]);
    expect(mail.subject).toBe('Acme Coffee test report');
    expect(mail.text).toContain('The figures for May.');
    expect(mail.text).toContain('Acme Coffee: test report');
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain('The figures for May.');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: 'Acme Coffee-report.pdf', mimeType: 'application/pdf' });
    expect(
      Buffer.from(pdf!.content as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const sent = await waitForStatus(target, row.id, 'sent');
    expect(sent).toMatchObject({ transport: 'smtp', attempts: 1, lastError: null, subject: 'Acme Coffee test report' });
    expect(sent.sentAt).toBeInstanceOf(Date);
    // The stored copy is the message the server received.
    expect(readFileSync(sent.emlPath!).equals(message!.raw)).toBe(true);
  });

  it('retries a temporary refusal with backoff and the message arrives once', async () => {
    smtp.refuseNext(1);
    const attemptsBefore = smtp.attempts;
    const row = await queue({
      userId: owner.userId,
      idempotencyKey: 'greylisted',
      params: { brandId: owner.brandId },
      recipients: ['retry@example.com'],
    });
    const sent = await waitForStatus(target, row.id, 'sent');
    expect(sent).toMatchObject({ attempts: 2, transport: 'smtp', lastError: null });
    expect(smtp.attempts - attemptsBefore).toBe(2);
    expect(received(row.messageId)).toHaveLength(1);
  });

  it('sends one message when it is queued twice with one idempotency key', async () => {
    const input = {
      userId: owner.userId,
      idempotencyKey: 'double-click',
      params: { brandId: owner.brandId },
      recipients: ['once@example.com'],
    };
    const [first, second] = [await queue(input), await queue(input)];
    expect(second.id).toBe(first.id);
    await waitForStatus(target, first.id, 'sent');
    // A third call after sending returns the sent message and queues nothing.
    expect((await queue(input)).status).toBe('sent');
    const { rows } = await target.database.executeSql(
      'select count(*)::int as jobs from pgboss.job where name = $1 and singleton_key = $2',
      [sendEmailJob.name, first.id],
    );
    expect(rows).toEqual([{ jobs: 1 }]);
    expect(received(first.messageId)).toHaveLength(1);
  });

  it('keeps one account’s idempotency key from finding another account’s message', async () => {
    const other = await ownerWithBrand(target, 'mail-other@example.com');
    const mine = await queue({
      userId: owner.userId,
      idempotencyKey: 'shared-key',
      params: { brandId: owner.brandId },
      recipients: ['mine@example.com'],
    });
    const theirs = await queue({
      userId: other.userId,
      idempotencyKey: 'shared-key',
      params: { brandId: other.brandId },
      recipients: ['theirs@example.com'],
    });
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.recipients).toEqual(['theirs@example.com']);
    await Promise.all([waitForStatus(target, mine.id, 'sent'), waitForStatus(target, theirs.id, 'sent')]);
  });

  it('sends nothing when the job runs again for a message already sent', async () => {
    const row = await queue({
      userId: owner.userId,
      idempotencyKey: 'rerun',
      params: { brandId: owner.brandId },
      recipients: ['rerun@example.com'],
    });
    await waitForStatus(target, row.id, 'sent');
    const attemptsBefore = smtp.attempts;
    const jobId = await target.queue.send(sendEmailJob, { messageId: row.id });
    expect(jobId).toEqual(expect.any(String));
    const job = await waitFor(
      () => target.queue.getJob(sendEmailJob, jobId!),
      (snapshot) => snapshot?.state === 'completed',
      { timeoutMs: 20_000, what: 'the second send-email job' },
    );
    expect(job?.output).toEqual({ outcome: 'already-sent' });
    expect(smtp.attempts).toBe(attemptsBefore);
    expect(received(row.messageId)).toHaveLength(1);
    expect((await rowOf(target, row.id)).attempts).toBe(1);
  });

  it('fails the message at once when its composer says it can no longer be sent', async () => {
    const attemptsBefore = smtp.attempts;
    const row = await queue({
      userId: owner.userId,
      idempotencyKey: 'deleted-brand',
      params: { brandId: crypto.randomUUID() },
      recipients: ['nobody@example.com'],
    });
    const failed = await waitForStatus(target, row.id, 'failed');
    expect(failed).toMatchObject({
      attempts: 1,
      lastError: 'The brand this report is about was deleted',
      sentAt: null,
    });
    expect(smtp.attempts).toBe(attemptsBefore);
  });

  it('fails the message at once when the mail server refuses it for good', async () => {
    smtp.refuseNext(1, 550);
    const row = await queue({
      userId: owner.userId,
      idempotencyKey: 'no-such-mailbox',
      params: { brandId: owner.brandId },
      recipients: ['gone@example.com'],
    });
    const failed = await waitForStatus(target, row.id, 'failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/^The mail server 127\.0\.0\.1:\d+ refused the message: 550 Mailbox unavailable$/);
    expect(received(row.messageId)).toHaveLength(0);
  });

  it('marks the message failed with the reason when its last attempt fails', async () => {
    const id = crypto.randomUUID();
    await target.database.db.insert(outboxMessages).values({
      id,
      userId: owner.userId,
      idempotencyKey: `direct:${id}`,
      kind: testReportEmail.kind,
      params: { brandId: owner.brandId },
      recipients: ['last@example.com'],
      messageId: `<${id}@brandlens.test>`,
    });
    smtp.refuseNext(1);
    const deps = {
      db: target.database.db,
      config: target.config,
      logger: pino({ level: 'silent' }),
      ai: null,
      uploads: createUploadStorage(fileStoreOf(target.config)),
    };
    await expect(
      sendOutboxMessage(deps, id, { isFinalAttempt: true, signal: new AbortController().signal }),
    ).rejects.toThrow(/refused the message: 451/);
    const failed = await rowOf(target, id);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(
      /^Gave up after 1 attempt\. Last error: The mail server 127\.0\.0\.1:\d+ refused the message: 451 Try again later$/,
    );
    // Composed once: the failed message's copy stays readable.
    expect(failed.emlPath).toBeTruthy();
  });

  it('refuses an invalid recipient with a 400 and the shared message, storing nothing', async () => {
    const attempt = queue({
      userId: owner.userId,
      idempotencyKey: 'bad-address',
      params: { brandId: owner.brandId },
      recipients: ['not-an-address'],
    });
    await expect(attempt).rejects.toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Please enter a valid email address',
    });
    const rows = await target.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.idempotencyKey, `${testReportEmail.kind}:${owner.userId}:bad-address`));
    expect(rows).toEqual([]);
  });
});

describe('the local outbox (no SMTP_URL) and the administrator’s routes', () => {
  let target: WorkingTestApp;
  let owner: Awaited<ReturnType<typeof ownerWithBrand>>;
  let admin: string;
  let sentId: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDataDir();
    target = await createWorkingTestApp({ env: { DATA_DIR: dataDir } });
    owner = await ownerWithBrand(target, 'outbox-owner@example.com');
    admin = await target.signInAs('admin@brandlens.local');
    const queue = queueFor(target);
    const first = await queue({
      userId: owner.userId,
      idempotencyKey: 'outbox-1',
      params: { brandId: owner.brandId, note: 'Kept in the outbox.' },
      recipients: ['reader@example.com', 'second@example.com'],
    });
    sentId = first.id;
    await waitForStatus(target, first.id, 'sent');
    const newer = await queue({
      userId: owner.userId,
      idempotencyKey: 'outbox-2',
      params: { brandId: crypto.randomUUID() },
      recipients: ['reader@example.com'],
    });
    await waitForStatus(target, newer.id, 'failed');
  });
  afterAll(async () => {
    await target?.close();
  });

  const get = (url: string, cookie?: string) =>
    target.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('writes the message as DATA_DIR/outbox/<id>.eml and marks it sent by the outbox', async () => {
    const row = await rowOf(target, sentId);
    expect(row).toMatchObject({ status: 'sent', transport: 'outbox', attempts: 1, lastError: null });
    expect(row.emlPath).toBe(path.join(dataDir, 'outbox', `${sentId}.eml`));
    const mail = await PostalMime.parse(readFileSync(row.emlPath!));
    expect(mail.from).toMatchObject({ name: 'Brandlens', address: 'no-reply@brandlens.local' });
    expect(mail.to?.map((address) => address.address)).toEqual(['reader@example.com', 'second@example.com']);
    expect(mail.messageId).toBe(row.messageId);
    expect(mail.subject).toBe('Acme Coffee test report');
    expect(mail.text).toContain('Kept in the outbox.');
    expect(mail.html).toContain('Kept in the outbox.');
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['Acme Coffee-report.pdf']);
  });

  it('answers 401 signed out and 403 to anyone but an administrator', async () => {
    const urls = ['/api/admin/outbox', `/api/admin/outbox/${sentId}`, `/api/admin/outbox/${sentId}/eml`];
    for (const url of urls) {
      expect((await get(url)).statusCode).toBe(401);
      const refused = await get(url, owner.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: "You don't have permission to access this page", code: 'forbidden' });
    }
  });

  it('lists every message for the administrator, newest first', async () => {
    const response = await get('/api/admin/outbox', admin);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.delivery).toEqual({ transport: 'outbox', from: 'Brandlens <no-reply@brandlens.local>' });
    expect(list.messages).toHaveLength(2);
    const [newest, oldest] = list.messages;
    expect(newest).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'The brand this report is about was deleted',
      subject: '',
      sentAt: null,
    });
    expect(oldest).toMatchObject({
      id: sentId,
      kind: 'test-brand-report',
      accountEmail: 'outbox-owner@example.com',
      recipients: ['reader@example.com', 'second@example.com'],
      subject: 'Acme Coffee test report',
      status: 'sent',
      transport: 'outbox',
      attempts: 1,
      lastError: null,
    });
    expect(Date.parse(oldest.createdAt)).toBeLessThanOrEqual(Date.parse(newest.createdAt));
    expect(oldest.sentAt).toEqual(expect.any(String));

    const failedOnly = (await get('/api/admin/outbox?status=failed', admin)).json();
    expect(failedOnly.messages.map((message: { status: string }) => message.status)).toEqual(['failed']);
    const bad = await get('/api/admin/outbox?limit=0', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Limit must be at least 1');
  });

  it('shows one message with its text, HTML and attachment names, and downloads its .eml', async () => {
    const response = await get(`/api/admin/outbox/${sentId}`, admin);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ id: sentId, emlAvailable: true, subject: 'Acme Coffee test report' });
    expect(detail.content.from).toBe('Brandlens <no-reply@brandlens.local>');
    expect(detail.content.text).toContain('Kept in the outbox.');
    expect(detail.content.html).toContain('Kept in the outbox.');
    expect(detail.content.attachments).toEqual([
      { filename: 'Acme Coffee-report.pdf', contentType: 'application/pdf', size: expect.any(Number) },
    ]);

    const eml = await get(`/api/admin/outbox/${sentId}/eml`, admin);
    expect(eml.statusCode).toBe(200);
    expect(eml.headers['content-type']).toBe('message/rfc822');
    expect(eml.headers['content-disposition']).toBe(`attachment; filename="${sentId}.eml"`);
    expect(eml.rawPayload.equals(readFileSync(path.join(dataDir, 'outbox', `${sentId}.eml`)))).toBe(true);
  });

  it('shows a message that was never composed without content, and has no .eml for it', async () => {
    const [failed] = (await get('/api/admin/outbox?status=failed', admin)).json().messages;
    const detail = (await get(`/api/admin/outbox/${failed.id}`, admin)).json();
    expect(detail).toMatchObject({ content: null, emlAvailable: false });
    const eml = await get(`/api/admin/outbox/${failed.id}/eml`, admin);
    expect(eml.statusCode).toBe(404);
    expect(eml.json().message).toBe('This message has not been composed yet, or its stored copy is gone');
  });

  it('answers 404 for an unknown message', async () => {
    const unknown = crypto.randomUUID();
    for (const url of [
      `/api/admin/outbox/${unknown}`,
      `/api/admin/outbox/${unknown}/eml`,
      '/api/admin/outbox/not-an-id',
    ]) {
      const response = await get(url, admin);
      expect(response.statusCode).toBe(404);
    }
    expect((await get(`/api/admin/outbox/${unknown}`, admin)).json().message).toBe('Message not found');
  });
});

describe('an e-mail address in a request body', () => {
  it('is a 400 with the shared message, through the app’s error handler', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/send',
        { schema: { body: z.object({ email: ZEmailAddress, copies: ZEmailRecipients.optional() }) } },
        async (request) => request.body,
      );
    await app.ready();
    const post = (body: unknown) => app.inject({ method: 'POST', url: '/send', payload: body as object });
    for (const body of [{ email: 'not-an-address' }, { email: 'ann@example.com', copies: ['ann@example.com', 'x@'] }]) {
      const refused = await post(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'Please enter a valid email address', code: 'validation' });
    }
    const accepted = await post({ email: ' ann@example.com ' });
    expect(accepted.json()).toEqual({ email: 'ann@example.com' });
    await app.close();
  });
});
