/**
 * Who may read a task (insight discovery, competitor insight discovery, CSV import, ad discovery):
 * whoever may see its brand now, decided by http/access.ts like every other read. Not whoever
 * started it: a member removed from the agency, or whose agency's plan lapsed, loses the tasks
 * she started for its brands (results included), and the agency's owner sees them.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightSources } from '../../src/server/db/schema/index.ts';
import { completeTask } from '../../src/server/features/tasks/task-progress.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { setPlan } from '../helpers/seed.ts';

// A started queue with no workers: tasks stay as the test leaves them.
let target: TestApp;
let queue: JobQueue;

type Method = 'GET' | 'POST' | 'DELETE';
const inject = (method: Method, url: string, cookie: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: { cookie } });

/** Each task endpoint by the kind of task it reads. */
const taskUrl = {
  discovery: (id: string) => `/api/consumer-insights/discoveries/${id}`,
  competitorDiscovery: (id: string) => `/api/consumer-insights/competitor-discoveries/${id}`,
  csvImport: (id: string) => `/api/consumer-insights/imports/${id}`,
  adDiscovery: (id: string) => `/api/ad-discovery/${id}`,
};
type TaskName = keyof typeof taskUrl;
type Tasks = Record<TaskName, string>;

async function agencyOwner(email: string): Promise<string> {
  const cookie = await target.signInAs(email);
  await setPlan(target.database, email, 'agency');
  return cookie;
}

async function addMember(owner: string, memberEmail: string): Promise<string> {
  const added = await inject('POST', '/api/team-members', owner, { memberEmail });
  expect(added.statusCode, added.body).toBe(201);
  return target.signInAs(memberEmail);
}

/** A brand with an insight source (stored directly: reading one is not what this file tests) and a competitor. */
async function brandWithCompetitor(owner: string, name: string) {
  const brand = await inject('POST', '/api/brands', owner, { name, websiteUrl: 'https://example.com' });
  expect(brand.statusCode, brand.body).toBe(201);
  const brandId = brand.json().id as string;
  await target.database.db
    .insert(insightSources)
    .values({ brandId, userId: brand.json().userId, kind: 'feed', url: 'https://example.com/feed.xml' });
  const competitor = await inject('POST', '/api/competitors', owner, {
    brandId,
    name: `${name} Rival`,
    website: 'https://example.org',
    // Ads are discovered from the competitor's chosen page only.
    facebookPageId: '100064512345678',
  });
  expect(competitor.statusCode, competitor.body).toBe(201);
  return { brandId, competitorId: competitor.json().id as string };
}

function csvImport(cookie: string, brandId: string) {
  const boundary = `----brandlens${crypto.randomUUID()}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.from(
    field('brandId', brandId) +
      field('mapping', JSON.stringify({ content: 'Review' })) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="reviews.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      'Review\nThe flat white is excellent\n' +
      `\r\n--${boundary}--\r\n`,
  );
  return target.app.inject({
    method: 'POST',
    url: '/api/consumer-insights/import',
    payload,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const emptyDiscovery = (brandId: string) => ({ brandId, added: 0, duplicates: 0, notKeptForPlan: 0, sources: [] });

/**
 * Starts each kind of task as `cookie` through the API, and ends each with a result (as its job
 * would) unless `leaveOpen`: then the last discovery and the ad discovery stay queued.
 */
async function startTasks(
  cookie: string,
  { brandId, competitorId }: { brandId: string; competitorId: string },
  leaveOpen = false,
): Promise<Tasks> {
  const started = async (response: Awaited<ReturnType<typeof inject>>) => {
    expect(response.statusCode, response.body).toBe(202);
    return response.json().id as string;
  };
  const discovery = await started(await inject('POST', '/api/consumer-insights/discover', cookie, { brandId }));
  await completeTask(target.database.db, discovery, {
    ...emptyDiscovery(brandId),
    insights: [],
  });
  const competitorDiscovery = await started(
    await inject('POST', '/api/consumer-insights/discover-competitor', cookie, { competitorId }),
  );
  const csv = await started(await csvImport(cookie, brandId));
  await completeTask(target.database.db, csv, {
    brandId,
    fileName: 'reviews.csv',
    rows: 1,
    added: 1,
    duplicates: 0,
    notKeptForPlan: 0,
    badRowCount: 0,
    badRows: [],
  });
  const adDiscovery = await started(await inject('POST', `/api/competitors/${competitorId}/discover-ads`, cookie));
  if (!leaveOpen) {
    await completeTask(target.database.db, competitorDiscovery, {
      ...emptyDiscovery(brandId),
      insights: [],
      competitorId,
      competitorName: 'Rival',
    });
    await completeTask(target.database.db, adDiscovery, {
      brandId,
      added: 2,
      updated: 0,
      failed: 0,
      capPerCompetitor: 1000,
      countries: ['GB'],
      competitors: [],
    });
  }
  return { discovery, competitorDiscovery, csvImport: csv, adDiscovery };
}

async function statuses(cookie: string, tasks: Tasks): Promise<Record<TaskName, number>> {
  const entries = await Promise.all(
    (Object.keys(taskUrl) as TaskName[]).map(
      async (name) => [name, (await inject('GET', taskUrl[name](tasks[name]), cookie)).statusCode] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<TaskName, number>;
}

const every = (status: number): Record<TaskName, number> => ({
  discovery: status,
  competitorDiscovery: status,
  csvImport: status,
  adDiscovery: status,
});

beforeAll(async () => {
  const database = await createTestDatabase();
  queue = createJobQueue({ database, logger: pino({ level: 'silent' }) });
  await queue.start();
  // A token so ad discovery starts; with no workers nothing calls Meta.
  target = await createTestApp({ database, queue, env: { META_AD_LIBRARY_TOKEN: 'unused-token' } });
});

afterAll(async () => {
  await queue.stop({ graceful: false });
  await target.close();
  await target.database.close();
});

describe('task records are read by who may see their brand', () => {
  let owner: string;
  let member: string;
  let colleague: string;
  let stranger: string;
  let brand: { brandId: string; competitorId: string };
  let memberTasks: Tasks;
  let ownerTasks: Tasks;

  beforeAll(async () => {
    owner = await agencyOwner('tasks-owner@example.com');
    member = await addMember(owner, 'tasks-member@example.com');
    colleague = await addMember(owner, 'tasks-colleague@example.com');
    stranger = await target.signInAs('tasks-stranger@example.com');
    await setPlan(target.database, 'tasks-stranger@example.com', 'agency');
    brand = await brandWithCompetitor(owner, 'Harbour Coffee');
    memberTasks = await startTasks(member, brand);
    ownerTasks = await startTasks(owner, brand);
  });

  it("the agency's owner reads a member's tasks, results included", async () => {
    expect(await statuses(owner, memberTasks)).toEqual(every(200));
    const csv = await inject('GET', taskUrl.csvImport(memberTasks.csvImport), owner);
    expect(csv.json()).toMatchObject({ status: 'completed', brandId: brand.brandId, result: { added: 1 } });
    const ads = await inject('GET', taskUrl.adDiscovery(memberTasks.adDiscovery), owner);
    expect(ads.json()).toMatchObject({ competitorId: brand.competitorId, result: { added: 2 } });
  });

  it("a current member reads the owner's tasks and a colleague's", async () => {
    expect(await statuses(member, ownerTasks)).toEqual(every(200));
    expect(await statuses(colleague, memberTasks)).toEqual(every(200));
  });

  it('an unrelated user gets 404 on every one', async () => {
    expect(await statuses(stranger, memberTasks)).toEqual(every(404));
    expect(await statuses(stranger, ownerTasks)).toEqual(every(404));
    const body = (await inject('GET', taskUrl.csvImport(memberTasks.csvImport), stranger)).json();
    expect(body).toEqual({ message: 'Task not found', code: 'not_found' });
  });

  it('a task is read only at its own endpoint: another kind of task id is a 404', async () => {
    expect((await inject('GET', taskUrl.discovery(memberTasks.csvImport), owner)).statusCode).toBe(404);
    expect((await inject('GET', taskUrl.adDiscovery(memberTasks.discovery), owner)).statusCode).toBe(404);
  });

  it('a member removed from the team loses the tasks she started, with her existing session', async () => {
    expect(await statuses(member, memberTasks)).toEqual(every(200));
    const removed = await inject(
      'DELETE',
      `/api/team-members/${encodeURIComponent('tasks-member@example.com')}`,
      owner,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await statuses(member, memberTasks)).toEqual(every(404));
    expect(await statuses(member, ownerTasks)).toEqual(every(404));
    // The agency keeps them.
    expect(await statuses(owner, memberTasks)).toEqual(every(200));
  });
});

describe("a lapsed agency's members", () => {
  let member: string;
  let memberTasks: Tasks;

  beforeAll(async () => {
    const owner = await agencyOwner('lapsed-owner@example.com');
    member = await addMember(owner, 'lapsed-member@example.com');
    const brand = await brandWithCompetitor(owner, 'Quay Bakery');
    memberTasks = await startTasks(member, brand, true);
  });

  it('see the tasks they started while the plan lasts, and none once it has lapsed', async () => {
    expect(await statuses(member, memberTasks)).toEqual(every(200));
    const active = await inject('GET', '/api/consumer-insights/discoveries/active', member);
    expect(active.json().task).toMatchObject({ id: memberTasks.competitorDiscovery });
    expect((await inject('GET', '/api/ad-discovery/active', member)).json().task).toMatchObject({
      id: memberTasks.adDiscovery,
    });

    await setPlan(target.database, 'lapsed-owner@example.com', 'free');

    expect(await statuses(member, memberTasks)).toEqual(every(404));
    // Nor do the lists of what is running show the brand's tasks.
    expect((await inject('GET', '/api/consumer-insights/discoveries/active', member)).json()).toEqual({ task: null });
    expect((await inject('GET', '/api/ad-discovery/active', member)).json()).toEqual({ task: null });
  });
});
