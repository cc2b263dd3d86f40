import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type LlmDouble, startLlmDouble } from '../../../tests/doubles/llm.ts';
import { type AiLogger, aiConfigFromEnv, createAiWriter } from './provider.ts';
import { writeWithFallback } from './write-with-fallback.ts';

const ZTagline = z.object({ tagline: z.string().min(1) });
const request = { schema: ZTagline, schemaName: 'tagline', system: 'Write a tagline.', prompt: 'Brand: Acme' };

describe('writeWithFallback', () => {
  let double: LlmDouble;
  const warnings: unknown[][] = [];
  const logger = { debug() {}, info() {}, warn: (...args: unknown[]) => warnings.push(args), error() {} } as AiLogger;
  const writerWithTimeout = (timeoutMs: string) =>
    createAiWriter(
      aiConfigFromEnv({
        AI_PROVIDER: 'openai',
        AI_MODEL: 'double',
        AI_BASE_URL: double.baseUrl,
        AI_TIMEOUT_MS: timeoutMs,
      }),
    );

  beforeAll(async () => {
    double = await startLlmDouble();
  });
  afterAll(async () => {
    await double.close();
  });
  beforeEach(() => {
    double.reset();
    double.setAnswer({ tagline: 'Acme, measured.' });
    warnings.length = 0;
  });

  it('uses the local wording when no model is configured', async () => {
    const writer = createAiWriter(aiConfigFromEnv({}));
    expect(writer).toBeNull();
    const result = await writeWithFallback({ writer, local: () => ({ tagline: 'Local' }), request });
    expect(result).toEqual({ value: { tagline: 'Local' }, writtenBy: 'local' });
    expect(double.requests).toHaveLength(0);
  });

  it("uses the model's answer and never computes the local wording", async () => {
    const local = vi.fn(() => ({ tagline: 'Local' }));
    const result = await writeWithFallback({ writer: writerWithTimeout('2000'), local, request, logger });
    expect(result).toEqual({ value: { tagline: 'Acme, measured.' }, writtenBy: 'ai' });
    expect(local).not.toHaveBeenCalled();
  });

  it('falls back after a malformed answer and one retry', async () => {
    double.setMode('malformed');
    const result = await writeWithFallback({
      writer: writerWithTimeout('2000'),
      local: () => ({ tagline: 'Local' }),
      request,
      logger,
    });
    expect(result).toEqual({
      value: { tagline: 'Local' },
      writtenBy: 'local',
      fallbackReason: 'The openai model double gave no valid tagline after 2 attempts: the answer was not JSON',
    });
    expect(double.requests).toHaveLength(2);
    expect(warnings.at(-1)?.[1]).toBe('AI writing failed; using the local wording');
  });

  it('falls back quickly when the model is slow', async () => {
    double.setMode('slow', { delayMs: 5000 });
    const startedAt = Date.now();
    const result = await writeWithFallback({
      writer: writerWithTimeout('100'),
      local: () => ({ tagline: 'Local' }),
      request,
    });
    expect(Date.now() - startedAt).toBeLessThan(1500);
    expect(result).toMatchObject({ writtenBy: 'local', fallbackReason: expect.stringMatching(/within 100 ms/) });
    expect(double.requests).toHaveLength(1);
  });

  it('falls back when the provider fails', async () => {
    double.setMode('fail', { status: 503 });
    const result = await writeWithFallback({
      writer: writerWithTimeout('2000'),
      local: () => ({ tagline: 'Local' }),
      request,
    });
    expect(result).toMatchObject({ value: { tagline: 'Local' }, writtenBy: 'local' });
    expect(result.fallbackReason).toMatch(/HTTP 503/);
  });

  it('falls back when the answer is rejected by accept', async () => {
    const result = await writeWithFallback({
      writer: writerWithTimeout('2000'),
      local: () => 'Local',
      request,
      accept: (answer) => {
        if (answer.tagline.includes('measured')) throw new Error('The tagline promised something unmeasured');
        return answer.tagline;
      },
    });
    expect(result).toEqual({
      value: 'Local',
      writtenBy: 'local',
      fallbackReason: 'The tagline promised something unmeasured',
    });
  });
});
