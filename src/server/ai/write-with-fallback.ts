/**
 * Principle: a bad or failing answer falls back to the local wording, never to a failed job.
 * Every AI-written text goes through here, so the caller always gets a value and knows who wrote it.
 */
import type { AiLogger, AiWriteRequest, AiWriter } from './provider.ts';

export type WrittenBy = 'ai' | 'local';

export type WithFallback<T> = {
  value: T;
  writtenBy: WrittenBy;
  /** why the local wording was used although a model is configured; absent otherwise */
  fallbackReason?: string;
};

type BaseOptions<T> = {
  /** null when no model is configured (AI_PROVIDER=none) */
  writer: AiWriter | null;
  /** the local engine's wording; called only when it is needed */
  local: () => T;
  logger?: AiLogger | undefined;
};

/**
 * The model's answer when a writer is configured and answers validly, the local wording otherwise.
 * With `accept`, the answer is checked and turned into the final value; `accept` throwing (with a
 * readable message) rejects the answer and the local wording is used.
 */
export function writeWithFallback<T>(
  options: BaseOptions<T> & { request: AiWriteRequest<T> },
): Promise<WithFallback<T>>;
export function writeWithFallback<TAnswer, T>(
  options: BaseOptions<T> & { request: AiWriteRequest<TAnswer>; accept: (answer: TAnswer) => T },
): Promise<WithFallback<T>>;
export async function writeWithFallback<TAnswer, T>(
  options: BaseOptions<T> & { request: AiWriteRequest<TAnswer>; accept?: (answer: TAnswer) => T },
): Promise<WithFallback<T>> {
  const { writer, local, request, logger } = options;
  if (!writer) return { value: local(), writtenBy: 'local' };
  try {
    const answer = await writer.writeStructured(request);
    const value = options.accept ? options.accept(answer) : (answer as unknown as T);
    return { value, writtenBy: 'ai' };
  } catch (error) {
    const fallbackReason = error instanceof Error && error.message ? error.message : 'the AI answer could not be used';
    logger?.warn(
      { provider: writer.provider, model: writer.model, schemaName: request.schemaName, fallbackReason },
      'AI writing failed; using the local wording',
    );
    return { value: local(), writtenBy: 'local', fallbackReason };
  }
}
