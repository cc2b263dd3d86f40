import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMarketingRecommendations } from '../../src/shared/schemas/recommendations.ts';
import { type LlmDouble, startLlmDouble } from '../doubles/llm.ts';
import { auditDetailFixture } from '../fixtures/audit-detail.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedCompletedAudit, setPlan } from '../helpers/seed.ts';

let target: TestApp;
let owner: string;
let stranger: string;
let auditId: string;

const checkIds = new Set(
  (['website', 'socialMedia', 'brandAssets'] as const).flatMap((area) =>
    Object.values(auditDetailFixture.analysis?.[area] ?? {}).flatMap((group) => group.checks.map((check) => check.id)),
  ),
);

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('strategist@example.com');
  stranger = await target.signInAs('strategy-stranger@example.com');
  auditId = (await seedCompletedAudit(target.database, 'strategist@example.com')).audit.id;
  await setPlan(target.database, 'strategist@example.com', 'starter');
});
afterAll(async () => {
  await target.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string) =>
  target.app.inject({ method, url, headers: cookie ? { cookie } : {} });

describe('marketing recommendations', () => {
  let token: string;

  it('has none before generating', async () => {
    const response = await inject('GET', `/api/audits/${auditId}/marketing-recommendations`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recommendations: null, shareableToken: null, isPublic: false, createdAt: null });
  });

  it('generates them from the measured findings, with action items', async () => {
    const response = await inject('POST', `/api/audits/${auditId}/marketing-recommendations`, owner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const recommendations: TMarketingRecommendations = body.recommendations;
    expect(recommendations.writtenBy).toBe('local');
    expect(recommendations.executiveSummary).toContain('Acme Coffee scored 72/100 overall');
    expect(recommendations.marketingStrategies.length).toBeGreaterThan(0);
    for (const strategy of recommendations.marketingStrategies) {
      expect(['Critical', 'High', 'Medium', 'Low']).toContain(strategy.priority);
      expect(strategy.basedOn.length).toBeGreaterThan(0);
      // No strategy cites a finding the audit does not have.
      for (const finding of strategy.basedOn) expect(checkIds.has(finding.checkId), finding.checkId).toBe(true);
    }
    // The failed checks' own recommendations appear as implementation steps.
    const steps = recommendations.marketingStrategies.flatMap((strategy) => strategy.implementation).join('\n');
    for (const recommendation of auditDetailFixture.recommendations.filter(
      (r) => r.checkId && checkIds.has(r.checkId),
    )) {
      expect(steps).toContain(recommendation.title);
    }
    expect(body.shareableToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.isPublic).toBe(false);
    expect(body.actionItems.length).toBe(auditDetailFixture.recommendations.length);
    token = body.shareableToken;
  });

  it('returns the saved result and keeps the token when regenerating', async () => {
    const saved = await inject('GET', `/api/audits/${auditId}/marketing-recommendations`, owner);
    expect(saved.json().recommendations.executiveSummary).toContain('Acme Coffee');
    const again = await inject('POST', `/api/audits/${auditId}/marketing-recommendations`, owner);
    expect(again.json().shareableToken).toBe(token);
    expect(again.json().actionItems).toEqual([]);
  });

  it('keeps a private share token private and leaks nothing', async () => {
    const hidden = await inject('GET', `/api/marketing-recommendations/share/${token}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Acme');
    expect(
      (await inject('GET', '/api/marketing-recommendations/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode,
    ).toBe(404);
  });

  it('shares publicly: the share answer carries recommendations, brand name, date and white label only', async () => {
    const shared = await inject('POST', `/api/audits/${auditId}/marketing-recommendations/share`, owner);
    expect(shared.json()).toMatchObject({ isPublic: true, path: `/marketing-recommendations/${token}` });
    const response = await inject('GET', `/api/marketing-recommendations/share/${token}`);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['brand', 'branding', 'createdAt', 'recommendations']);
    expect(response.json().brand).toEqual({ name: 'Acme Coffee' });
    expect(response.json().branding).toBeNull();
    expect(response.body).not.toContain('strategist@example.com');
    await inject('DELETE', `/api/audits/${auditId}/marketing-recommendations/share`, owner);
    expect((await inject('GET', `/api/marketing-recommendations/share/${token}`)).statusCode).toBe(404);
  });

  it('shares again under a new link: the old one stays dead', async () => {
    const again = await inject('POST', `/api/audits/${auditId}/marketing-recommendations/share`, owner);
    const renewed = again.json().shareableToken;
    expect(renewed).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(renewed).not.toBe(token);
    expect(again.json().path).toBe(`/marketing-recommendations/${renewed}`);
    expect((await inject('GET', `/api/marketing-recommendations/share/${renewed}`)).statusCode).toBe(200);
    expect((await inject('GET', `/api/marketing-recommendations/share/${token}`)).statusCode).toBe(404);
    await inject('DELETE', `/api/audits/${auditId}/marketing-recommendations/share`, owner);
  });

  it('answers 401 signed out and 404 for another user’s audit', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await inject(method, `/api/audits/${auditId}/marketing-recommendations`)).statusCode).toBe(401);
      expect((await inject(method, `/api/audits/${auditId}/marketing-recommendations`, stranger)).statusCode).toBe(404);
    }
    expect((await inject('POST', `/api/audits/${auditId}/marketing-recommendations/share`, stranger)).statusCode).toBe(
      404,
    );
  });
});

describe('marketing recommendations written by a language model', () => {
  let llm: LlmDouble;
  let withModel: TestApp;
  let cookie: string;
  let modelAuditId: string;

  beforeAll(async () => {
    llm = await startLlmDouble();
    withModel = await createTestApp({
      env: { AI_PROVIDER: 'openai', AI_MODEL: 'test-model', AI_BASE_URL: llm.baseUrl, AI_TIMEOUT_MS: '2000' },
    });
    cookie = await withModel.signInAs('model@example.com');
    modelAuditId = (await seedCompletedAudit(withModel.database, 'model@example.com')).audit.id;
    await setPlan(withModel.database, 'model@example.com', 'starter');
  });
  afterAll(async () => {
    await withModel.close();
    await llm.close();
  });

  const answer = {
    executiveSummary: 'Acme Coffee is well placed; fix labels and descriptions first.',
    keyFindings: ['Form fields lack labels.'],
    quickWins: ['Label the newsletter field.'],
    marketingStrategies: [
      {
        strategy: 'Make the shop accessible',
        category: 'User Experience',
        priority: 'High',
        timeline: 'This week',
        implementation: ['Add labels'],
        expectedImpact: 'Every visitor can sign up.',
        basedOnCheckIds: ['a11y.label', 'made.up.check'],
      },
      {
        strategy: 'An invented idea',
        category: 'Brand Positioning',
        priority: 'Low',
        timeline: 'Later',
        implementation: ['Do something'],
        expectedImpact: 'Unknown.',
        basedOnCheckIds: ['not.a.check'],
      },
    ],
    competitiveAdvantage: 'Strong social presence.',
    longTermGoals: ['Keep auditing.'],
  };

  it('uses a valid answer, keeping only findings the audit has', async () => {
    llm.setAnswer(answer);
    llm.setMode('good');
    const response = await withModel.app.inject({
      method: 'POST',
      url: `/api/audits/${modelAuditId}/marketing-recommendations`,
      headers: { cookie },
    });
    const recommendations = response.json().recommendations;
    expect(recommendations.writtenBy).toBe('ai');
    expect(recommendations.marketingStrategies).toHaveLength(1);
    expect(
      recommendations.marketingStrategies[0].basedOn.map((finding: { checkId: string }) => finding.checkId),
    ).toEqual(['a11y.label']);
  });

  it('falls back to the local engine when the model fails', async () => {
    llm.setMode('fail');
    const response = await withModel.app.inject({
      method: 'POST',
      url: `/api/audits/${modelAuditId}/marketing-recommendations`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().recommendations.writtenBy).toBe('local');
  });

  it('falls back to the local engine after one retry on malformed answers', async () => {
    llm.reset();
    llm.setMode('malformed');
    const response = await withModel.app.inject({
      method: 'POST',
      url: `/api/audits/${modelAuditId}/marketing-recommendations`,
      headers: { cookie },
    });
    expect(response.json().recommendations.writtenBy).toBe('local');
    expect(llm.requests).toHaveLength(2);
  });
});
