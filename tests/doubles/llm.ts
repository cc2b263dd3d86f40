/**
 * A small OpenAI-compatible language model on 127.0.0.1 for tests: POST /v1/chat/completions,
 * answering either with one JSON body or, when the client sends `stream: true`, with server-sent
 * events in the chat-completions chunk format ending in `data: [DONE]`.
 *
 * The answer is whatever setAnswer was given, serialised as the assistant message's content (that
 * is what a model does when it is asked for structured output through response_format json_schema).
 * setMode switches to the failures a real provider produces:
 * - good: the set answer;
 * - malformed: content that is not JSON (`variant: 'not-json'`, the default) or JSON that does not
 *   match the requested schema (`variant: 'wrong-shape'`);
 * - slow: the set answer after `delayMs` (default 10 s, longer than any client timeout in tests);
 * - fail: HTTP `status` (default 500) with an OpenAI-style error body.
 * `times: n` limits a mode to the next n requests, after which the double answers in good mode
 * again (e.g. malformed once, then a good answer for the retry).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LlmDoubleMode = 'good' | 'malformed' | 'slow' | 'fail';

export type LlmDoubleModeOptions = {
  /** only for the next n requests; afterwards the double answers in good mode */
  times?: number;
  /** slow: how long to wait before answering (default 10 000 ms) */
  delayMs?: number;
  /** malformed: prose instead of JSON, or JSON of the wrong shape (default not-json) */
  variant?: 'not-json' | 'wrong-shape';
  /** fail: the HTTP status (default 500) */
  status?: number;
};

/** The parts of a chat-completions request body the tests look at; the rest is kept as sent. */
export type LlmDoubleRequest = {
  model?: string;
  messages?: { role: string; content: unknown }[];
  response_format?: {
    type: string;
    json_schema?: { name?: string; description?: string; strict?: boolean; schema?: Record<string, unknown> };
  };
  stream?: boolean;
  [key: string]: unknown;
};

/** A value to JSON.stringify (a string is sent as it is), or a function of the request giving one. */
export type LlmDoubleAnswer = ((request: LlmDoubleRequest) => unknown) | object | string | number | boolean | null;

export type LlmDouble = {
  /** http://127.0.0.1:<port>/v1, the OpenAI-compatible base URL (AI_BASE_URL) */
  baseUrl: string;
  setMode(mode: LlmDoubleMode, options?: LlmDoubleModeOptions): void;
  /** The object the model answers with (JSON.stringify-ed as the message content). */
  setAnswer(answer: LlmDoubleAnswer): void;
  /** Every chat-completions request body, in order of arrival. */
  requests: LlmDoubleRequest[];
  /** The headers of each request, in the same order as requests. */
  requestHeaders: IncomingHttpHeaders[];
  /** Clears the captured requests and returns to good mode (the answer is kept). */
  reset(): void;
  close(): Promise<void>;
};

type ModeState = { mode: LlmDoubleMode; options: LlmDoubleModeOptions; remaining: number };

const DEFAULT_SLOW_MS = 10_000;

export async function startLlmDouble(options: { port?: number } = {}): Promise<LlmDouble> {
  const requests: LlmDoubleRequest[] = [];
  const requestHeaders: IncomingHttpHeaders[] = [];
  let modeState: ModeState = { mode: 'good', options: {}, remaining: Number.POSITIVE_INFINITY };
  let answer: LlmDoubleAnswer;
  let answerSet = false;
  let completionCount = 0;
  const pendingTimers = new Set<NodeJS.Timeout>();

  /** The mode for this request; a mode limited by `times` falls back to good once used up. */
  const takeMode = (): { mode: LlmDoubleMode; options: LlmDoubleModeOptions } => {
    if (modeState.remaining <= 0) modeState = { mode: 'good', options: {}, remaining: Number.POSITIVE_INFINITY };
    modeState.remaining -= 1;
    return { mode: modeState.mode, options: modeState.options };
  };

  const answerContent = (body: LlmDoubleRequest): string => {
    if (!answerSet) throw new Error('LLM double: no answer set (call setAnswer first)');
    const value = typeof answer === 'function' ? (answer as (request: LlmDoubleRequest) => unknown)(body) : answer;
    return typeof value === 'string' ? value : JSON.stringify(value);
  };

  const handleCompletion = async (req: IncomingMessage, res: ServerResponse) => {
    let body: LlmDoubleRequest;
    try {
      body = JSON.parse(await readBody(req)) as LlmDoubleRequest;
    } catch {
      sendError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      return;
    }
    requests.push(body);
    requestHeaders.push(req.headers);
    completionCount += 1;
    const { mode, options: modeOptions } = takeMode();

    if (mode === 'fail') {
      sendError(
        res,
        modeOptions.status ?? 500,
        'The server had an error while processing your request.',
        'server_error',
      );
      return;
    }
    if (mode === 'slow') {
      const delivered = await delay(modeOptions.delayMs ?? DEFAULT_SLOW_MS, req, pendingTimers);
      if (!delivered) return;
    }

    let content: string;
    try {
      content =
        mode === 'malformed'
          ? modeOptions.variant === 'wrong-shape'
            ? JSON.stringify({ unexpected: 'this answer does not follow the requested schema' })
            : 'Sorry, I am not able to answer in JSON today. Here are some thoughts about your brand instead.'
          : answerContent(body);
    } catch (error) {
      sendError(res, 500, (error as Error).message, 'server_error');
      return;
    }

    const id = `chatcmpl-double-${completionCount}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? 'double';
    const usage = { prompt_tokens: 10, completion_tokens: Math.max(1, Math.ceil(content.length / 4)), total_tokens: 0 };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;

    if (body.stream === true) {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`;
      res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
      // Split the content into a few pieces, as a real model streams tokens.
      const pieceLength = Math.max(1, Math.ceil(content.length / 4));
      for (let start = 0; start < content.length; start += pieceLength) {
        const piece = content.slice(start, start + pieceLength);
        res.write(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
      }
      res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
      res.write(chunk([], { usage }));
      res.end('data: [DONE]\n\n');
      return;
    }

    sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
      usage,
    });
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      handleCompletion(req, res).catch((error: unknown) => {
        if (!res.headersSent) sendError(res, 500, String(error), 'server_error');
        else res.destroy();
      });
      return;
    }
    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, { object: 'list', data: [{ id: 'double', object: 'model', created: 0, owned_by: 'tests' }] });
      return;
    }
    sendError(res, 404, `Unknown request: ${req.method} ${path}`, 'invalid_request_error');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    setMode(mode, modeOptions = {}) {
      modeState = { mode, options: modeOptions, remaining: modeOptions.times ?? Number.POSITIVE_INFINITY };
    },
    setAnswer(value) {
      answer = value;
      answerSet = true;
    },
    requests,
    requestHeaders,
    reset() {
      requests.length = 0;
      requestHeaders.length = 0;
      modeState = { mode: 'good', options: {}, remaining: Number.POSITIVE_INFINITY };
    },
    async close() {
      for (const timer of pendingTimers) clearTimeout(timer);
      pendingTimers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Waits ms; resolves false early when the client goes away (it timed out and aborted). */
function delay(ms: number, req: IncomingMessage, timers: Set<NodeJS.Timeout>): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      timers.delete(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      timers.delete(timer);
      req.socket.off('close', onClose);
      resolve(true);
    }, ms);
    timers.add(timer);
    req.socket.once('close', onClose);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendError(res: ServerResponse, status: number, message: string, type: string) {
  sendJson(res, status, { error: { message, type, param: null, code: null } });
}
