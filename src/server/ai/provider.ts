/**
 * The language model behind the product's AI-written text, chosen by environment:
 * AI_PROVIDER = none (default: the local engine writes everything) | openai | anthropic.
 * `openai` also covers any OpenAI-compatible server (Ollama, vLLM, OpenRouter) through AI_BASE_URL;
 * it speaks chat completions, which every such server implements.
 *
 * An AiWriter asks for one JSON object validated by a zod schema. The model is sent that schema
 * without length, count, range or format limits, which not every provider accepts in strict
 * structured output; zod checks them on the answer, and a violation counts as an invalid answer.
 * Put such limits in the prompt or in .describe() too, and use .nullable() rather than .optional()
 * in answer schemas (strict mode wants every property required). It never logs the API key, and it logs
 * prompts and answers only at debug level.
 */
import type { JSONSchema7, LanguageModel, Schema } from 'ai';
import type { Logger } from 'pino';
import { z } from 'zod';
import { deadline } from '../integrations/http/deadline.ts';

export const aiProviders = ['none', 'openai', 'anthropic'] as const;
export type AiProvider = (typeof aiProviders)[number];

export const DEFAULT_AI_TIMEOUT_MS = 30_000;
const MAX_AI_TIMEOUT_MS = 10 * 60_000;

const ZAiModelConfig = {
  model: z.string().min(1),
  /** optional for an OpenAI-compatible server at baseUrl (Ollama needs none) */
  apiKey: z.string().min(1).optional(),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** per model call; a retry gets a fresh timeout */
  timeoutMs: z.number().int().positive().max(MAX_AI_TIMEOUT_MS),
};

export const ZAiConfig = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('none') }),
  z.object({ provider: z.literal('openai'), ...ZAiModelConfig }),
  z.object({ provider: z.literal('anthropic'), ...ZAiModelConfig, apiKey: z.string().min(1) }),
]);
export type AiConfig = z.infer<typeof ZAiConfig>;
export type AiModelConfig = Exclude<AiConfig, { provider: 'none' }>;

/** A bad AI_* variable. `problems` are lines such as "AI_MODEL: required when AI_PROVIDER is openai". */
export class AiConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'AiConfigError';
    this.problems = problems;
  }
}

/**
 * Reads AI_PROVIDER, AI_MODEL, AI_API_KEY, AI_BASE_URL and AI_TIMEOUT_MS. Empty values count as
 * unset. Throws AiConfigError naming each bad variable. With AI_PROVIDER=none (or unset) the other
 * variables are ignored.
 */
export function aiConfigFromEnv(env: Record<string, string | undefined>): AiConfig {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const providerValue = read('AI_PROVIDER')?.toLowerCase() ?? 'none';
  if (!(aiProviders as readonly string[]).includes(providerValue)) {
    throw new AiConfigError([`AI_PROVIDER: must be one of ${aiProviders.join(', ')} (got "${read('AI_PROVIDER')}")`]);
  }
  const provider = providerValue as AiProvider;
  if (provider === 'none') return { provider: 'none' };

  const problems: string[] = [];
  const model = read('AI_MODEL');
  if (!model) {
    problems.push(
      `AI_MODEL: required when AI_PROVIDER is ${provider} (the model name, e.g. ${provider === 'openai' ? 'gpt-4o-mini, or llama3.1 on Ollama' : 'claude-sonnet-4-5'})`,
    );
  }

  const baseUrl = read('AI_BASE_URL');
  if (baseUrl !== undefined && !isHttpUrl(baseUrl)) {
    problems.push('AI_BASE_URL: must be an http(s) URL, e.g. http://127.0.0.1:11434/v1 for Ollama');
  }

  const apiKey = read('AI_API_KEY');
  if (!apiKey && provider === 'anthropic') {
    problems.push('AI_API_KEY: required when AI_PROVIDER is anthropic');
  } else if (!apiKey && provider === 'openai' && baseUrl === undefined) {
    problems.push(
      'AI_API_KEY: required when AI_PROVIDER is openai, unless AI_BASE_URL points to an OpenAI-compatible server that needs none',
    );
  }

  let timeoutMs = DEFAULT_AI_TIMEOUT_MS;
  const timeoutValue = read('AI_TIMEOUT_MS');
  if (timeoutValue !== undefined) {
    const parsed = /^\d+$/.test(timeoutValue) ? Number(timeoutValue) : Number.NaN;
    if (!Number.isSafeInteger(parsed) || parsed < 1 || parsed > MAX_AI_TIMEOUT_MS) {
      problems.push(`AI_TIMEOUT_MS: must be a whole number of milliseconds from 1 to ${MAX_AI_TIMEOUT_MS}`);
    } else {
      timeoutMs = parsed;
    }
  }

  if (problems.length > 0) throw new AiConfigError(problems);
  return ZAiConfig.parse({
    provider,
    model,
    apiKey,
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    timeoutMs,
  });
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** pino, or anything with the same methods (Fastify's logger, a job's logger). */
export type AiLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

export type AiWriteRequest<T> = {
  /** validates (and may transform) the model's answer */
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  /** names the JSON schema sent to the model, e.g. 'audit_narrative' */
  schemaName: string;
  schemaDescription?: string;
  /** cancels the call, e.g. a job's signal when the queue shuts down */
  abortSignal?: AbortSignal;
};

export type AiWriteErrorKind = 'timeout' | 'invalid-answer' | 'provider-error' | 'aborted';

/** The model gave no usable answer. The message is safe to log and store: no key, no prompt. */
export class AiWriteError extends Error {
  readonly kind: AiWriteErrorKind;
  /** model calls made, retries included */
  readonly attempts: number;
  /** the provider's HTTP status, for provider errors */
  readonly statusCode: number | undefined;
  constructor(message: string, details: { kind: AiWriteErrorKind; attempts: number; statusCode?: number }) {
    super(message);
    this.name = 'AiWriteError';
    this.kind = details.kind;
    this.attempts = details.attempts;
    this.statusCode = details.statusCode;
  }
}

export type AiWriter = {
  readonly provider: AiModelConfig['provider'];
  readonly model: string;
  /**
   * One JSON object matching request.schema. A malformed or invalid answer is asked for once more;
   * a timeout, a provider error or a second bad answer throws AiWriteError.
   */
  writeStructured<T>(request: AiWriteRequest<T>): Promise<T>;
};

export type CreateAiWriterOptions = {
  logger?: AiLogger;
  /** answers checked per request: the first plus one retry (default 2) */
  maxAttempts?: number;
};

/** The writer for the configured provider, or null when AI_PROVIDER is none. */
export function createAiWriter(config: AiConfig, options: CreateAiWriterOptions = {}): AiWriter | null {
  if (config.provider === 'none') return null;
  let loaded: Promise<LoadedModel> | undefined;
  const { logger } = options;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 2);
  const label = `${config.provider} model ${config.model}`;
  const redact = (text: string) => (config.apiKey ? text.split(config.apiKey).join('[redacted]') : text);

  return {
    provider: config.provider,
    model: config.model,
    async writeStructured<T>(request: AiWriteRequest<T>): Promise<T> {
      const context = { provider: config.provider, model: config.model, schemaName: request.schemaName };
      logger?.debug({ ...context, system: request.system, prompt: request.prompt }, 'AI write: request');
      loaded ??= loadLanguageModel(config);
      const { sdk, languageModel } = await loaded;
      for (let attempt = 1; ; attempt += 1) {
        const timeout = deadline(config.timeoutMs);
        const abortSignal = request.abortSignal
          ? AbortSignal.any([timeout.signal, request.abortSignal])
          : timeout.signal;
        const startedAt = Date.now();
        try {
          const result = await sdk.generateText({
            model: languageModel,
            system: request.system,
            prompt: request.prompt,
            output: sdk.Output.object({
              schema: portableSchema(sdk, request.schema),
              name: request.schemaName,
              ...(request.schemaDescription === undefined ? {} : { description: request.schemaDescription }),
            }),
            // Retries are decided here: once for a bad answer, never for a timeout.
            maxRetries: 0,
            abortSignal,
          });
          const value = result.output as T;
          logger?.debug({ ...context, attempt, ms: Date.now() - startedAt, answer: value }, 'AI write: answer');
          return value;
        } catch (error) {
          if (request.abortSignal?.aborted && !timeout.signal.aborted) {
            throw new AiWriteError(`The call to the ${label} was cancelled`, { kind: 'aborted', attempts: attempt });
          }
          if (timeout.signal.aborted) {
            throw new AiWriteError(`The ${label} did not answer within ${config.timeoutMs} ms (AI_TIMEOUT_MS)`, {
              kind: 'timeout',
              attempts: attempt,
            });
          }
          if (isInvalidAnswer(error)) {
            const reason = redact(describeInvalidAnswer(error));
            logger?.debug({ ...context, attempt, answer: answerText(error) }, 'AI write: invalid answer');
            if (attempt < maxAttempts) {
              logger?.warn({ ...context, attempt, reason }, 'AI answer was invalid; asking again');
              continue;
            }
            throw new AiWriteError(
              `The ${label} gave no valid ${request.schemaName} after ${attempt} attempt${attempt === 1 ? '' : 's'}: ${reason}`,
              { kind: 'invalid-answer', attempts: attempt },
            );
          }
          const statusCode = sdk.APICallError.isInstance(error) ? error.statusCode : undefined;
          const detail = redact(error instanceof Error ? error.message : String(error)).slice(0, 300);
          throw new AiWriteError(
            `The ${label} failed${statusCode === undefined ? '' : ` with HTTP ${statusCode}`}: ${detail}`,
            { kind: 'provider-error', attempts: attempt, ...(statusCode === undefined ? {} : { statusCode }) },
          );
        } finally {
          timeout.clear();
        }
      }
    },
  };
}

/** JSON Schema keywords that some providers reject in strict structured output. */
const UNPORTABLE_KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
];

/** The zod schema as the model sees it (see the file comment), validated by zod itself. */
export function portableSchema<T>(sdk: AiSdk, schema: z.ZodType<T>): Schema<T> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    const entries = Object.entries(node).filter(([key]) => !UNPORTABLE_KEYWORDS.includes(key));
    const result: Record<string, unknown> = Object.fromEntries(
      entries.map(([key, value]) =>
        key === 'properties' && value && typeof value === 'object'
          ? [key, Object.fromEntries(Object.entries(value).map(([name, property]) => [name, strip(property)]))]
          : [key, strip(value)],
      ),
    );
    if (result.type === 'object' && result.additionalProperties === undefined) result.additionalProperties = false;
    return result;
  };
  const json = strip(z.toJSONSchema(schema, { target: 'draft-7', io: 'input' })) as JSONSchema7;
  return sdk.jsonSchema<T>(json, {
    validate: async (value) => {
      const parsed = await schema.safeParseAsync(value);
      return parsed.success ? { success: true, value: parsed.data } : { success: false, error: parsed.error };
    },
  });
}

type AiSdk = typeof import('ai');
type LoadedModel = { sdk: AiSdk; languageModel: LanguageModel };

/**
 * The AI SDK and the provider's package are large and only the configured provider is ever used,
 * so they load at the first model call rather than when the server starts.
 */
async function loadLanguageModel(config: AiModelConfig): Promise<LoadedModel> {
  const sdk = await import('ai');
  if (config.provider === 'anthropic') {
    const { createAnthropic } = await import('@ai-sdk/anthropic');
    const provider = createAnthropic({
      apiKey: config.apiKey,
      ...(config.baseUrl === undefined ? {} : { baseURL: config.baseUrl }),
    });
    return { sdk, languageModel: provider(config.model) };
  }
  // An OpenAI-compatible server without authentication still gets a (blank) key, so the SDK
  // never falls back to OPENAI_API_KEY from the environment: config.ts is the only reader of it.
  const { createOpenAI } = await import('@ai-sdk/openai');
  const provider = createOpenAI({
    apiKey: config.apiKey ?? '',
    ...(config.baseUrl === undefined ? {} : { baseURL: config.baseUrl }),
  });
  return { sdk, languageModel: provider.chat(config.model) };
}

const INVALID_ANSWER_ERRORS = new Set([
  'AI_NoObjectGeneratedError',
  'AI_NoOutputGeneratedError',
  'AI_JSONParseError',
  'AI_TypeValidationError',
  'AI_InvalidResponseDataError',
  'AI_NoContentGeneratedError',
]);

function isInvalidAnswer(error: unknown): boolean {
  return error instanceof Error && INVALID_ANSWER_ERRORS.has(error.name);
}

function describeInvalidAnswer(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && cause.name === 'AI_JSONParseError') return 'the answer was not JSON';
  if (cause instanceof Error && cause.name === 'AI_TypeValidationError') {
    const issues = zodIssues(cause.cause);
    return issues ? `the answer did not match the schema (${issues})` : 'the answer did not match the schema';
  }
  return error instanceof Error ? error.message : 'the answer could not be read';
}

/** "strengths: Too small ..." from zod's issues, without the values themselves. */
function zodIssues(error: unknown): string | undefined {
  const issues = Array.isArray(error)
    ? error
    : error !== null && typeof error === 'object' && 'issues' in error && Array.isArray(error.issues)
      ? error.issues
      : undefined;
  if (!issues || issues.length === 0) return undefined;
  return (issues as { path?: PropertyKey[]; message?: string }[])
    .slice(0, 3)
    .map((issue) => `${issue.path?.map(String).join('.') || '(root)'}: ${issue.message ?? 'invalid'}`)
    .join('; ');
}

function answerText(error: unknown): string | undefined {
  return error !== null && typeof error === 'object' && 'text' in error && typeof error.text === 'string'
    ? error.text.slice(0, 2000)
    : undefined;
}
