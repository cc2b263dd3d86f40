import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sentimentReports } from '../../src/server/db/schema/index.ts';
import { WORDING_DEADLINE_MS } from '../../src/server/features/sentiment-reports/list-sentiment-reports.ts';
import type { TSentimentReport } from '../../src/shared/schemas/sentiment-reports.ts';
import { type LlmDouble, startLlmDouble } from '../doubles/llm.ts';
import { planMentions } from '../fixtures/sentiment-reports/mentions.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { pdfWorkspace, popplerPresent } from '../helpers/pdf.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedBrand, seedMentions } from '../helpers/seed-insights.ts';

// With a model configured, the report is stored at once with the local wording and the model's
// rewording follows in a job; an answer that cannot be used leaves the local wording in place.
let target: WorkingTestApp;
let llm: LlmDouble;
let cookie: string;
let brandId: string;
const workspace = pdfWorkspace('sentiment-ai-');

beforeAll(async () => {
  llm = await startLlmDouble();
  target = await createWorkingTestApp({
    env: { AI_PROVIDER: 'openai', AI_MODEL: 'test-model', AI_BASE_URL: llm.baseUrl, AI_TIMEOUT_MS: '3000' },
  });
  cookie = await target.signInAs('ai-reporter@example.com');
  await setPlan(target.database, 'ai-reporter@example.com', 'smb');
  const brand = await seedBrand(target.database, 'ai-reporter@example.com', 'Model Roasters');
  brandId = brand.id;
  await seedMentions(target.database, brand, planMentions(new Date(), 14, 4));
});
afterAll(async () => {
  await target.close();
  await llm.close();
  workspace.remove();
});
beforeEach(() => llm.reset());

async function generateAndWait(): Promise<{ created: TSentimentReport; done: TSentimentReport }> {
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/sentiment-reports',
    headers: { cookie },
    payload: { brandId, reportPeriod: 'weekly' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json() as TSentimentReport;
  const reports = await waitFor(
    async () =>
      (
        await target.app.inject({
          method: 'GET',
          url: `/api/sentiment-reports?brandId=${brandId}`,
          headers: { cookie },
        })
      ).json() as TSentimentReport[],
    (list) => list.find((report) => report.id === created.id)?.insights.wording === 'final',
    { timeoutMs: 30_000, what: 'the report wording' },
  );
  return { created, done: reports.find((report) => report.id === created.id)! };
}

describe('report wording by a language model', () => {
  it('stores the report at once and then the model’s wording, labelled as AI-written', async () => {
    llm.setAnswer((request) => {
      const prompt = String(request.messages?.find((message) => message.role === 'user')?.content ?? '');
      const facts = JSON.parse(prompt.slice(prompt.indexOf('{')));
      return {
        sentences: [
          `Model Roasters was mentioned ${facts.totalMentions} times this week, averaging ${facts.averageSentimentOutOf5} out of 5.`,
          `${facts.positivePercentage}% of mentions were positive and ${facts.negativePercentage}% negative.`,
          'Customers raised 9137 complaints about parking.',
        ],
      };
    });
    const { created, done } = await generateAndWait();
    expect(created.insights).toMatchObject({ writtenBy: 'local', wording: 'pending' });
    expect(created.insights.aiInsights[0]).toContain('Model Roasters had 28 mentions in the last 7 days');
    expect(done.insights.writtenBy).toBe('ai');
    expect(done.insights.aiInsights).toEqual([
      `Model Roasters was mentioned 28 times this week, averaging ${done.overallSentiment?.toFixed(1).replace(/\.0$/, '')} out of 5.`,
      `${done.positivePercentage}% of mentions were positive and ${done.negativePercentage}% negative.`,
    ]);
    // the figures are never the model's
    expect(done.totalMentions).toBe(created.totalMentions);
    expect(done.overallSentiment).toBe(created.overallSentiment);
    expect(llm.requests[0]?.messages?.[0]?.content).toContain('Use only the given figures');

    const pdf = await target.app.inject({
      method: 'POST',
      url: '/api/sentiment-reports/pdf',
      headers: { cookie },
      payload: { brandId, reportId: done.id },
    });
    expect(pdf.statusCode).toBe(200);
    if (!popplerPresent) return;
    const { text } = workspace.inspect('ai', pdf.rawPayload);
    expect(text).toContain("Written with AI from the report's figures");
    expect(text).toContain('Model Roasters was mentioned 28 times this week');
  });

  it('stops waiting for wording whose job never finished', async () => {
    const { done } = await generateAndWait();
    // as if the job had died with its worker long ago
    await target.database.db
      .update(sentimentReports)
      .set({
        createdAt: new Date(Date.now() - WORDING_DEADLINE_MS - 60_000),
        insights: { ...done.insights, wording: 'pending' },
      })
      .where(eq(sentimentReports.id, done.id));
    const listed = await target.app.inject({
      method: 'GET',
      url: `/api/sentiment-reports?brandId=${brandId}`,
      headers: { cookie },
    });
    const report = (listed.json() as TSentimentReport[]).find((candidate) => candidate.id === done.id);
    expect(report?.insights.wording).toBe('final');
    const [stored] = await target.database.db
      .select({ insights: sentimentReports.insights })
      .from(sentimentReports)
      .where(eq(sentimentReports.id, done.id));
    expect(stored?.insights.wording).toBe('final');
  });

  it('keeps the local wording when the model answers with nothing usable', async () => {
    llm.setMode('malformed');
    const { created, done } = await generateAndWait();
    expect(llm.requests.length).toBeGreaterThan(0);
    expect(done.insights.writtenBy).toBe('local');
    expect(done.insights.aiInsights).toEqual(created.insights.aiInsights);
  });
});
