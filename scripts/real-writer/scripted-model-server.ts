// A scripted stand-in for the DeepSeek chat-completions endpoint, so the real dsh writer can be run
// offline with answers we choose. It speaks the wire shape dsh's `deepseek-official` adapter
// (`@deepseek-ai/dsh-llm-deepseek`) reads: POST `<baseURL>/chat/completions` with `stream: true`,
// answered by SSE `data:` lines of `chat.completion.chunk` objects, `choices[0].delta` carrying
// `reasoning_content`, `content` or `tool_calls` fragments, `finish_reason` on the last choice, a
// trailing usage-only chunk (`choices: []`, as `stream_options.include_usage` asks), then
// `data: [DONE]`. Non-2xx answers carry `{error: {message, type, code}}`, which the adapter maps to
// `LlmError` codes (5xx → SERVER, retried by dsh's default policy).
//
// The script is per "lane": conversation requests (they carry `tools`) take the next reply of
// `replies`; session-title requests (thinking disabled, no tools: dsh-session-title-llm) take the next
// of `titleReplies`, or a one-line title. A lane that runs out answers HTTP 400 and records the
// request as unexpected, so a recorder can tell a script that no longer matches the writer.
//
// Run alone: `npx tsx scripts/real-writer/scripted-model-server.ts SCENARIO.json [--port N]`; it prints
// the base URL and logs each request on stderr. The recorder imports `startScriptedModelServer`.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { readOption } from '../lib/cli-options.ts';

/** One streamed tool call: its id, function name and the argument text in the fragments to send. */
interface ScriptedToolCall {
  id: string;
  name: string;
  /** Argument JSON split into the fragments the stream carries (the first goes with id and name). */
  argumentParts: string[];
}

/** Token counts reported in the usage chunk, in the wire's own (OpenAI/DeepSeek) field names. */
interface ScriptedUsage {
  prompt_tokens: number;
  completion_tokens: number;
  prompt_cache_hit_tokens?: number;
  reasoning_tokens?: number;
}

/** How a scripted stream ends when it does not end normally. */
type ScriptedBreak =
  /** Destroy the socket after this many content chunks (the client sees a reset mid-body). */
  | { kind: 'drop-connection'; afterChunks: number }
  /** End the HTTP response cleanly after this many content chunks, without `[DONE]`. */
  | { kind: 'end-without-done'; afterChunks: number };

/**
 * Which requests a reply may answer. Without it a reply answers the next request of its lane; with it,
 * only a request that matches. Needed when sessions run concurrently (a background subagent child and
 * its parent): each session's first user message is its own task, so it tells them apart.
 */
interface ReplyMatch {
  /** A substring of the text of the first `role: "user"` message of the request. */
  firstUserMessageIncludes?: string;
}

/** One answer to one request. */
type ScriptedReply = (
  | {
      kind: 'stream';
      /** Reasoning fragments, streamed first as `reasoning_content` deltas (DeepSeek thinking mode). */
      reasoning?: string[];
      /** Answer fragments, streamed as `content` deltas after the reasoning. */
      text?: string[];
      /** Tool calls, streamed as `tool_calls` deltas after the text. */
      toolCalls?: ScriptedToolCall[];
      /** Wire finish reason on the last choice; omit to send none. */
      finishReason?: 'stop' | 'tool_calls' | 'length' | 'content_filter';
      usage?: ScriptedUsage;
      /** Break the stream instead of finishing it. */
      break?: ScriptedBreak;
      /** Milliseconds between chunks (default 5), so chunk times in the log are distinct. */
      chunkDelayMs?: number;
    }
  | {
      kind: 'http-error';
      status: number;
      message: string;
      /** Seconds for a `Retry-After` header, if any. */
      retryAfterSeconds?: number;
    }
) & { match?: ReplyMatch };

/** The part of a scenario file the server reads. */
export interface ModelScript {
  replies: ScriptedReply[];
  titleReplies?: ScriptedReply[];
}

/** What the server saw: one entry per request, in arrival order. */
interface RecordedRequest {
  lane: 'conversation' | 'title';
  /** Index of the scripted reply used within its lane; -1 for the built-in title or when none was left. */
  replyIndex: number;
  path: string;
  body: unknown;
}

export interface ScriptedModelServer {
  /** `http://127.0.0.1:<port>`: what `DEEPSEEK_BASE_URL` should be. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests that found no scripted reply left, or had a shape the server does not understand. */
  unexpected: string[];
  close(): Promise<void>;
}

const DEFAULT_CHUNK_DELAY_MS = 5;
const DEFAULT_TITLE = 'Scripted session';
const MODEL_FALLBACK = 'deepseek-v4-flash';

function sleep(durationMs: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, durationMs));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Title requests come from dsh-session-title-llm: no tool schemas, thinking forced off. */
function laneOf(body: Record<string, unknown>): RecordedRequest['lane'] {
  const thinking = body['thinking'];
  const isThinkingDisabled = isRecord(thinking) && thinking['type'] === 'disabled';
  return body['tools'] === undefined && isThinkingDisabled ? 'title' : 'conversation';
}

function firstUserText(body: Record<string, unknown>): string {
  const messages = Array.isArray(body['messages']) ? (body['messages'] as unknown[]) : [];
  const first = messages.find((message) => isRecord(message) && message['role'] === 'user');
  if (!isRecord(first)) return '';
  const content = first['content'];
  return typeof content === 'string' ? content : JSON.stringify(content);
}

function matches(reply: ScriptedReply, body: Record<string, unknown>): boolean {
  const wanted = reply.match?.firstUserMessageIncludes;
  return wanted === undefined || firstUserText(body).includes(wanted);
}

/** The chunks of one scripted stream, each a `chat.completion.chunk` object. */
function buildChunks(
  reply: Extract<ScriptedReply, { kind: 'stream' }>,
  model: string,
  id: string,
): unknown[] {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const chunks: unknown[] = [];
  // DeepSeek's first chunk opens the assistant role; in thinking mode it carries an empty reasoning string.
  chunks.push(chunk({ role: 'assistant', content: null, reasoning_content: '' }));
  for (const part of reply.reasoning ?? []) chunks.push(chunk({ content: null, reasoning_content: part }));
  for (const part of reply.text ?? []) chunks.push(chunk({ content: part, reasoning_content: null }));
  (reply.toolCalls ?? []).forEach((call, callIndex) => {
    call.argumentParts.forEach((part, partIndex) => {
      const fragment =
        partIndex === 0
          ? {
              index: callIndex,
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: part },
            }
          : { index: callIndex, function: { arguments: part } };
      chunks.push(chunk({ content: null, reasoning_content: null, tool_calls: [fragment] }));
    });
  });
  if (reply.finishReason !== undefined)
    chunks.push(chunk({ content: '', reasoning_content: null }, reply.finishReason));
  if (reply.usage !== undefined) {
    const { reasoning_tokens: reasoningTokens, ...counts } = reply.usage;
    chunks.push({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [],
      usage: {
        ...counts,
        total_tokens: counts.prompt_tokens + counts.completion_tokens,
        prompt_cache_miss_tokens: counts.prompt_tokens - (counts.prompt_cache_hit_tokens ?? 0),
        ...(reasoningTokens === undefined
          ? {}
          : { completion_tokens_details: { reasoning_tokens: reasoningTokens } }),
      },
    });
  }
  return chunks;
}

async function sendStream(
  response: ServerResponse,
  reply: Extract<ScriptedReply, { kind: 'stream' }>,
  model: string,
  id: string,
): Promise<void> {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-request-id': id,
  });
  const chunks = buildChunks(reply, model, id);
  const delayMs = reply.chunkDelayMs ?? DEFAULT_CHUNK_DELAY_MS;
  for (const [index, chunk] of chunks.entries()) {
    if (reply.break !== undefined && index === reply.break.afterChunks) {
      if (reply.break.kind === 'drop-connection') response.socket?.destroy();
      else response.end();
      return;
    }
    response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    await sleep(delayMs);
  }
  response.write('data: [DONE]\n\n');
  response.end();
}

function sendHttpError(
  response: ServerResponse,
  reply: Extract<ScriptedReply, { kind: 'http-error' }>,
): void {
  response.writeHead(reply.status, {
    'content-type': 'application/json',
    ...(reply.retryAfterSeconds === undefined ? {} : { 'retry-after': String(reply.retryAfterSeconds) }),
  });
  response.end(JSON.stringify({ error: { message: reply.message, type: 'server_error', code: null } }));
}

export interface ScriptedModelServerOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Where the one-line request log goes (default: stderr). */
  log?: (line: string) => void;
}

/** Starts the server on 127.0.0.1. */
export function startScriptedModelServer(
  script: ModelScript,
  { port = 0, log = (line) => process.stderr.write(`${line}\n`) }: ScriptedModelServerOptions = {},
): Promise<ScriptedModelServer> {
  const requests: RecordedRequest[] = [];
  const unexpected: string[] = [];
  const used = { conversation: new Set<number>(), title: new Set<number>() };
  let requestCount = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = request.url ?? '/';
    const text = await readBody(request);
    if (request.method !== 'POST' || !path.endsWith('/chat/completions')) {
      unexpected.push(`${request.method ?? '?'} ${path}`);
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `no route ${path}`, type: 'invalid_request_error' } }));
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    if (!isRecord(body)) {
      unexpected.push(`request body is not a JSON object: ${text.slice(0, 80)}`);
      response.writeHead(400).end();
      return;
    }
    const lane = laneOf(body);
    const replies = lane === 'title' ? (script.titleReplies ?? []) : script.replies;
    const found = replies.findIndex((candidate, index) => !used[lane].has(index) && matches(candidate, body));
    if (found !== -1) used[lane].add(found);
    const replyIndex = found;
    let reply: ScriptedReply | undefined = replies[replyIndex];
    if (reply === undefined && lane === 'title') {
      reply = {
        kind: 'stream',
        text: [DEFAULT_TITLE],
        finishReason: 'stop',
        usage: { prompt_tokens: 60, completion_tokens: 3 },
      };
    }
    requests.push({ lane, replyIndex, path, body });
    requestCount += 1;
    log(`[model-server] #${requestCount} ${lane} reply ${reply === undefined ? 'none' : replyIndex}`);
    if (reply === undefined) {
      unexpected.push(`${lane} request #${requestCount} has no scripted reply left that matches it`);
      sendHttpError(response, {
        kind: 'http-error',
        status: 400,
        message: 'scripted model server: script exhausted',
      });
      return;
    }
    const model = typeof body['model'] === 'string' ? body['model'] : MODEL_FALLBACK;
    const id = `scripted-${lane}-${replyIndex}`;
    if (reply.kind === 'http-error') sendHttpError(response, reply);
    else await sendStream(response, reply, model, id);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      unexpected.push(`handler failed: ${String(error)}`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${address.port}`,
        requests,
        unexpected,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function isMain(): boolean {
  return process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
}

if (isMain()) {
  const scenarioPath = process.argv[2];
  if (scenarioPath === undefined || scenarioPath.startsWith('--')) {
    process.stderr.write('usage: scripted-model-server.ts SCENARIO.json [--port N]\n');
    process.exit(2);
  }
  const script = JSON.parse(readFileSync(scenarioPath, 'utf8')) as ModelScript;
  const port = Number(readOption(process.argv, '--port') ?? '0');
  const server = await startScriptedModelServer(script, { port });
  process.stdout.write(`${server.baseUrl}\n`);
}
