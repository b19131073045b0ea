import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogDecoder } from '../log/index.ts';
import { jsonlText, utf8, validLogLines } from '../log/testing/log-builder.ts';
import {
  TOOL_SPAN_STATUSES,
  buildLogSummary,
  buildToolSpans,
  formatVerdictsOf,
  sliceFormatVerdicts,
  splitSummaryTurns,
} from './log-summary.ts';

function openFixture(path: string) {
  const decoder = createLogDecoder({ checksum: null });
  decoder.push(new Uint8Array(readFileSync(path)));
  return decoder.finish();
}

describe('buildLogSummary', () => {
  const log = openFixture(resolve('public/demo/demo-session.jsonl.zstd'));

  it('includes every turn by default', () => {
    const summary = buildLogSummary(log, 'demo');
    expect(log.index.turns.length).toBeGreaterThan(1);
    expect(summary.turns).toHaveLength(log.index.turns.length);
    expect(summary.isTurnsPartial).toBe(false);
  });

  it('keeps only the first turns when capped for a partial summary, and says so', () => {
    const summary = buildLogSummary(log, 'demo', { turnsMax: 1 });
    expect(summary.turns).toEqual(log.index.turns.slice(0, 1));
    expect(summary.isTurnsPartial).toBe(true);
    expect(summary.eventCount).toBe(log.store.eventCount);
  });
});

describe('buildLogSummary problems and notes', () => {
  it('lists legacy upgrades as notes: no problem count, no problem marks for n / N (FORMAT.md §3.6)', () => {
    const log = openFixture(resolve('fixtures/legacy-web.jsonl'));
    const summary = buildLogSummary(log, 'legacy-web');
    expect(summary.problemCount).toBe(0);
    expect(summary.problemMarks).toEqual([]);
    expect(summary.notes.map((note) => [note.kind, note.line])).toEqual([
      ['legacy', 2],
      ['legacy', 3],
      ['legacy', 16],
    ]);
  });
});

describe('formatVerdictsOf', () => {
  it('derives the format verdicts of a finished log once, and none while it loads', () => {
    const decoder = createLogDecoder({ checksum: null });
    const bytes = new Uint8Array(readFileSync(resolve('fixtures/max-tokens.jsonl')));
    decoder.push(bytes.subarray(0, bytes.length >> 1));
    expect(formatVerdictsOf(decoder.log)).toBeNull();
    decoder.push(bytes.subarray(bytes.length >> 1));
    const log = decoder.finish();
    const verdicts = formatVerdictsOf(log);
    expect(verdicts).toMatchObject({
      generation: 0,
      writer: { status: 'ok' },
      current: { status: 'refuses', refusals: [{ rule: 'descriptor-version', seq: 4 }] },
    });
    expect(formatVerdictsOf(log)).toBe(verdicts);
  });
});

describe('splitSummaryTurns', () => {
  const log = openFixture(resolve('public/demo/demo-session.jsonl.zstd'));
  const summary = buildLogSummary(log, 'demo');

  it('cuts the turns into parts of at most the given size whose concatenation with the rest is the original', () => {
    for (const size of [1, 2, 3, summary.turns.length - 1]) {
      const { parts, summary: rest } = splitSummaryTurns(summary, size);
      expect(parts.every((part) => part.length === size)).toBe(true);
      expect(rest.turns.length).toBeGreaterThan(0);
      expect(rest.turns.length).toBeLessThanOrEqual(size);
      expect([...parts.flat(), ...rest.turns]).toEqual(summary.turns);
      expect({ ...rest, turns: summary.turns }).toEqual(summary);
    }
  });

  it('sends no part when every turn fits in the summary itself', () => {
    const { parts, summary: rest } = splitSummaryTurns(summary, summary.turns.length);
    expect(parts).toEqual([]);
    expect(rest).toBe(summary);
  });
});

describe('buildToolSpans', () => {
  const log = openFixture(resolve('public/demo/demo-session.jsonl.zstd'));
  const spans = buildToolSpans(log.index);

  it('has one span per executed tool call, in callSeq order, with its status and name', () => {
    const executed = log.index.toolCalls.filter((call) => call.callSeq !== null);
    expect(executed.length).toBeGreaterThan(0);
    expect(spans.callSeq).toHaveLength(executed.length);
    for (let i = 1; i < spans.callSeq.length; i++)
      expect(spans.callSeq[i] ?? 0).toBeGreaterThanOrEqual(spans.callSeq[i - 1] ?? 0);
    for (const call of executed) {
      const position = spans.callSeq.indexOf(call.callSeq ?? -2);
      expect(TOOL_SPAN_STATUSES[spans.status[position] ?? 99]).toBe(call.status);
      expect(spans.names[spans.nameId[position] ?? 99]).toBe(call.name);
      expect(spans.resultSeq[position]).toBe(call.resultSeq ?? -1);
    }
  });

  it('ends a span at its result, else at its step end, never before its call', () => {
    const executed = log.index.toolCalls.filter((call) => call.callSeq !== null);
    for (const call of executed) {
      const position = spans.callSeq.indexOf(call.callSeq ?? -2);
      const end = spans.endSeq[position] ?? -2;
      if (call.resultSeq !== null) expect(end).toBe(Math.max(call.resultSeq, call.callSeq ?? 0));
      else {
        const step = log.index.turns
          .find((turn) => turn.turn === call.turn)
          ?.steps.find((candidate) => candidate.step === call.step);
        expect(end).toBe(step?.endSeq ?? -1);
      }
    }
  });

  // The corpus has no executed call without a result, so one is made from fs-read (one tool/call, seq 58).
  const FS_READ = readFileSync('/work/shared/corpus/acp-agent__snapshots__fs-read__session.jsonl', 'utf8');
  function openText(text: string) {
    const decoder = createLogDecoder({ checksum: null });
    decoder.push(new TextEncoder().encode(text));
    return decoder.finish();
  }

  it('ends a call whose result is missing at its step end, with status no-result', () => {
    const resultHidden = openText(FS_READ.replace('"type":"tool/result"', '"type":"x-test/not-a-result"'));
    const hidden = buildToolSpans(resultHidden.index);
    const stepEnd = resultHidden.index.turns[0]?.steps[0]?.endSeq;
    expect(Array.from(hidden.callSeq)).toEqual([58]);
    expect(TOOL_SPAN_STATUSES[hidden.status[0] ?? 99]).toBe('no-result');
    expect(hidden.resultSeq[0]).toBe(-1);
    expect(stepEnd).toBe(60);
    expect(hidden.endSeq[0]).toBe(stepEnd);
  });

  it('marks a call without result in a still-open step as running to the end (-1)', () => {
    const lines = FS_READ.split('\n');
    const cut = lines.findIndex((line) => line.includes('"type":"tool/call"'));
    const open = buildToolSpans(openText(lines.slice(0, cut + 1).join('\n') + '\n').index);
    expect(Array.from(open.callSeq)).toEqual([58]);
    expect(open.endSeq[0]).toBe(-1);
  });
});

describe('sliceFormatVerdicts', () => {
  afterEach(() => vi.restoreAllMocks());
  // A clock that moves 5 ms per reading: every few audit steps outlast WORK_SLICE_MS.
  function fakeClock(): void {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 5));
  }
  // More events than one audit step holds (4,096), so the audit yields between slices.
  const generationZero = () => {
    const decoder = createLogDecoder({ checksum: null });
    decoder.push(utf8(jsonlText(validLogLines(1_500))));
    const log = decoder.finish();
    expect(log.store.eventCount).toBeGreaterThan(3 * 4_096);
    return log;
  };

  it('yields to the event loop between slices and ends with what deriveFormatVerdicts gives', async () => {
    const log = generationZero();
    const expected = formatVerdictsOf(generationZero());
    fakeClock();
    let yields = 0;
    const verdicts = await sliceFormatVerdicts(
      log,
      () => {
        yields += 1;
        return Promise.resolve();
      },
      () => false,
    );
    expect(verdicts).toEqual(expected);
    expect(yields).toBeGreaterThan(0);
    // Cached: formatVerdictsOf answers with the same object.
    expect(formatVerdictsOf(log)).toBe(verdicts);
  });

  it('stops when the load is cancelled between slices', async () => {
    const log = generationZero();
    fakeClock();
    const verdicts = await sliceFormatVerdicts(
      log,
      () => Promise.resolve(),
      () => true,
    );
    expect(verdicts).toBeNull();
  });
});
