/**
 * "What changed": the comparison per competitor from fixture ads (started, stopped, new messages
 * and offers, with links to the ads), the on-demand route, the weekly run recorded and e-mailed
 * once per week even when two workers run it at once, and the owner's setting honoured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekOf } from '../../src/server/analysis/competitive/window.ts';
import { brands, competitorAdChanges, notifications, outboxMessages, users } from '../../src/server/db/schema/index.ts';
import { AD_CHANGES_EMAIL_KIND } from '../../src/server/features/ad-changes/ad-changes-email.ts';
import { runWeeklyAdChanges } from '../../src/server/features/ad-changes/weekly-ad-changes.ts';
import { tiktokAdLibraryUrl } from '../../src/server/integrations/tiktok-ad-library/tiktok-ads.ts';
import { checkAdChanges } from '../../src/server/jobs/definitions/check-ad-changes.ts';
import type { TAdChange, TBrandAdChanges } from '../../src/shared/schemas/ad-changes.ts';
import { metaAdLibraryAdUrl } from '../../src/shared/schemas/ad-discovery.ts';
import { type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { createWorkingTestApp, startTestQueue, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedAds, seedCompetitor } from '../helpers/seed-competitors.ts';

const DAY = 86_400_000;
const logger = pino({ level: 'silent' });
let smtp: SmtpDouble;
let target: WorkingTestApp;
let dataDir: string;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie: string | null) =>
  target.app.inject({ method, url, headers: cookie ? { cookie } : {} });

/** An owner on the agency plan with one brand and one competitor whose library holds the fixture ads. */
async function ownerWithLibrary(email: string, now: Date) {
  const cookie = await target.signInAs(email);
  await setPlan(target.database, email, 'agency');
  const created = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: { name: `${email.split('@')[0]} brand`, websiteUrl: 'https://example.com' },
  });
  const [brand] = await target.database.db.select().from(brands).where(eq(brands.id, created.json().id));
  const competitor = await seedCompetitor(target.database, brand!, 'Fabrikam');
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const [old, stopped, sale, tiktok] = await seedAds(target.database, competitor, [
    {
      platform: 'meta',
      source: 'meta',
      adId: '1001',
      adText: 'Handmade in our Leeds workshop.',
      firstSeenAt: ago(60),
      adLibraryUrl: metaAdLibraryAdUrl('1001'),
    },
    {
      platform: 'meta',
      source: 'meta',
      adId: '1002',
      adTitle: 'Coffee for the office',
      firstSeenAt: ago(40),
      lastSeenAt: ago(2),
      isActive: false,
      adLibraryUrl: metaAdLibraryAdUrl('1002'),
    },
    {
      platform: 'meta',
      source: 'meta',
      adId: '1003',
      adText: 'Black Friday: 30% off everything, ends Sunday.',
      firstSeenAt: ago(3),
      adLibraryUrl: metaAdLibraryAdUrl('1003'),
    },
    {
      platform: 'tiktok',
      source: 'tiktok',
      adId: '7400000000000000001',
      firstSeenAt: ago(1),
      adLibraryUrl: tiktokAdLibraryUrl('7400000000000000001'),
    },
  ]);
  const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
  return {
    cookie,
    user: user!,
    brand: brand!,
    competitor,
    ads: { old: old!, stopped: stopped!, sale: sale!, tiktok: tiktok! },
  };
}

let alice: Awaited<ReturnType<typeof ownerWithLibrary>>;
let stranger: string;

beforeAll(async () => {
  smtp = await startSmtpDouble();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ad-changes-api-'));
  target = await createWorkingTestApp({ env: { SMTP_URL: smtp.url, DATA_DIR: dataDir } });
  alice = await ownerWithLibrary('changes-alice@example.com', new Date());
  stranger = await target.signInAs('changes-stranger@example.com');
}, 60_000);

afterAll(async () => {
  await target?.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('Check what changed (on demand)', () => {
  it('refuses the signed out (401), and answers 404 for another user’s competitor or brand or a bad id', async () => {
    expect((await call('POST', `/api/competitors/${alice.competitor.id}/ad-changes`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/brands/${alice.brand.id}/ad-changes`, null)).statusCode).toBe(401);
    const foreign = await call('POST', `/api/competitors/${alice.competitor.id}/ad-changes`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Competitor not found', code: 'not_found' });
    expect((await call('GET', `/api/brands/${alice.brand.id}/ad-changes`, stranger)).statusCode).toBe(404);
    expect((await call('POST', '/api/competitors/not-an-id/ad-changes', alice.cookie)).statusCode).toBe(404);
    expect(await target.database.db.select().from(competitorAdChanges)).toEqual([]);
  });

  it('finds the ads started and stopped and the new offer, each ad with its link', async () => {
    const reply = await call('POST', `/api/competitors/${alice.competitor.id}/ad-changes`, alice.cookie);
    expect(reply.statusCode, reply.body).toBe(201);
    const change = reply.json() as TAdChange;
    expect(change).toMatchObject({ competitorName: 'Fabrikam', trigger: 'on_demand', week: null });
    expect(change.started.map((ad) => [ad.id, ad.link])).toEqual([
      [alice.ads.tiktok.id, tiktokAdLibraryUrl('7400000000000000001')],
      [alice.ads.sale.id, metaAdLibraryAdUrl('1003')],
    ]);
    expect(change.started[0]!.label).toBe('TikTok ad 7400000000000000001');
    expect(change.stopped.map((ad) => [ad.label, ad.link])).toEqual([
      ['Coffee for the office', metaAdLibraryAdUrl('1002')],
    ]);
    const price = change.newMessages.find((entry) => entry.pattern === 'price');
    expect(price).toMatchObject({ label: 'Price and discounts', offer: true });
    expect(price!.ads.map((ad) => ad.id)).toEqual([alice.ads.sale.id]);
    expect(change.newMessages.map((entry) => entry.pattern)).not.toContain('quality');
  });

  it('compares the next time from the previous comparison: nothing new since', async () => {
    const reply = await call('POST', `/api/competitors/${alice.competitor.id}/ad-changes`, alice.cookie);
    const change = reply.json() as TAdChange;
    expect([change.started, change.stopped, change.newMessages]).toEqual([[], [], []]);
  });

  it("lists each of the brand's competitors with its latest comparison", async () => {
    const reply = await call('GET', `/api/brands/${alice.brand.id}/ad-changes`, alice.cookie);
    expect(reply.statusCode).toBe(200);
    const list = reply.json() as TBrandAdChanges;
    expect(list.competitors).toHaveLength(1);
    expect(list.competitors[0]).toMatchObject({
      competitorName: 'Fabrikam',
      latest: { trigger: 'on_demand', started: [] },
    });
  });

  it('refuses the free plan with 403', async () => {
    await setPlan(target.database, 'changes-alice@example.com', 'free');
    const reply = await call('POST', `/api/competitors/${alice.competitor.id}/ad-changes`, alice.cookie);
    await setPlan(target.database, 'changes-alice@example.com', 'agency');
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('plan_feature');
  });
});

describe('the weekly comparison', () => {
  const mailDeps = () => ({ db: target.database.db, config: target.config, queue: target.queue, logger });
  const outboxFor = (userId: string) =>
    target.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.kind, AD_CHANGES_EMAIL_KIND)));

  it('is recorded and e-mailed once per week, even when two workers run it at once', async () => {
    const now = new Date();
    const bob = await ownerWithLibrary('changes-bob@example.com', now);
    const runs = await Promise.all([runWeeklyAdChanges(mailDeps(), now), runWeeklyAdChanges(mailDeps(), now)]);
    const again = await runWeeklyAdChanges(mailDeps(), new Date(now.getTime() + 60_000));
    expect(again.compared).toBe(0);
    expect(runs[0].compared + runs[1].compared).toBeGreaterThanOrEqual(1);
    const recorded = await target.database.db
      .select()
      .from(competitorAdChanges)
      .where(eq(competitorAdChanges.competitorId, bob.competitor.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ trigger: 'weekly', week: isoWeekOf(now).week });
    expect(recorded[0]!.startedAdIds).toEqual([bob.ads.tiktok.id, bob.ads.sale.id]);

    const queued = await outboxFor(bob.user.id);
    expect(queued).toHaveLength(1);
    const sent = await waitFor(
      async () => smtp.messages.filter((message) => message.envelope.to.includes('changes-bob@example.com')),
      (messages) => messages.length > 0,
      { what: 'the weekly changes e-mail' },
    );
    expect(sent).toHaveLength(1);
    const mail = sent[0]!.parsed;
    expect(mail.subject).toBe("Brandlens: what changed in changes-bob brand's competitors' ads");
    expect(mail.text).toContain('2 ads started, 1 stopped');
    expect(mail.text).toContain(metaAdLibraryAdUrl('1003'));
    expect(mail.text).toContain(tiktokAdLibraryUrl('7400000000000000001'));
    expect(mail.text).toContain('New offer: Price and discounts');

    const bell = await target.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bob.user.id), eq(notifications.kind, 'competitor-ad-changes')));
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ title: 'What changed: Fabrikam', link: '/competitor-tracking' });
  });

  it('is e-mailed once when two worker queues each run the weekly job', async () => {
    const dave = await ownerWithLibrary('changes-dave@example.com', new Date());
    const second = await startTestQueue(target.database, { config: target.config });
    try {
      await Promise.all([target.queue.send(checkAdChanges, {}), second.send(checkAdChanges, {})]);
      const recorded = await waitFor(
        () =>
          target.database.db
            .select()
            .from(competitorAdChanges)
            .where(eq(competitorAdChanges.competitorId, dave.competitor.id)),
        (rows) => rows.length > 0,
        { what: "the weekly job to compare dave's competitor" },
      );
      await waitFor(
        async () => smtp.messages.filter((message) => message.envelope.to.includes('changes-dave@example.com')),
        (messages) => messages.length > 0,
        { what: "dave's weekly changes e-mail" },
      );
      // Both jobs have ended: nothing is queued or running for the weekly job.
      await waitFor(
        () =>
          target.database.executeSql(
            "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'check-ad-changes' AND state IN ('created', 'active', 'retry')",
          ) as Promise<{ rows: { n: number }[] }>,
        (result) => result.rows[0]!.n === 0,
        { what: 'both weekly jobs to end' },
      );
      expect(recorded).toHaveLength(1);
      expect(await outboxFor(dave.user.id)).toHaveLength(1);
      expect(smtp.messages.filter((message) => message.envelope.to.includes('changes-dave@example.com'))).toHaveLength(
        1,
      );
    } finally {
      await second.stop({ graceful: false });
    }
  });

  it('sends no e-mail when the owner turned competitor changes off, and still records the week', async () => {
    const now = new Date();
    const carol = await ownerWithLibrary('changes-carol@example.com', now);
    const off = await target.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: { cookie: carol.cookie },
      payload: { competitorChanges: false },
    });
    expect(off.json()).toMatchObject({ competitorChanges: false });
    await runWeeklyAdChanges(mailDeps(), now);
    const recorded = await target.database.db
      .select()
      .from(competitorAdChanges)
      .where(eq(competitorAdChanges.competitorId, carol.competitor.id));
    expect(recorded).toHaveLength(1);
    expect(await outboxFor(carol.user.id)).toEqual([]);
  });
});
