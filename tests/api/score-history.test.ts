import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, brands, outboxMessages, users } from '../../src/server/db/schema/index.ts';
import { queueScoreDropEmail } from '../../src/server/features/brand-tracking/queue-score-drop-email.ts';
import { createRunAuditHandler } from '../../src/server/jobs/definitions/run-audit.handler.ts';
import type { TAuditAnalysis, TCheckResult } from '../../src/shared/schemas/audits.ts';
import { type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { auditDetailFixture } from '../fixtures/audit-detail.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { seedCompletedAuditOf } from '../helpers/seed.ts';

const logger = pino({ level: 'silent' });
let smtp: SmtpDouble;
let target: WorkingTestApp;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtpDouble();
  dataDir = mkdtempSync(path.join(tmpdir(), 'score-history-api-'));
  target = await createWorkingTestApp({ env: { SMTP_URL: smtp.url, DATA_DIR: dataDir } });
});

afterAll(async () => {
  await target?.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const history = (cookie: string | null, query = '') =>
  target.app.inject({ method: 'GET', url: `/api/audits/score-history${query}`, headers: cookie ? { cookie } : {} });

async function signedInOwner(email: string) {
  const cookie = await target.signInAs(email);
  const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
  return { cookie, user: user! };
}

async function seedBrand(userId: string, name: string) {
  const [brand] = await target.database.db
    .insert(brands)
    .values({ userId, name, websiteUrl: 'https://acme.example' })
    .returning();
  return brand!;
}

/** The fixture's analysis with some checks' states changed. */
function analysisWith(statuses: Record<string, TCheckResult['status']>): TAuditAnalysis {
  const analysis = structuredClone(auditDetailFixture.analysis) as TAuditAnalysis;
  for (const area of ['website', 'socialMedia', 'brandAssets'] as const) {
    for (const group of Object.values(analysis[area])) {
      for (const check of group.checks) check.status = statuses[check.id] ?? check.status;
    }
  }
  return analysis;
}

/** A completed audit of the brand with these scores, completed on a given day. */
async function seedAudit(
  brand: { id: string; userId: string },
  completedAt: string,
  scores: Partial<typeof audits.$inferInsert> = {},
) {
  const audit = await seedCompletedAuditOf(target.database, brand);
  const [updated] = await target.database.db
    .update(audits)
    .set({ completedAt: new Date(completedAt), createdAt: new Date(completedAt), ...scores })
    .where(eq(audits.id, audit.id))
    .returning();
  return updated!;
}

describe('GET /api/audits/score-history', () => {
  it("gives a brand's completed audits oldest first, with the three sub-scores and their coverage", async () => {
    const { cookie, user } = await signedInOwner('history@example.com');
    const brand = await seedBrand(user.id, 'Northwind');
    const march = await seedAudit(brand, '2026-03-12T09:00:00Z', { overallScore: 64, websiteScore: 60 });
    const may = await seedAudit(brand, '2026-05-12T09:00:00Z');
    const april = await seedAudit(brand, '2026-04-12T09:00:00Z', { socialMediaScore: null });
    await target.database.db.insert(audits).values([
      { brandId: brand.id, userId: user.id, status: 'processing' },
      { brandId: brand.id, userId: user.id, status: 'failed', failureReason: 'Site down' },
    ]);

    const reply = await history(cookie, `?brandId=${brand.id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const { brands: lines } = reply.json();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ brandId: brand.id, brandName: 'Northwind' });
    expect(lines[0].points.map((point: { auditId: string }) => point.auditId)).toEqual([march.id, april.id, may.id]);
    expect(lines[0].points[0]).toEqual({
      auditId: march.id,
      completedAt: '2026-03-12T09:00:00.000Z',
      overallScore: 64,
      websiteScore: 60,
      socialMediaScore: auditDetailFixture.socialMediaScore,
      brandAssetsScore: auditDetailFixture.brandAssetsScore,
      coverage: {
        website: '25 of 29 checks applied',
        socialMedia: '7 of 9 checks applied',
        brandAssets: '12 of 12 checks applied',
      },
    });
    // An area that was not measured is a gap, not a zero.
    expect(lines[0].points[1].socialMediaScore).toBeNull();
  });

  it('shows an overall score that was not measured as null', async () => {
    const { cookie, user } = await signedInOwner('unmeasured@example.com');
    const brand = await seedBrand(user.id, 'Quiet Brand');
    const analysis = structuredClone(auditDetailFixture.analysis) as TAuditAnalysis;
    analysis.coverage = { ...analysis.coverage!, overallMeasured: false };
    await seedAudit(brand, '2026-06-01T09:00:00Z', { overallScore: 0, analysis });
    const reply = await history(cookie, `?brandId=${brand.id}`);
    expect(reply.json().brands[0].points[0].overallScore).toBeNull();
  });

  it('without a brand, gives every brand of yours (those without audits too) and nobody else’s', async () => {
    const other = await signedInOwner('history-other@example.com');
    const otherBrand = await seedBrand(other.user.id, 'Not Yours');
    await seedAudit(otherBrand, '2026-03-01T09:00:00Z');
    const { cookie, user } = await signedInOwner('history-all@example.com');
    const first = await seedBrand(user.id, 'First Brand');
    const second = await seedBrand(user.id, 'Second Brand');
    await seedAudit(first, '2026-03-01T09:00:00Z');
    await seedAudit(first, '2026-04-01T09:00:00Z');

    const reply = await history(cookie);
    expect(reply.statusCode).toBe(200);
    const lines = reply.json().brands as { brandId: string; points: unknown[] }[];
    expect(lines.map((line) => [line.brandId, line.points.length])).toEqual([
      [first.id, 2],
      [second.id, 0],
    ]);
  });

  it("answers 404 for another user's brand, 400 for a malformed id and 401 when signed out", async () => {
    const other = await signedInOwner('history-owner@example.com');
    const otherBrand = await seedBrand(other.user.id, 'Private Brand');
    await seedAudit(otherBrand, '2026-03-01T09:00:00Z');
    const { cookie } = await signedInOwner('history-stranger@example.com');

    const notYours = await history(cookie, `?brandId=${otherBrand.id}`);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual({ message: 'Brand not found', code: 'not_found' });
    const malformed = await history(cookie, '?brandId=not-a-brand');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/brandId must be a brand id/);
    expect((await history(null, `?brandId=${otherBrand.id}`)).statusCode).toBe(401);
  });
});

describe('the score-drop e-mail', () => {
  const mailDeps = () => ({ db: target.database.db, config: target.config, queue: target.queue });
  const outboxOf = (userId: string) =>
    target.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.kind, 'score-drop')));

  /** A previous audit 8 points higher, in which two checks that fail now still passed. */
  async function seedDrop(email: string, points = 8) {
    const { cookie, user } = await signedInOwner(email);
    const brand = await seedBrand(user.id, 'Falling Brand');
    const previous = await seedAudit(brand, '2026-04-01T09:00:00Z', {
      overallScore: auditDetailFixture.overallScore + points,
      analysis: analysisWith({ 'seo.meta-description': 'pass', 'assets.logo.file-size': 'pass' }),
    });
    const current = await seedAudit(brand, '2026-05-01T09:00:00Z');
    return { cookie, user, brand, previous, current };
  }

  it('names the checks that changed from pass to fail, once, to an owner whose audit-complete e-mails are on', async () => {
    const { user, current } = await seedDrop('falling@example.com');
    expect(await queueScoreDropEmail(mailDeps(), current.id)).toBe(true);
    expect(await queueScoreDropEmail(mailDeps(), current.id)).toBe(true);
    const [message] = await waitFor(
      async () => smtp.messages.filter((item) => item.envelope.to.includes('falling@example.com')),
      (messages) => messages.length === 1,
      { timeoutMs: 30_000, what: 'the score-drop e-mail' },
    );
    const { subject, text = '', html = '' } = message!.parsed;
    expect(subject).toBe("Brandlens: Falling Brand's score dropped 8 points");
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain("Falling Brand's overall score fell 8 points, from 80/100 to 72/100.");
    expect(flat).toContain('The previous audit was completed on 1 April 2026.');
    expect(flat).toContain('Checks that passed before and fail now');
    expect(flat).toContain('Document has a meta description (Website)');
    expect(flat).toContain('Logo file is light (Brand assets)');
    // Checks that failed in both audits are not news.
    expect(flat).not.toContain('Links have descriptive text');
    expect(html).toContain(`href="${target.config.publicUrl}/audit-results/${current.id}"`);
    expect(message!.parsed.headers.find((header) => header.key === 'list-unsubscribe')?.value).toContain(
      '/api/notifications/unsubscribe?token=',
    );
    expect(await outboxOf(user.id)).toHaveLength(1);
  });

  it('is not sent for a fall under 5 points, a first audit, or an owner with audit-complete e-mails off', async () => {
    const small = await seedDrop('small-fall@example.com', 4);
    expect(await queueScoreDropEmail(mailDeps(), small.current.id)).toBe(false);
    expect(await queueScoreDropEmail(mailDeps(), small.previous.id)).toBe(false);

    const quiet = await seedDrop('quiet-fall@example.com');
    await target.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: { cookie: quiet.cookie },
      payload: { auditComplete: false },
    });
    expect(await queueScoreDropEmail(mailDeps(), quiet.current.id)).toBe(false);
    expect([...(await outboxOf(small.user.id)), ...(await outboxOf(quiet.user.id))]).toHaveLength(0);
  });

  it('is queued by the audit job beside the audit-complete e-mail', async () => {
    const { user, current } = await seedDrop('job-fall@example.com', 5);
    const handler = createRunAuditHandler({ database: target.database, config: target.config, logger }, target.queue);
    const job = {
      jobId: 'test',
      retryCount: 1,
      retryLimit: 2,
      isFinalAttempt: false,
      signal: new AbortController().signal,
      logger,
    };
    expect(await handler({ auditId: current.id }, job)).toEqual({ outcome: 'skipped' });
    const rows = await outboxOf(user.id);
    expect(rows.map((row) => row.recipients)).toEqual([['job-fall@example.com']]);
    expect(rows[0]?.params).toMatchObject({ auditId: current.id });
  });
});
