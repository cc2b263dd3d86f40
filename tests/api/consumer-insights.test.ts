import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyTeamMembers, consumerInsights, users } from '../../src/server/db/schema/index.ts';
import { featureLimitMessage, insightLimitMessage } from '../../src/shared/plans.ts';
import { manualFeedbackMessage } from '../../src/shared/schemas/insights.ts';
import { type LlmDouble, startLlmDouble } from '../doubles/llm.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';

let target: TestApp;
let owner: string;
let stranger: string;
let ownerBrandId: string;
let strangerBrandId: string;

const PRAISE = 'Absolutely love the new oat latte, the staff were friendly and quick.';
const COMPLAINT =
  'The delivery arrived two weeks late, the box was crushed and support never answered my emails. Terrible service.';

type Method = 'GET' | 'POST' | 'DELETE';
const inject = (method: Method, url: string, cookie?: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function createBrand(cookie: string, name: string): Promise<string> {
  const response = await inject('POST', '/api/brands', cookie, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const addFeedback = (cookie: string, payload: object) => inject('POST', '/api/consumer-insights', cookie, payload);
const listFor = (cookie: string | undefined, brandId: string) =>
  inject('GET', `/api/consumer-insights?brandId=${brandId}`, cookie);

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('insight-owner@example.com');
  stranger = await target.signInAs('insight-stranger@example.com');
  await setPlan(target.database, 'insight-owner@example.com', 'smb');
  await setPlan(target.database, 'insight-stranger@example.com', 'smb');
  ownerBrandId = await createBrand(owner, 'Acme Coffee');
  strangerBrandId = await createBrand(stranger, 'Rival Roasters');
});
afterAll(async () => {
  await target.close();
});

describe('manual feedback', () => {
  it('analyses praise and a complaint at once and lists them newest first', async () => {
    const praise = await addFeedback(owner, {
      brandId: ownerBrandId,
      content: `  ${PRAISE}  `,
      source: 'reviews',
      platform: ' Google ',
      authorName: 'Ada Lovelace',
      authorHandle: '@ada',
    });
    expect(praise.statusCode, praise.body).toBe(201);
    const liked = praise.json();
    expect(liked).toMatchObject({
      brandId: ownerBrandId,
      competitorId: null,
      source: 'reviews',
      platform: 'Google',
      content: PRAISE,
      sentiment: 'positive',
      authorName: 'Ada Lovelace',
      authorHandle: '@ada',
      sourceUrl: null,
      rating: null,
      analysedBy: 'local',
    });
    expect(liked.sentimentScore).toBeGreaterThanOrEqual(4);
    expect(liked.confidence).toBeGreaterThan(0);
    expect(liked.confidence).toBeLessThanOrEqual(1);
    // Topics and keywords are words of the text itself.
    const text = PRAISE.toLowerCase();
    for (const word of [...liked.topics, ...liked.keywords]) {
      for (const part of word.split(' ')) expect(text).toContain(part);
    }
    expect(liked.keywords).toContain('staff');
    expect(liked.emotions).toContain('joy');

    const complaint = await addFeedback(owner, { brandId: ownerBrandId, content: COMPLAINT });
    expect(complaint.statusCode, complaint.body).toBe(201);
    const disliked = complaint.json();
    expect(disliked).toMatchObject({ source: 'feedback', platform: null, authorName: null, sentiment: 'negative' });
    expect(disliked.sentimentScore).toBeLessThanOrEqual(2);
    expect(Number.isInteger(disliked.sentimentScore)).toBe(true);
    expect(disliked.keywords).toContain('delivery');

    const list = await listFor(owner, ownerBrandId);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((insight: { id: string }) => insight.id)).toEqual([disliked.id, liked.id]);
  });

  it('keeps the same words twice when a person enters them twice', async () => {
    const content = 'Queue was long but the barista apologised.';
    expect((await addFeedback(owner, { brandId: ownerBrandId, content })).statusCode).toBe(201);
    expect((await addFeedback(owner, { brandId: ownerBrandId, content })).statusCode).toBe(201);
    const same = (await listFor(owner, ownerBrandId))
      .json()
      .filter((row: { content: string }) => row.content === content);
    expect(same).toHaveLength(2);
  });

  it('refuses blank, over-long and control-character content, and unknown sources, with readable messages', async () => {
    const blank = await addFeedback(owner, { brandId: ownerBrandId, content: ' \n\t ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: manualFeedbackMessage, code: 'validation' });

    const missing = await addFeedback(owner, { brandId: ownerBrandId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(manualFeedbackMessage);

    const noBrand = await addFeedback(owner, { content: PRAISE });
    expect(noBrand.statusCode).toBe(400);
    expect(noBrand.json().message).toBe(manualFeedbackMessage);

    const long = await addFeedback(owner, { brandId: ownerBrandId, content: 'a'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Feedback content must be at most 10,000 characters');
    const longest = await addFeedback(owner, { brandId: ownerBrandId, content: `${'good coffee '.repeat(833)}ok` });
    expect(longest.statusCode, longest.body).toBe(201);

    const source = await addFeedback(owner, { brandId: ownerBrandId, content: PRAISE, source: 'tweets' });
    expect(source.statusCode).toBe(400);
    expect(source.json().message).toBe('Source must be one of feedback, social media, reviews or surveys');

    const control = await addFeedback(owner, { brandId: ownerBrandId, content: 'Great\u0000 coffee' });
    expect(control.statusCode).toBe(400);
    expect(control.json().message).toBe('Feedback content contains a control character');
    const author = await addFeedback(owner, { brandId: ownerBrandId, content: PRAISE, authorName: 'Ada\u0007' });
    expect(author.statusCode).toBe(400);
    expect(author.json().message).toBe('Author name contains a control character');

    // Line breaks belong in feedback.
    const multiline = await addFeedback(owner, { brandId: ownerBrandId, content: 'Line one.\nLine two.' });
    expect(multiline.statusCode, multiline.body).toBe(201);
  });
});

describe('tenancy', () => {
  it("answers 404 for another user's brand, on reading and on adding", async () => {
    const read = await listFor(owner, strangerBrandId);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('Brand not found');
    const add = await addFeedback(owner, { brandId: strangerBrandId, content: PRAISE });
    expect(add.statusCode).toBe(404);
    const missing = await listFor(owner, crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    const notAnId = await listFor(owner, 'not-an-id');
    expect(notAnId.statusCode).toBe(400);
    expect(await countInsights(strangerBrandId)).toBe(0);
  });

  it("answers 404 when deleting another user's insight, and deletes one's own", async () => {
    const theirs = await addFeedback(stranger, { brandId: strangerBrandId, content: PRAISE });
    expect(theirs.statusCode).toBe(201);
    const refused = await inject('DELETE', `/api/consumer-insights/${theirs.json().id}`, owner);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Insight not found');
    expect(await countInsights(strangerBrandId)).toBe(1);

    const mine = (await addFeedback(owner, { brandId: ownerBrandId, content: COMPLAINT })).json();
    const deleted = await inject('DELETE', `/api/consumer-insights/${mine.id}`, owner);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: mine.id });
    const again = await inject('DELETE', `/api/consumer-insights/${mine.id}`, owner);
    expect(again.statusCode).toBe(404);
    const ids = (await listFor(owner, ownerBrandId)).json().map((row: { id: string }) => row.id);
    expect(ids).not.toContain(mine.id);
    expect((await inject('DELETE', '/api/consumer-insights/not-an-id', owner)).statusCode).toBe(404);
  });

  it('answers 401 to every route without a session', async () => {
    expect((await listFor(undefined, ownerBrandId)).statusCode).toBe(401);
    expect((await addFeedback('', { brandId: ownerBrandId, content: PRAISE })).statusCode).toBe(401);
    const [row] = await target.database.db.select().from(consumerInsights).limit(1);
    expect((await inject('DELETE', `/api/consumer-insights/${row!.id}`)).statusCode).toBe(401);
  });

  it("lets an agency team member read, add to and delete from the agency owner's brand", async () => {
    const agency = await target.signInAs('insight-agency@example.com');
    await setPlan(target.database, 'insight-agency@example.com', 'agency');
    const agencyBrandId = await createBrand(agency, 'Client Brand');
    const [agencyUser] = await target.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'insight-agency@example.com'));
    await target.database.db
      .insert(agencyTeamMembers)
      .values({ agencyUserId: agencyUser!.id, memberEmail: 'insight-member@example.com' });
    // A member on the free plan works under the agency's plan on the agency's brands.
    const member = await target.signInAs('insight-member@example.com');

    const added = await addFeedback(member, { brandId: agencyBrandId, content: PRAISE });
    expect(added.statusCode, added.body).toBe(201);
    const [stored] = await target.database.db
      .select()
      .from(consumerInsights)
      .where(eq(consumerInsights.id, added.json().id));
    expect(stored!.userId).toBe(agencyUser!.id);
    expect((await listFor(agency, agencyBrandId)).json()).toHaveLength(1);
    expect((await inject('DELETE', `/api/consumer-insights/${added.json().id}`, member)).statusCode).toBe(200);
    expect((await listFor(member, agencyBrandId)).json()).toEqual([]);
  });
});

describe('plans', () => {
  it('refuses the free plan new insights (403 plan_feature), and keeps what it had readable and removable', async () => {
    const cookie = await target.signInAs('insight-free@example.com');
    const brandId = await createBrand(cookie, 'Free Co');
    const empty = await listFor(cookie, brandId);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const add = await addFeedback(cookie, { brandId, content: PRAISE });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual({ message: featureLimitMessage('free', 'consumerInsights'), code: 'plan_feature' });

    // An insight kept from a paid plan stays after moving to free: readable, and the account's to delete.
    await setPlan(target.database, 'insight-free@example.com', 'smb');
    const kept = (await addFeedback(cookie, { brandId, content: PRAISE })).json();
    await setPlan(target.database, 'insight-free@example.com', 'free');
    expect((await listFor(cookie, brandId)).json().map((insight: { id: string }) => insight.id)).toEqual([kept.id]);
    const remove = await inject('DELETE', `/api/consumer-insights/${kept.id}`, cookie);
    expect(remove.statusCode).toBe(200);
    expect((await listFor(cookie, brandId)).json()).toEqual([]);
  });

  it('stops the starter plan at 200 insights with 403 plan_limit, and deleting one makes room', async () => {
    const cookie = await target.signInAs('insight-starter@example.com');
    await setPlan(target.database, 'insight-starter@example.com', 'starter');
    const brandId = await createBrand(cookie, 'Starter Co');
    const [starter] = await target.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'insight-starter@example.com'));
    await target.database.db.insert(consumerInsights).values(
      Array.from({ length: 199 }, (_, index) => ({
        brandId,
        userId: starter!.id,
        content: `Imported review number ${index}`,
        sentiment: 'neutral' as const,
        sentimentScore: 3,
        confidence: 0.5,
      })),
    );
    const twoHundredth = await addFeedback(cookie, { brandId, content: PRAISE });
    expect(twoHundredth.statusCode, twoHundredth.body).toBe(201);
    expect(await countInsights(brandId)).toBe(200);

    const refused = await addFeedback(cookie, { brandId, content: COMPLAINT });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: insightLimitMessage('starter'), code: 'plan_limit' });
    expect(await countInsights(brandId)).toBe(200);

    expect((await inject('DELETE', `/api/consumer-insights/${twoHundredth.json().id}`, cookie)).statusCode).toBe(200);
    expect((await addFeedback(cookie, { brandId, content: COMPLAINT })).statusCode).toBe(201);
  });
});

describe('with a language model configured', () => {
  let llm: LlmDouble;
  let withModel: TestApp;

  beforeAll(async () => {
    llm = await startLlmDouble();
    withModel = await createTestApp({
      env: { AI_PROVIDER: 'openai', AI_MODEL: 'test-model', AI_BASE_URL: llm.baseUrl, AI_TIMEOUT_MS: '3000' },
    });
  });
  afterAll(async () => {
    await withModel?.close();
    await llm?.close();
  });

  it("labels a valid refinement as the model's and keeps the local result when the model fails", async () => {
    const cookie = await withModel.signInAs('insight-ai@example.com');
    await setPlan(withModel.database, 'insight-ai@example.com', 'smb');
    const brand = await withModel.app.inject({
      method: 'POST',
      url: '/api/brands',
      headers: { cookie },
      payload: { name: 'Model Coffee' },
    });
    const brandId = brand.json().id;
    const post = (content: string) =>
      withModel.app.inject({
        method: 'POST',
        url: '/api/consumer-insights',
        headers: { cookie },
        payload: { brandId, content },
      });

    llm.setAnswer({
      label: 'positive',
      sentimentScore: 5,
      confidence: 0.9,
      topics: ['latte'],
      emotions: ['joy'],
      keywords: ['latte', 'staff'],
    });
    const refined = await post(PRAISE);
    expect(refined.statusCode, refined.body).toBe(201);
    expect(refined.json()).toMatchObject({ analysedBy: 'ai', sentiment: 'positive', topics: ['latte'] });
    expect(llm.requests.length).toBeGreaterThan(0);

    llm.setMode('fail', { status: 500 });
    const local = await post(COMPLAINT);
    expect(local.statusCode, local.body).toBe(201);
    expect(local.json()).toMatchObject({ analysedBy: 'local', sentiment: 'negative' });
  });
});

async function countInsights(brandId: string): Promise<number> {
  const rows = await target.database.db
    .select({ id: consumerInsights.id })
    .from(consumerInsights)
    .where(eq(consumerInsights.brandId, brandId));
  return rows.length;
}
