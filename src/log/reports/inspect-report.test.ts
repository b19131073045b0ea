// The CLI.md `inspect` / `project` JSON built in-process, checked against the corpus manifest.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInspectReport, buildProjectReport } from './inspect-report.ts';
import { decodeLog } from '../open/log-decoder.ts';
import { TriageLogBuilder, toolCallBlock } from '../testing/triage-log-builder.ts';
import { jsonlText, utf8, validLogLines } from '../testing/log-builder.ts';

import { CORPUS_DIR } from '../testing/corpus-dir.ts';
const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

interface ManifestLog {
  name: string;
  eventCount: number;
  storedLines: number;
  packedRows: number;
  zstdFrames: number;
  eventTypes: string[];
  legacyShapes: unknown[];
  header: Record<string, unknown>;
}

describe('buildInspectReport', () => {
  it('counts stored types before legacy upgrades and lists tool calls with CLI.md statuses', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.requestHeader(['bash']);
    builder.attempt([
      toolCallBlock('ok1', 'bash'),
      toolCallBlock('err1', 'bash'),
      toolCallBlock('gone', 'bash'),
    ]);
    const okCall = builder.toolCall('ok1', 'bash');
    const okResult = builder.toolResult('ok1', { callSeq: okCall });
    const errCall = builder.toolCall('err1', 'bash');
    const errResult = builder.toolResult('err1', { isError: true, callSeq: errCall });
    // A legacy steering/message (FORMAT.md §3.6) counts as itself in byType.
    const steeringSeq = builder.event('steering/message', {
      turn: 1,
      content: [{ type: 'text', text: 'hurry' }],
      source: { kind: 'user' },
    });
    const report = buildInspectReport(decodeLog(builder.toBytes()));
    // The upgrade dsh applies silently is listed as a note, not as a problem (an addition to CLI.md).
    expect(report.problems.filter((problem) => problem.kind === 'legacy')).toEqual([]);
    expect(report.notes).toEqual([
      {
        kind: 'legacy',
        line: steeringSeq + 2,
        seq: steeringSeq,
        message: expect.stringMatching(/upgraded on read as dsh does/) as string,
      },
    ]);
    expect(report.events.byType['steering/message']).toBe(1);
    expect(report.events.byType['user/message']).toBeUndefined();
    expect(report.toolCalls).toEqual([
      { callId: 'ok1', name: 'bash', callSeq: okCall, resultSeq: okResult, status: 'ok' },
      { callId: 'err1', name: 'bash', callSeq: errCall, resultSeq: errResult, status: 'error' },
      { callId: 'gone', name: 'bash', callSeq: null, resultSeq: null, status: 'not-started' },
    ]);
    expect(report.turns[0]).toMatchObject({ turn: 1, endSeq: null, reason: null });
  });

  it('gives every problem its line range and byte range as fields, not only inside the message', () => {
    const lines = validLogLines(1);
    // Line 5 (after header + 3 events) is blank: the damage; lines 6 and later are the ignored tail.
    const damaged = [...lines.slice(0, 4), '', ...lines.slice(4)];
    const text = jsonlText(damaged);
    const report = buildInspectReport(decodeLog(utf8(text)));
    const byKind = new Map(report.problems.map((problem) => [problem.kind, problem]));
    const lineStart = (line: number): number =>
      damaged.slice(0, line - 1).reduce((sum, each) => sum + utf8(each).length + 1, 0);
    expect(byKind.get('unparsable-line')).toMatchObject({
      line: 5,
      lineEnd: null,
      byteOffset: lineStart(5),
      byteEnd: lineStart(5),
    });
    expect(byKind.get('ignored-tail')).toMatchObject({
      line: 6,
      lineEnd: damaged.length,
      byteOffset: lineStart(6),
      // The range ends after the last line's bytes (its line feed excluded).
      byteEnd: text.length - 1,
    });
  });

  it('reports an empty file as a corrupt plain log with no events and an empty surface', () => {
    const report = buildInspectReport(decodeLog(new Uint8Array()));
    expect(report.file).toEqual({ bytes: 0, container: 'jsonl', frames: null, tornTail: false });
    expect(report.header).toBeNull();
    expect(report.verdict.status).toBe('corrupt');
    expect(report.events).toEqual({ count: 0, lines: 0, packedRows: 0, byType: {} });
    expect(report.surface).toEqual({ nodes: 0, messages: 0 });
  });
});

describe('buildProjectReport', () => {
  it('folds up to --at and clamps a seq past the end to the last seq', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    const userSeq = builder.userMessage('hello');
    builder.stepEnd();
    builder.turnEnd();
    const log = decodeLog(builder.toBytes());
    expect(buildProjectReport(log, userSeq - 1)).toEqual({ at: userSeq - 1, messages: [] });
    expect(buildProjectReport(log, userSeq)).toEqual({
      at: userSeq,
      messages: [{ role: 'user', sourceSeq: userSeq, blocks: ['text'] }],
    });
    expect(buildProjectReport(log, 10_000).at).toBe(log.store.eventCount - 1);
    expect(buildProjectReport(log, null).at).toBe(log.store.eventCount - 1);
  });
});

describe.skipIf(!hasCorpus)(
  'buildInspectReport over the corpus (skipped when ../shared/corpus is absent)',
  () => {
    const manifest = hasCorpus
      ? (JSON.parse(readFileSync(join(CORPUS_DIR, 'MANIFEST.json'), 'utf8')) as { logs: ManifestLog[] })
      : { logs: [] };

    it('matches the manifest counts and gives the same report for both twins of every log', () => {
      expect(manifest.logs.length).toBeGreaterThan(0);
      for (const entry of manifest.logs) {
        const plainBytes = new Uint8Array(readFileSync(join(CORPUS_DIR, `${entry.name}.jsonl`)));
        const zstdBytes = new Uint8Array(readFileSync(join(CORPUS_DIR, `${entry.name}.jsonl.zstd`)));
        const plain = buildInspectReport(decodeLog(plainBytes));
        const zstd = buildInspectReport(decodeLog(zstdBytes));
        const context = entry.name;
        expect(plain.verdict, context).toEqual({ status: 'ok', reason: null, viewerLimit: null });
        expect(plain.events.count, context).toBe(entry.eventCount);
        expect(plain.events.lines, context).toBe(entry.storedLines - 1);
        expect(plain.events.packedRows, context).toBe(entry.packedRows);
        if (entry.legacyShapes.length === 0)
          expect(Object.keys(plain.events.byType).sort(), context).toEqual([...entry.eventTypes].sort());
        expect(plain.file, context).toEqual({
          bytes: plainBytes.length,
          container: 'jsonl',
          frames: null,
          tornTail: false,
        });
        expect(zstd.file, context).toEqual({
          bytes: zstdBytes.length,
          container: 'zstd',
          frames: entry.zstdFrames,
          tornTail: false,
        });
        const { file: _plainFile, ...plainRest } = plain;
        const { file: _zstdFile, ...zstdRest } = zstd;
        expect(zstdRest, context).toEqual(plainRest);
        expect(plain.header?.id, context).toBe(entry.header.id);
        expect(plain.surface.messages, context).toBeLessThanOrEqual(plain.surface.nodes);
      }
    });
  },
);
