import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type LlmDouble, startLlmDouble } from '../../../tests/doubles/llm.ts';
import {
  type AiConfig,
  AiConfigError,
  type AiLogger,
  AiWriteError,
  aiConfigFromEnv,
  createAiWriter,
  ZAiConfig,
} from './provider.ts';

describe('aiConfigFromEnv', () => {
  const problemOf = (env: Record<string, string | undefined>) => {
    try {
      aiConfigFromEnv(env);
    } catch (error) {
      expect(error).toBeInstanceOf(AiConfigError);
      return (error as Error).message;
    }
    throw new Error('expected an AiConfigError');
  };

  it('defaults to none, also for empty values, and ignores the other variables then', () => {
    expect(aiConfigFromEnv({})).toEqual({ provider: 'none' });
    expect(aiConfigFromEnv({ AI_PROVIDER: '', AI_MODEL: '' })).toEqual({ provider: 'none' });
    expect(aiConfigFromEnv({ AI_PROVIDER: 'none', AI_TIMEOUT_MS: 'soon' })).toEqual({ provider: 'none' });
  });

  it('reads an OpenAI-compatible server with the default timeout, no key and no trailing slash', () => {
    const config = aiConfigFromEnv({
      AI_PROVIDER: 'OpenAI',
      AI_MODEL: 'llama3.1',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
    });
    expect(config).toEqual({
      provider: 'openai',
      model: 'llama3.1',
      baseUrl: 'http://127.0.0.1:11434/v1',
      timeoutMs: 30_000,
    });
    expect(ZAiConfig.parse(config)).toEqual(config);
  });

  it('reads OpenAI and Anthropic with keys and a timeout', () => {
    expect(aiConfigFromEnv({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini', AI_API_KEY: 'sk-1' })).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-1',
      timeoutMs: 30_000,
    });
    expect(
      aiConfigFromEnv({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude', AI_API_KEY: 'k', AI_TIMEOUT_MS: '5000' }),
    ).toEqual({ provider: 'anthropic', model: 'claude', apiKey: 'k', timeoutMs: 5000 });
  });

  it('names the variable that is wrong', () => {
    expect(problemOf({ AI_PROVIDER: 'gemini' })).toMatch(/^AI_PROVIDER: must be one of none, openai, anthropic/);
    expect(problemOf({ AI_PROVIDER: 'openai', AI_API_KEY: 'sk' })).toMatch(
      /^AI_MODEL: required when AI_PROVIDER is openai/,
    );
    expect(problemOf({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini' })).toMatch(/^AI_API_KEY: required/);
    expect(problemOf({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude', AI_BASE_URL: 'http://127.0.0.1:1' })).toMatch(
      /^AI_API_KEY: required when AI_PROVIDER is anthropic/,
    );
    expect(problemOf({ AI_PROVIDER: 'openai', AI_MODEL: 'm', AI_BASE_URL: 'localhost:11434' })).toMatch(
      /^AI_BASE_URL: must be an http\(s\) URL/,
    );
    for (const timeout of ['soon', '0', '-5', '1.5', '9999999']) {
      expect(problemOf({ AI_PROVIDER: 'openai', AI_MODEL: 'm', AI_API_KEY: 'k', AI_TIMEOUT_MS: timeout })).toMatch(
        /^AI_TIMEOUT_MS: must be a whole number/,
      );
    }
  });

  it('lists every problem at once', () => {
    const error = (() => {
      try {
        aiConfigFromEnv({ AI_PROVIDER: 'anthropic', AI_TIMEOUT_MS: 'x' });
      } catch (caught) {
        return caught as AiConfigError;
      }
    })();
    expect(error?.problems.map((problem) => problem.split(':')[0])).toEqual([
      'AI_MODEL',
      'AI_API_KEY',
      'AI_TIMEOUT_MS',
    ]);
  });
});

describe('createAiWriter', () => {
  const ZGreeting = z.object({ greeting: z.string().min(1), tags: z.array(z.string()).max(3) });
  const SECRET = 'sk-test-secret-key-0123456789';
  const PROMPT = 'Say hello to the very private brand Zebulon';
  let double: LlmDouble;
  let logs: { level: string; entry: string }[];
  const logger: AiLogger = {
    debug: (...args: unknown[]) => logs.push({ level: 'debug', entry: JSON.stringify(args) }),
    info: (...args: unknown[]) => logs.push({ level: 'info', entry: JSON.stringify(args) }),
    warn: (...args: unknown[]) => logs.push({ level: 'warn', entry: JSON.stringify(args) }),
    error: (...args: unknown[]) => logs.push({ level: 'error', entry: JSON.stringify(args) }),
  } as AiLogger;

  const writerFor = (overrides: Partial<Extract<AiConfig, { provider: 'openai' }>> = {}) => {
    const writer = createAiWriter(
      {
        provider: 'openai',
        model: 'double-model',
        apiKey: SECRET,
        baseUrl: double.baseUrl,
        timeoutMs: 2000,
        ...overrides,
      },
      { logger },
    );
    if (!writer) throw new Error('expected a writer');
    return writer;
  };
  const request = { schema: ZGreeting, schemaName: 'greeting', system: 'You greet brands.', prompt: PROMPT };

  beforeAll(async () => {
    double = await startLlmDouble();
  });
  afterAll(async () => {
    await double.close();
  });
  beforeEach(() => {
    double.reset();
    double.setAnswer({ greeting: 'Hello, Zebulon', tags: ['friendly'] });
    logs = [];
  });

  it('is null when no provider is configured', () => {
    expect(createAiWriter({ provider: 'none' })).toBeNull();
  });

  it('creates an Anthropic writer without calling it', () => {
    const writer = createAiWriter({ provider: 'anthropic', model: 'claude-test', apiKey: 'k', timeoutMs: 1000 });
    expect(writer).toMatchObject({ provider: 'anthropic', model: 'claude-test' });
  });

  it('asks for the schema over chat completions and returns the validated answer', async () => {
    const value = await writerFor().writeStructured(request);
    expect(value).toEqual({ greeting: 'Hello, Zebulon', tags: ['friendly'] });
    expect(double.requests).toHaveLength(1);
    const [sent] = double.requests;
    expect(sent?.model).toBe('double-model');
    expect(sent?.stream).toBeFalsy();
    expect(sent?.response_format?.type).toBe('json_schema');
    expect(sent?.response_format?.json_schema?.name).toBe('greeting');
    expect(sent?.response_format?.json_schema?.schema).toMatchObject({ required: ['greeting', 'tags'] });
    expect(sent?.messages).toEqual([
      { role: 'system', content: 'You greet brands.' },
      { role: 'user', content: PROMPT },
    ]);
    expect(double.requestHeaders[0]?.authorization).toBe(`Bearer ${SECRET}`);
  });

  it('asks once more after an answer that is not JSON, then gives up with a readable error', async () => {
    double.setMode('malformed');
    const error = await writerFor()
      .writeStructured(request)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiWriteError);
    expect(error).toMatchObject({ kind: 'invalid-answer', attempts: 2 });
    expect((error as Error).message).toBe(
      'The openai model double-model gave no valid greeting after 2 attempts: the answer was not JSON',
    );
    expect(double.requests).toHaveLength(2);
  });

  it('treats JSON that does not match the schema as invalid, and names the field', async () => {
    double.setMode('malformed', { variant: 'wrong-shape' });
    const error = await writerFor()
      .writeStructured(request)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'invalid-answer', attempts: 2 });
    expect((error as Error).message).toMatch(/did not match the schema \(greeting: /);
    expect(double.requests).toHaveLength(2);
  });

  it('uses the retry when the second answer is good', async () => {
    double.setMode('malformed', { times: 1 });
    await expect(writerFor().writeStructured(request)).resolves.toEqual({
      greeting: 'Hello, Zebulon',
      tags: ['friendly'],
    });
    expect(double.requests).toHaveLength(2);
  });

  it('gives up after the timeout without retrying', async () => {
    double.setMode('slow', { delayMs: 5000 });
    const startedAt = Date.now();
    const error = await writerFor({ timeoutMs: 150 })
      .writeStructured(request)
      .catch((caught: unknown) => caught);
    expect(Date.now() - startedAt).toBeLessThan(1500);
    expect(error).toMatchObject({ kind: 'timeout', attempts: 1 });
    expect((error as Error).message).toBe('The openai model double-model did not answer within 150 ms (AI_TIMEOUT_MS)');
    expect(double.requests).toHaveLength(1);
  });

  it('reports a provider failure with its status, without retrying', async () => {
    double.setMode('fail');
    const error = await writerFor()
      .writeStructured(request)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'provider-error', statusCode: 500, attempts: 1 });
    expect((error as Error).message).toBe(
      'The openai model double-model failed with HTTP 500: The server had an error while processing your request.',
    );
    expect(double.requests).toHaveLength(1);
  });

  it('stops when the caller cancels', async () => {
    double.setMode('slow', { delayMs: 5000 });
    const controller = new AbortController();
    const writing = writerFor().writeStructured({ ...request, abortSignal: controller.signal });
    // Cancel once the double holds the request: a request still on its way when the test ends would
    // take the next test's mode.
    await vi.waitFor(() => expect(double.requests).toHaveLength(1), { timeout: 5000 });
    controller.abort();
    await expect(writing).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('keeps the key out of every log line and the prompt out of info and above', async () => {
    double.setMode('malformed', { times: 1 });
    await writerFor().writeStructured(request);
    double.setMode('fail');
    await writerFor()
      .writeStructured(request)
      .catch(() => undefined);
    expect(logs.some((line) => line.level === 'warn')).toBe(true);
    for (const line of logs) expect(line.entry).not.toContain(SECRET);
    for (const line of logs.filter((entry) => entry.level !== 'debug')) expect(line.entry).not.toContain('Zebulon');
  });
});
