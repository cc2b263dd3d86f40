import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { type LlmDouble, startLlmDouble } from '../doubles/llm.ts';
import { createWorkingTestApp, type WorkingTestApp, waitForAudit } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

// With a language model configured, a model that answers garbage or fails never fails the audit.
let target: WorkingTestApp;
let fixture: FixtureSite;
let llm: LlmDouble;
let cookie: string;
let brandId: string;

beforeAll(async () => {
  fixture = await startFixtureSite({ slowMs: 200 });
  llm = await startLlmDouble();
  target = await createWorkingTestApp({
    env: {
      CRAWLER_ALLOW_LOOPBACK: 'true',
      AI_PROVIDER: 'openai',
      AI_MODEL: 'test-model',
      AI_BASE_URL: llm.baseUrl,
      AI_TIMEOUT_MS: '3000',
    },
  });
  cookie = await target.signInAs('ai-audit@example.com');
  await setPlan(target.database, 'ai-audit@example.com', 'smb');
  const brand = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: { name: 'Model Roasters', websiteUrl: fixture.url },
  });
  brandId = brand.json().id;
});

afterAll(async () => {
  await target?.close();
  await llm?.close();
  await fixture?.close();
});

async function runAudit() {
  const started = await target.app.inject({
    method: 'POST',
    url: '/api/audits',
    headers: { cookie },
    payload: { brandId },
  });
  expect(started.statusCode, started.body).toBe(201);
  return waitForAudit(target, cookie, started.json().id, 60_000);
}

describe('audit wording with a failing model', () => {
  it('completes with local wording when the model answers malformed JSON', async () => {
    llm.reset();
    llm.setMode('malformed');
    const audit = await runAudit();
    expect(audit.status).toBe('completed');
    expect(audit.writtenBy).toBe('local');
    expect(audit.recommendations.length).toBeGreaterThan(0);
    expect(llm.requests.length).toBe(2);
  });

  it('completes with local wording when the model answers HTTP 500', async () => {
    llm.reset();
    llm.setMode('fail');
    const audit = await runAudit();
    expect(audit.status).toBe('completed');
    expect(audit.writtenBy).toBe('local');
    expect(llm.requests.length).toBeGreaterThan(0);
  });
});
