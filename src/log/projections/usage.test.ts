// Per-step usage (last report wins, FORMAT.md §7.7) and context occupancy against request/context.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { TriageLogBuilder, textBlock } from '../testing/triage-log-builder.ts';
import { deriveUsage } from './usage.ts';

import { CORPUS_DIR } from '../testing/corpus-dir.ts';
const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

describe('deriveUsage', () => {
  it('keeps the last usage report of a step, so a failed attempt is superseded by the successful one', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.requestHeader([]);
    builder.requestContext(128_000);
    builder.attempt([], {
      usage: { inputTokens: 5, outputTokens: 1 },
      finish: { kind: 'error', failure: { message: 'boom', code: 'SERVER' } },
    });
    const success = builder.attempt([textBlock('hi')], {
      usage: { inputTokens: 900, outputTokens: 40, cacheReadTokens: 100, cacheWriteTokens: 20 },
    });
    builder.stepEnd();
    builder.turnEnd();
    const points = deriveUsage(decodeLog(builder.toBytes()));
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({
      turn: 1,
      step: 1,
      inputTokens: 900,
      outputTokens: 40,
      cacheReadTokens: 100,
      cacheWriteTokens: 20,
      contextTokens: 1020,
      contextWindow: 128_000,
    });
    // The last report is the assistant/message usage (it follows the usage chunk).
    expect(points[0]?.seq).toBe(success.messageSeq);
  });

  it('keeps the last usage chunk of a step whose attempts all failed', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.attempt([], {
      usage: { inputTokens: 7, outputTokens: 2 },
      finish: { kind: 'error', failure: { message: 'boom', code: 'SERVER' } },
    });
    builder.stepEnd();
    builder.turnEnd({ kind: 'error', error: { message: 'boom', code: 'SERVER' } });
    const points = deriveUsage(decodeLog(builder.toBytes()));
    expect(points.map((point) => [point.inputTokens, point.outputTokens, point.contextWindow])).toEqual([
      [7, 2, null],
    ]);
  });

  it('uses the request/context in force for each step; an absent contextWindow clears the earlier one', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.requestContext(64_000);
    builder.attempt([textBlock('a')], { usage: { inputTokens: 10, outputTokens: 1 } });
    builder.stepEnd();
    builder.stepStart();
    builder.requestContext(undefined, 'other', 'model-b');
    builder.attempt([textBlock('b')], { usage: { inputTokens: 20, outputTokens: 2 } });
    builder.stepEnd();
    builder.turnEnd();
    builder.turnStart();
    builder.stepStart();
    builder.requestContext(1_000_000);
    builder.attempt([textBlock('c')], { usage: { inputTokens: 30, outputTokens: 3 } });
    builder.stepEnd();
    builder.turnEnd();
    const points = deriveUsage(decodeLog(builder.toBytes()));
    expect(points.map((point) => [point.turn, point.step, point.contextWindow])).toEqual([
      [1, 1, 64_000],
      [1, 2, null],
      [2, 1, 1_000_000],
    ]);
  });

  it.skipIf(!hasCorpus)('gives one point per step with usage on a corpus log, in seq order', () => {
    const log = decodeLog(
      new Uint8Array(
        readFileSync(join(CORPUS_DIR, 'acp-agent__snapshots__bash-tool-turn__session.jsonl.zstd')),
      ),
    );
    const points = deriveUsage(log);
    expect(points.length).toBeGreaterThan(0);
    const stepsWithUsage = log.index.turns
      .flatMap((turn) => turn.steps)
      .filter((step) => step.usage !== null);
    expect(points).toHaveLength(stepsWithUsage.length);
    expect(points.map((point) => point.seq)).toEqual(
      [...points.map((point) => point.seq)].sort((a, b) => a - b),
    );
    for (const point of points)
      expect(point.contextTokens).toBe(point.inputTokens + point.cacheReadTokens + point.cacheWriteTokens);
  });
});
