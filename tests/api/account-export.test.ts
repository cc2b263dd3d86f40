import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { unzipSync } from 'fflate';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountExports,
  actionItems,
  adLibraryEntries,
  agencyTeamMembers,
  apiTokens,
  auditReports,
  audits,
  auditUsage,
  brands,
  competitorAdChanges,
  competitorPageSnapshots,
  competitorReports,
  competitors,
  consumerInsights,
  emailReports,
  insightSources,
  marketingRecommendations,
  outboxMessages,
  payments,
  sentimentReports,
  subscriptions,
  supportMessages,
  uploadedFiles,
  userIdentities,
  whiteLabelSettings,
} from '../../src/server/db/schema/index.ts';
import { purgeExpiredAccountExports } from '../../src/server/features/account/purge-expired-exports.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { exportExpiredMessage, exportRunningMessage } from '../../src/shared/schemas/account.ts';
import { createTestApp, multipartFile, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedAccountRows } from '../helpers/seed-account.ts';

let target: WorkingTestApp;
let dataDir: string;
let owner: string;
let stranger: string;
let ownerSeed: Awaited<ReturnType<typeof seedAccountRows>>;
let strangerSeed: Awaited<ReturnType<typeof seedAccountRows>>;
let png: Buffer;

const inject = (method: 'GET' | 'POST', url: string, cookie?: string) =>
  target.app.inject({ method, url, headers: cookie ? { cookie } : {} });

async function upload(cookie: string, content: Buffer, fileName: string, contentType: string) {
  const body = multipartFile(content, { fileName, contentType });
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-export-'));
  target = await createWorkingTestApp({ env: { DATA_DIR: dataDir } });
  owner = await target.signInAs('exporter@example.com');
  stranger = await target.signInAs('stranger@example.com');
  ownerSeed = await seedAccountRows(target.database, target.config, 'exporter@example.com');
  strangerSeed = await seedAccountRows(target.database, target.config, 'stranger@example.com');
  png = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
  await upload(owner, png, 'logo.png', 'image/png');
  await upload(owner, Buffer.from('%PDF-1.4\n%%EOF\n'), 'brand guide.pdf', 'application/pdf');
  await upload(stranger, png, 'stranger-logo.png', 'image/png');
  // A shared report: its link must not travel in the zip.
  const shared = await target.app.inject({
    method: 'POST',
    url: `/api/audits/${ownerSeed.audits[0]!.id}/share`,
    payload: {},
    headers: { cookie: owner },
  });
  expect(shared.statusCode, shared.body).toBe(200);
});

afterAll(async () => {
  await target.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Each JSON file of the zip, and the table and owner column its rows come from. */
function tablesOf(userId: string, email: string): Record<string, () => Promise<number>> {
  const { db } = target.database;
  const countOf = async (table: PgTable, column: PgColumn, value = userId) =>
    (await db.select({ value: count() }).from(table).where(eq(column, value)))[0]!.value;
  return {
    'sign-in-accounts.json': () => countOf(userIdentities, userIdentities.userId),
    'brands.json': () => countOf(brands, brands.userId),
    'uploaded-files.json': () => countOf(uploadedFiles, uploadedFiles.userId),
    'audits.json': () => countOf(audits, audits.userId),
    'audit-reports.json': async () =>
      (
        await db
          .select({ value: count() })
          .from(auditReports)
          .innerJoin(audits, eq(audits.id, auditReports.auditId))
          .where(eq(audits.userId, userId))
      )[0]!.value,
    'audit-usage.json': () => countOf(auditUsage, auditUsage.userId),
    'marketing-recommendations.json': () => countOf(marketingRecommendations, marketingRecommendations.userId),
    'action-items.json': () => countOf(actionItems, actionItems.userId),
    'insight-sources.json': () => countOf(insightSources, insightSources.userId),
    'consumer-insights.json': () => countOf(consumerInsights, consumerInsights.userId),
    'sentiment-reports.json': () => countOf(sentimentReports, sentimentReports.userId),
    'competitors.json': () => countOf(competitors, competitors.userId),
    'ads.json': () => countOf(adLibraryEntries, adLibraryEntries.userId),
    'competitor-reports.json': () => countOf(competitorReports, competitorReports.userId),
    'competitor-page-snapshots.json': () => countOf(competitorPageSnapshots, competitorPageSnapshots.userId),
    'competitor-ad-changes.json': () => countOf(competitorAdChanges, competitorAdChanges.userId),
    'email-reports.json': () => countOf(emailReports, emailReports.userId),
    'white-label-settings.json': () => countOf(whiteLabelSettings, whiteLabelSettings.userId),
    'support-messages.json': () => countOf(supportMessages, supportMessages.userId),
    'team-members.json': () => countOf(agencyTeamMembers, agencyTeamMembers.agencyUserId),
    'team-memberships.json': () => countOf(agencyTeamMembers, agencyTeamMembers.memberEmail, email),
    'api-tokens.json': () => countOf(apiTokens, apiTokens.userId),
    'subscriptions.json': () => countOf(subscriptions, subscriptions.userId),
    'payments.json': () => countOf(payments, payments.userId),
    'emails.json': () => countOf(outboxMessages, outboxMessages.userId),
  };
}

async function exportAndDownload(cookie: string) {
  const started = await inject('POST', '/api/account/export', cookie);
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json().export).toMatchObject({ status: 'processing', percent: 0, downloadUrl: null });
  const ready = await waitFor(
    async () => (await inject('GET', '/api/account/export', cookie)).json(),
    (body) => body.export?.status !== 'processing',
    { what: 'the export to be ready' },
  );
  expect(ready.export).toMatchObject({ id: started.json().export.id, status: 'ready', percent: 100, error: null });
  const download = await inject('GET', ready.export.downloadUrl, cookie);
  return { exportRow: ready.export, download };
}

describe('data export', () => {
  it('refuses every export route to a signed-out caller', async () => {
    expect((await inject('GET', '/api/account/export')).statusCode).toBe(401);
    expect((await inject('POST', '/api/account/export')).statusCode).toBe(401);
    const id = ownerSeed.audits[0]!.id;
    expect((await inject('GET', `/api/account/export/${id}/download`)).statusCode).toBe(401);
  });

  it('has no export until one is asked for', async () => {
    const response = await inject('GET', '/api/account/export', stranger);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ export: null });
  });

  it('zips every row the account owns, one JSON file per table, with its uploads, and nothing of anyone else', async () => {
    const { exportRow, download } = await exportAndDownload(owner);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="brandlens-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(exportRow.sizeBytes).toBe(download.rawPayload.length);
    expect(new Date(exportRow.expiresAt).getTime() - new Date(exportRow.completedAt).getTime()).toBe(
      7 * 24 * 60 * 60 * 1000,
    );

    const files = unzipSync(new Uint8Array(download.rawPayload));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    const json = (name: string) => JSON.parse(text(name));

    const profile = json('profile.json');
    expect(profile).toMatchObject({ id: ownerSeed.userId, email: 'exporter@example.com', planType: 'free' });
    expect(profile.stripeCustomerId).toBeUndefined();

    const expected = tablesOf(ownerSeed.userId, 'exporter@example.com');
    for (const [file, countRows] of Object.entries(expected)) {
      const rows = json(file);
      expect(Array.isArray(rows), file).toBe(true);
      expect(rows.length, file).toBe(await countRows());
      expect(rows.length, `${file} has rows to count`).toBeGreaterThan(file === 'team-memberships.json' ? -1 : 0);
    }
    expect(json('audits.json')[0].analysis).toBeTruthy();

    // The uploads, byte for byte, named in uploaded-files.json.
    const uploaded = json('uploaded-files.json') as { originalName: string; fileInZip: string }[];
    expect(uploaded.map((file) => file.originalName).sort()).toEqual(['brand guide.pdf', 'logo.png']);
    const logo = uploaded.find((file) => file.originalName === 'logo.png')!;
    expect(Buffer.from(files[logo.fileInZip]!).equals(png)).toBe(true);
    expect(Object.keys(files).filter((name) => name.startsWith('uploads/'))).toHaveLength(2);
    expect(text('README.txt')).toContain('exporter@example.com');

    // Nothing of the other account, and nothing that would let someone act as the owner.
    const everything = Object.keys(files)
      .filter((name) => name.endsWith('.json') || name.endsWith('.txt'))
      .map(text)
      .join('\n');
    expect(everything).not.toContain(strangerSeed.userId);
    expect(everything).not.toContain('stranger@example.com');
    const [report] = await target.database.db.select().from(auditReports);
    expect(everything).not.toContain(report!.shareableToken);
    const tokens = await target.database.db.select().from(apiTokens).where(eq(apiTokens.userId, ownerSeed.userId));
    for (const token of tokens) expect(everything).not.toContain(token.tokenHash);
    expect(everything).not.toContain('idempotencyKey');
  });

  it('keeps one person’s export from everyone else, a team member of theirs included', async () => {
    const latest = (await inject('GET', '/api/account/export', owner)).json().export;
    expect(latest.status).toBe('ready');
    const stolen = await inject('GET', `/api/account/export/${latest.id}/download`, stranger);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: 'Export not found', code: 'not_found' });
    expect((await inject('GET', '/api/account/export', stranger)).json()).toEqual({ export: null });

    await setPlan(target.database, 'exporter@example.com', 'agency');
    await target.database.db
      .insert(agencyTeamMembers)
      .values({ agencyUserId: ownerSeed.userId, memberEmail: 'teammate@example.com' });
    const teammate = await target.signInAs('teammate@example.com');
    const brandsSeen = (await inject('GET', '/api/brands', teammate)).json() as { id: string }[];
    expect(brandsSeen.map((brand) => brand.id)).toContain(ownerSeed.brands[0]!.id);
    expect((await inject('GET', `/api/account/export/${latest.id}/download`, teammate)).statusCode).toBe(404);
    expect((await inject('GET', '/api/account/export', teammate)).json()).toEqual({ export: null });

    expect((await inject('GET', '/api/account/export/not-an-id/download', owner)).statusCode).toBe(404);
  });

  it('stops serving a zip after 7 days and deletes it', async () => {
    const latest = (await inject('GET', '/api/account/export', owner)).json().export;
    const [row] = await target.database.db.select().from(accountExports).where(eq(accountExports.id, latest.id));
    const zipPath = path.join(dataDir, 'exports', row!.storageKey!);
    expect(fs.existsSync(zipPath)).toBe(true);
    await target.database.db
      .update(accountExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountExports.id, latest.id));
    const expired = await inject('GET', `/api/account/export/${latest.id}/download`, owner);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(exportExpiredMessage);
    expect((await inject('GET', '/api/account/export', owner)).json().export).toMatchObject({
      status: 'ready',
      downloadUrl: null,
    });
    expect(await purgeExpiredAccountExports(target.database.db, target.config)).toBe(1);
    expect(fs.existsSync(zipPath)).toBe(false);
  });
});

describe('one export at a time', () => {
  let idle: TestApp;
  let queue: JobQueue;

  beforeAll(async () => {
    const database = await createTestDatabase();
    // A started queue without workers: the export stays in preparation.
    queue = createJobQueue({ database, logger: pino({ level: 'silent' }) });
    await queue.start();
    idle = await createTestApp({ database, queue });
  });

  afterAll(async () => {
    await queue.stop({ graceful: false });
    await idle.close();
    await idle.database.close();
  });

  it('refuses a second export while the first is being prepared, for that person only', async () => {
    const cookie = await idle.signInAs('patient@example.com');
    const other = await idle.signInAs('other@example.com');
    const post = (who: string) =>
      idle.app.inject({ method: 'POST', url: '/api/account/export', headers: { cookie: who } });
    const first = await post(cookie);
    expect(first.statusCode, first.body).toBe(202);
    const second = await post(cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: exportRunningMessage, code: 'conflict' });
    expect((await post(other)).statusCode).toBe(202);
    const status = await idle.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie } });
    expect(status.json().export).toMatchObject({
      id: first.json().export.id,
      status: 'processing',
      percent: 0,
      stage: 'Queued',
      downloadUrl: null,
    });
    const notReady = await idle.app.inject({
      method: 'GET',
      url: `/api/account/export/${first.json().export.id}/download`,
      headers: { cookie },
    });
    expect(notReady.statusCode).toBe(404);
  });
});
