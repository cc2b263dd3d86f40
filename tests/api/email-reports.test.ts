import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyTeamMembers, brands, emailReports, users } from '../../src/server/db/schema/index.ts';
import { featureLimitMessage } from '../../src/shared/plans.ts';
import {
  dayOfMonthMessage,
  dayOfWeekMessage,
  noModuleMessage,
  noRecipientMessage,
  reportNameRequiredMessage,
  timeOfDayMessage,
  timezoneMessage,
  tooManyRecipientsMessage,
} from '../../src/shared/schemas/email-reports.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';

let target: TestApp;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const inject = (method: Method, url: string, cookie?: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const reportUrl = (id: string) => `/api/email-reports/${id}`;

const weeklyReport = { name: 'Monday summary', recipients: 'ana@example.com, ben@example.com' };

async function userId(email: string): Promise<string> {
  const [user] = await target.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function reportRows(email: string) {
  return target.database.db
    .select()
    .from(emailReports)
    .where(eq(emailReports.userId, await userId(email)));
}

async function addBrand(email: string, name: string) {
  const [brand] = await target.database.db
    .insert(brands)
    .values({ userId: await userId(email), name })
    .returning();
  return brand!;
}

beforeAll(async () => {
  target = await createTestApp();
});

afterAll(async () => {
  await target.close();
});

describe('email reports: creating with SPEC’s defaults', () => {
  let owner: string;

  beforeAll(async () => {
    owner = await target.signInAs('reports-owner@example.com');
  });

  it('creates a weekly Monday 09:00 London report for all brands, active, with its next send worked out', async () => {
    const before = Date.now();
    const created = await inject('POST', '/api/email-reports', owner, { ...weeklyReport, isActive: false });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json();
    expect(report).toMatchObject({
      name: 'Monday summary',
      brandId: null,
      brandName: null,
      frequency: 'weekly',
      dayOfWeek: 1,
      dayOfMonth: null,
      timeOfDay: '09:00',
      timezone: 'Europe/London',
      recipients: ['ana@example.com', 'ben@example.com'],
      includeModules: { brandAudit: true, consumerInsights: true, competitorTracking: true },
      runFreshAnalysis: false,
      isActive: true,
      whiteLabel: false,
      lastSent: null,
      lastSentLabel: null,
      lastAttemptAt: null,
      lastError: null,
    });
    const nextSend = new Date(report.nextScheduled);
    expect(nextSend.getTime()).toBeGreaterThan(before);
    expect(nextSend.getTime() - before).toBeLessThanOrEqual(7 * 24 * 60 * 60 * 1000);
    // Monday at 09:00 in London, whichever offset London is on then.
    expect(report.nextScheduledLabel).toMatch(/^Monday \d{1,2} \w+ \d{4}, 09:00 (GMT|BST)$/);

    const list = await inject('GET', '/api/email-reports', owner);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([report]);
  });

  it('keeps dayOfMonth only for monthly and dayOfWeek only for weekly reports; brand "all" is none', async () => {
    const monthly = await inject('POST', '/api/email-reports', owner, {
      ...weeklyReport,
      name: 'Month end',
      frequency: 'monthly',
      dayOfWeek: 3,
      dayOfMonth: 31,
      timeOfDay: '18:30',
      timezone: 'Australia/Sydney',
      brandId: 'all',
      includeModules: { brandAudit: true, consumerInsights: false, competitorTracking: false },
    });
    expect(monthly.statusCode, monthly.body).toBe(201);
    expect(monthly.json()).toMatchObject({
      frequency: 'monthly',
      dayOfWeek: null,
      dayOfMonth: 31,
      brandId: null,
      includeModules: { brandAudit: true, consumerInsights: false, competitorTracking: false },
    });
    expect(monthly.json().nextScheduledLabel).toMatch(/, 18:30 GMT\+1[01]$/);

    const daily = await inject('POST', '/api/email-reports', owner, {
      ...weeklyReport,
      name: 'Every day',
      frequency: 'daily',
      dayOfWeek: 2,
      dayOfMonth: 5,
    });
    expect(daily.json()).toMatchObject({ frequency: 'daily', dayOfWeek: null, dayOfMonth: null });
  });

  it('splits recipients on commas, trims them and keeps each address once', async () => {
    const created = await inject('POST', '/api/email-reports', owner, {
      name: 'Split',
      recipients: [' ana@example.com,ben@example.com ', 'ANA@example.com', '', 'cy@example.org'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().recipients).toEqual(['ana@example.com', 'ben@example.com', 'cy@example.org']);
  });

  it('reports for one of the actor’s brands, named in the list', async () => {
    const brand = await addBrand('reports-owner@example.com', 'Acme Coffee');
    const created = await inject('POST', '/api/email-reports', owner, { ...weeklyReport, brandId: brand.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ brandId: brand.id, brandName: 'Acme Coffee' });
    const listed = (await inject('GET', '/api/email-reports', owner)).json();
    expect(listed.find((report: { id: string }) => report.id === created.json().id).brandName).toBe('Acme Coffee');
  });
});

describe('email reports: bad input is a clear 400 and nothing is saved', () => {
  const cases: [string, object, string][] = [
    ['no name', { recipients: 'a@example.com' }, reportNameRequiredMessage],
    ['a blank name', { name: '   ', recipients: 'a@example.com' }, reportNameRequiredMessage],
    ['no recipients', { name: 'R' }, noRecipientMessage],
    ['only commas and spaces', { name: 'R', recipients: ' , ,' }, noRecipientMessage],
    ['an empty list', { name: 'R', recipients: [] }, noRecipientMessage],
    [
      'an invalid address',
      { name: 'R', recipients: 'a@example.com, not-an-address' },
      'not-an-address is not a valid email address',
    ],
    [
      'an address smuggling a header',
      { name: 'R', recipients: ['a@example.com\r\nBcc: b@example.com'] },
      'A recipient address contains a control character',
    ],
    [
      '51 recipients',
      { name: 'R', recipients: Array.from({ length: 51 }, (_, index) => `person${index}@example.com`) },
      tooManyRecipientsMessage,
    ],
    ['an unknown timezone', { ...weeklyReport, timezone: 'Mars/Olympus' }, timezoneMessage],
    ['a timezone outside the twelve', { ...weeklyReport, timezone: 'Europe/Berlin' }, timezoneMessage],
    ['24:00', { ...weeklyReport, timeOfDay: '24:00' }, timeOfDayMessage],
    ['9am', { ...weeklyReport, timeOfDay: '9am' }, timeOfDayMessage],
    ['a time without a leading zero', { ...weeklyReport, timeOfDay: '9:00' }, timeOfDayMessage],
    ['day of month 0', { ...weeklyReport, frequency: 'monthly', dayOfMonth: 0 }, dayOfMonthMessage],
    ['day of month 32', { ...weeklyReport, frequency: 'monthly', dayOfMonth: 32 }, dayOfMonthMessage],
    ['day of month 1.5', { ...weeklyReport, frequency: 'monthly', dayOfMonth: 1.5 }, dayOfMonthMessage],
    ['day of week 7', { ...weeklyReport, dayOfWeek: 7 }, dayOfWeekMessage],
    ['day of week -1', { ...weeklyReport, dayOfWeek: -1 }, dayOfWeekMessage],
    ['an unknown frequency', { ...weeklyReport, frequency: 'hourly' }, 'Frequency must be daily, weekly or monthly'],
    ['a malformed brand id', { ...weeklyReport, brandId: 'acme' }, 'Brand not found'],
    [
      'no module',
      { ...weeklyReport, includeModules: { brandAudit: false, consumerInsights: false, competitorTracking: false } },
      noModuleMessage,
    ],
  ];

  let cookie: string;
  beforeAll(async () => {
    cookie = await target.signInAs('reports-bad-input@example.com');
  });

  it.each(cases)('refuses %s', async (_label, payload, message) => {
    const response = await inject('POST', '/api/email-reports', cookie, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message, code: 'validation' });
    expect(await reportRows('reports-bad-input@example.com')).toEqual([]);
  });

  it('refuses the same on update, leaving the report as it was', async () => {
    const created = (await inject('POST', '/api/email-reports', cookie, weeklyReport)).json();
    for (const [, payload, message] of cases) {
      const response = await inject('PUT', reportUrl(created.id), cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message, code: 'validation' });
    }
    expect((await inject('GET', '/api/email-reports', cookie)).json()).toEqual([created]);
    await inject('DELETE', reportUrl(created.id), cookie);
  });
});

describe('email reports: editing and deleting', () => {
  it('replaces the settings, makes the report active again and works out the next send anew', async () => {
    const cookie = await target.signInAs('reports-editor@example.com');
    const created = (await inject('POST', '/api/email-reports', cookie, weeklyReport)).json();
    await target.database.db.update(emailReports).set({ isActive: false }).where(eq(emailReports.id, created.id));

    const updated = await inject('PUT', reportUrl(created.id), cookie, {
      name: 'Daily in Tokyo',
      frequency: 'daily',
      dayOfWeek: 1,
      timeOfDay: '07:15',
      timezone: 'Asia/Tokyo',
      recipients: 'ana@example.com',
      includeModules: { brandAudit: false, consumerInsights: true, competitorTracking: true },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const report = updated.json();
    expect(report).toMatchObject({
      id: created.id,
      name: 'Daily in Tokyo',
      frequency: 'daily',
      dayOfWeek: null,
      timeOfDay: '07:15',
      timezone: 'Asia/Tokyo',
      recipients: ['ana@example.com'],
      includeModules: { brandAudit: false, consumerInsights: true, competitorTracking: true },
      isActive: true,
    });
    expect(report.nextScheduled).not.toBe(created.nextScheduled);
    expect(new Date(report.nextScheduled).getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect(report.nextScheduledLabel).toMatch(/, 07:15 GMT\+9$/);
    expect((await inject('GET', '/api/email-reports', cookie)).json()).toEqual([report]);
  });

  it('shows the last send and a failed attempt in the report’s timezone', async () => {
    const cookie = await target.signInAs('reports-history@example.com');
    const created = (await inject('POST', '/api/email-reports', cookie, weeklyReport)).json();
    await target.database.db
      .update(emailReports)
      .set({
        lastSent: new Date('2026-03-02T09:00:00Z'),
        lastAttemptAt: new Date('2026-03-09T09:00:00Z'),
        lastError: 'SMTP server refused the connection',
      })
      .where(eq(emailReports.id, created.id));
    const [listed] = (await inject('GET', '/api/email-reports', cookie)).json();
    expect(listed).toMatchObject({
      lastSent: '2026-03-02T09:00:00.000Z',
      lastSentLabel: 'Monday 2 March 2026, 09:00 GMT',
      lastAttemptAt: '2026-03-09T09:00:00.000Z',
      lastError: 'SMTP server refused the connection',
    });
  });

  it('deletes a report', async () => {
    const cookie = await target.signInAs('reports-deleter@example.com');
    const created = (await inject('POST', '/api/email-reports', cookie, weeklyReport)).json();
    const deleted = await inject('DELETE', reportUrl(created.id), cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ id: created.id });
    expect((await inject('GET', '/api/email-reports', cookie)).json()).toEqual([]);
    const again = await inject('DELETE', reportUrl(created.id), cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Email report not found', code: 'not_found' });
    // An id that is not one names no report.
    expect((await inject('PUT', reportUrl('not-an-id'), cookie, weeklyReport)).statusCode).toBe(404);
  });
});

describe('email reports: whose they are', () => {
  let owner: string;
  let stranger: string;
  let reportId: string;

  beforeAll(async () => {
    owner = await target.signInAs('reports-tenant@example.com');
    stranger = await target.signInAs('reports-stranger@example.com');
    reportId = (await inject('POST', '/api/email-reports', owner, weeklyReport)).json().id;
  });

  it('answers another user 404 for the report, and lists none of it', async () => {
    const update = await inject('PUT', reportUrl(reportId), stranger, { ...weeklyReport, name: 'Taken over' });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ message: 'Email report not found', code: 'not_found' });
    expect((await inject('DELETE', reportUrl(reportId), stranger)).statusCode).toBe(404);
    expect((await inject('GET', '/api/email-reports', stranger)).json()).toEqual([]);
    const [row] = await reportRows('reports-tenant@example.com');
    expect(row?.name).toBe('Monday summary');
  });

  it('answers 404 for another user’s brand, on create and on update, saving nothing', async () => {
    const theirs = await addBrand('reports-stranger@example.com', 'Not Yours Ltd');
    const create = await inject('POST', '/api/email-reports', owner, { ...weeklyReport, brandId: theirs.id });
    expect(create.statusCode).toBe(404);
    expect(create.json()).toEqual({ message: 'Brand not found', code: 'not_found' });
    const update = await inject('PUT', reportUrl(reportId), owner, { ...weeklyReport, brandId: theirs.id });
    expect(update.statusCode).toBe(404);
    const rows = await reportRows('reports-tenant@example.com');
    expect(rows.map((row) => row.brandId)).toEqual([null]);
  });

  it('answers 401 to every route when signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/email-reports'],
      ['POST', '/api/email-reports'],
      ['PUT', reportUrl(reportId)],
      ['DELETE', reportUrl(reportId)],
    ] as const) {
      const response = await inject(
        method,
        url,
        undefined,
        method === 'POST' || method === 'PUT' ? weeklyReport : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await reportRows('reports-tenant@example.com')).toHaveLength(1);
  });

  it('shares an agency’s reports with its team members, who create them in the agency’s workspace', async () => {
    const agency = await target.signInAs('reports-agency@example.com');
    await setPlan(target.database, 'reports-agency@example.com', 'agency');
    const agencyReport = (await inject('POST', '/api/email-reports', agency, weeklyReport)).json();
    await target.database.db
      .insert(agencyTeamMembers)
      .values({ agencyUserId: await userId('reports-agency@example.com'), memberEmail: 'reports-member@example.com' });
    const member = await target.signInAs('reports-member@example.com');

    expect((await inject('GET', '/api/email-reports', member)).json()).toEqual([agencyReport]);
    const edited = await inject('PUT', reportUrl(agencyReport.id), member, {
      ...weeklyReport,
      name: 'Edited by the team',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const created = await inject('POST', '/api/email-reports', member, {
      ...weeklyReport,
      name: 'Member’s report',
      runFreshAnalysis: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await reportRows('reports-agency@example.com')).map((row) => row.name).sort()).toEqual([
      'Edited by the team',
      'Member’s report',
    ]);
    expect(await reportRows('reports-member@example.com')).toEqual([]);
    expect((await inject('DELETE', reportUrl(created.json().id), member)).statusCode).toBe(200);
  });
});

describe('email reports: Run Fresh AI Analysis is Agency only', () => {
  it('refuses it on every other plan (403 plan_feature), on create and update, and allows it on Agency', async () => {
    const smb = await target.signInAs('reports-smb@example.com');
    await setPlan(target.database, 'reports-smb@example.com', 'smb');
    const expected = { message: featureLimitMessage('smb', 'freshAiAnalysis'), code: 'plan_feature' };
    const refused = await inject('POST', '/api/email-reports', smb, { ...weeklyReport, runFreshAnalysis: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(expected);
    expect(await reportRows('reports-smb@example.com')).toEqual([]);

    const plain = (await inject('POST', '/api/email-reports', smb, weeklyReport)).json();
    const update = await inject('PUT', reportUrl(plain.id), smb, { ...weeklyReport, runFreshAnalysis: true });
    expect(update.statusCode).toBe(403);
    expect(update.json()).toEqual(expected);
    expect((await reportRows('reports-smb@example.com'))[0]?.runFreshAnalysis).toBe(false);

    const agency = await target.signInAs('reports-fresh@example.com');
    await setPlan(target.database, 'reports-fresh@example.com', 'agency');
    const allowed = await inject('POST', '/api/email-reports', agency, { ...weeklyReport, runFreshAnalysis: true });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(allowed.json().runFreshAnalysis).toBe(true);
  });
});
