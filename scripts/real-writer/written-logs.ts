// Reading back the session logs dsh wrote in a recording run: where they are under its DSH_HOME,
// the fixture name each gets (the root first, then children by creation time), and the facts the
// README and run.json list of each (frames, torn tail, lines, events, turn ends, tool calls).
// Trusts its input: these are logs the real writer just wrote, and a surprise should throw.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decompress } from 'fzstd';
import { listCompleteZstdFrames } from '../../src/log/index.ts';

const LOG_NAMES = ['session.jsonl.zstd', 'session.jsonl'];

/** Facts read back from one written log file. */
export interface LogSummary {
  /** Path inside the scenario's fixture folder. */
  file: string;
  bytes: number;
  /** Complete zstd frames: the header frame plus one per durable write batch. */
  frames: number;
  /** Bytes after the last complete frame (a torn final frame), 0 for a cleanly written file. */
  tornTailBytes: number;
  lines: number;
  events: number;
  packedRows: number;
  header: Record<string, unknown>;
  turnEnds: string[];
  eventTypes: Record<string, number>;
  toolCalls: string[];
}

export function summarizeLog(path: string, file: string): LogSummary {
  const bytes = new Uint8Array(readFileSync(path));
  let text: string;
  let frames = 0;
  let tornTailBytes = 0;
  if (path.endsWith('.zstd')) {
    const scan = listCompleteZstdFrames(bytes);
    frames = scan.frames.length;
    tornTailBytes = bytes.length - scan.end;
    text = scan.frames
      .map(([start, end]) => new TextDecoder().decode(decompress(bytes.subarray(start, end))))
      .join('');
  } else {
    text = new TextDecoder().decode(bytes);
  }
  const lines = text.split('\n').filter((line) => line.length > 0);
  const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
  const eventTypes: Record<string, number> = {};
  const turnEnds: string[] = [];
  const toolCalls: string[] = [];
  let events = 0;
  let packedRows = 0;
  for (const line of lines.slice(1)) {
    const row = JSON.parse(line) as { type: string; data: Record<string, unknown> };
    if (row.type.endsWith('-chunks') && !row.type.includes('/')) {
      packedRows += 1;
      const members = ((row.data['texts'] ?? row.data['args']) as unknown[]).length;
      events += members;
      eventTypes['assistant/chunk'] = (eventTypes['assistant/chunk'] ?? 0) + members;
      continue;
    }
    events += 1;
    eventTypes[row.type] = (eventTypes[row.type] ?? 0) + 1;
    if (row.type === 'turn/end') {
      const reason = row.data['reason'] as { kind: string; error?: { code?: string } };
      turnEnds.push(reason.error?.code === undefined ? reason.kind : `${reason.kind} (${reason.error.code})`);
    }
    if (row.type === 'tool/call') toolCalls.push(String(row.data['name']));
  }
  return {
    file,
    bytes: bytes.length,
    frames,
    tornTailBytes,
    lines: lines.length,
    events,
    packedRows,
    header,
    turnEnds,
    eventTypes,
    toolCalls,
  };
}

export function findLogs(sessionsRoot: string): string[] {
  if (!existsSync(sessionsRoot)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (LOG_NAMES.includes(name)) found.push(path);
    }
  };
  walk(sessionsRoot);
  return found;
}

function readHeader(path: string): Record<string, unknown> {
  return summarizeLog(path, path).header;
}

/** The root session first, then children by creation time (then id), each with its fixture name. */
export function nameLogs(paths: string[]): { source: string; file: string }[] {
  const withHeaders = paths.map((source) => ({ source, header: readHeader(source) }));
  const isRoot = (header: Record<string, unknown>) => header['parentSession'] === undefined;
  const order = (a: { header: Record<string, unknown> }, b: { header: Record<string, unknown> }) =>
    Number(a.header['createdAt']) - Number(b.header['createdAt']) ||
    String(a.header['id']).localeCompare(String(b.header['id']));
  const roots = withHeaders.filter((log) => isRoot(log.header)).sort(order);
  const children = withHeaders.filter((log) => !isRoot(log.header)).sort(order);
  const suffix = (source: string) => (source.endsWith('.zstd') ? 'session.jsonl.zstd' : 'session.jsonl');
  return [
    ...roots.map((log, index) => ({
      source: log.source,
      file: index === 0 ? suffix(log.source) : `roots/${index + 1}/${suffix(log.source)}`,
    })),
    ...children.map((log, index) => ({
      source: log.source,
      file: `subagents/${index + 1}/${suffix(log.source)}`,
    })),
  ];
}
