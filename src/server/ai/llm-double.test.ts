import { createOpenAI } from '@ai-sdk/openai';
import { Output, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type LlmDouble, startLlmDouble } from '../../../tests/doubles/llm.ts';

/** The double itself: the streaming protocol, which the writer does not use but the SDK may. */
describe('LLM double', () => {
  let double: LlmDouble;
  beforeAll(async () => {
    double = await startLlmDouble();
  });
  afterAll(async () => {
    await double.close();
  });

  it('streams chat-completion chunks when asked to', async () => {
    double.setAnswer((request) => ({ echo: request.model, items: ['a', 'b'] }));
    const model = createOpenAI({ baseURL: double.baseUrl, apiKey: 'k' }).chat('stream-model');
    const schema = z.object({ echo: z.string(), items: z.array(z.string()) });
    const result = streamText({ model, prompt: 'p', output: Output.object({ schema }), maxRetries: 0 });
    expect(await result.output).toEqual({ echo: 'stream-model', items: ['a', 'b'] });
    expect(double.requests.at(-1)?.stream).toBe(true);
  });

  it('answers only on 127.0.0.1 and 404s unknown paths with an OpenAI-style error', async () => {
    expect(new URL(double.baseUrl).hostname).toBe('127.0.0.1');
    const response = await fetch(`${double.baseUrl}/responses`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});
