// What the specs that need a server of their own share: a loopback HTTP server on a free port that
// records the paths asked of it, and a fixture log whose every text block starts with bait (links,
// images, markup) that the viewer must show as text and never follow.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface LoopbackServer {
  origin: string;
  /** Every request's path, in order. */
  requests: string[];
  close: () => Promise<void>;
}

/** A server on a free 127.0.0.1 port: `handle` answers every request. */
export async function startLoopbackServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LoopbackServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, requests, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** Answers `body` as plain text any origin may read. */
export function answerText(response: ServerResponse, body: string, status = 200): void {
  response.writeHead(status, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' });
  response.end(body);
}

/** fixtures/tool-error.jsonl (as JSONL text) with `bait` put before the text of every text block. */
export function toolErrorLogWithBait(bait: string): string {
  const withBait = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(withBait);
    if (value === null || typeof value !== 'object') return value;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = withBait(item);
    if (copy.type === 'text' && typeof copy.text === 'string') copy.text = `${bait}${copy.text}`;
    return copy;
  };
  const lines = readFileSync(resolve('fixtures/tool-error.jsonl'), 'utf8').split('\n').filter(Boolean);
  return `${lines.map((line, index) => (index === 0 ? line : JSON.stringify(withBait(JSON.parse(line))))).join('\n')}\n`;
}
