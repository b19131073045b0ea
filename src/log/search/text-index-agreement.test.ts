// The text index against a plain reference (every stored string value of every event, walked and
// lower-cased here), over the fixtures and the shared corpus: where both look at the same text they
// find the same events, and everywhere a match lands on an event that shows the text (never on a
// delta), a callId first on its tool/call.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildTextIndex, searchTextIndex, type TextIndex } from './text-index.ts';
import { decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { summarizeEvent } from '../projections/event-summary.ts';
import { ChunkKind, isRecord } from '../event.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';

const FIXTURES_DIR = fileURLToPath(new URL('../../../fixtures', import.meta.url));

function listLogs(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) listLogs(path, found);
    else if (name.endsWith('.jsonl')) found.push(path);
  }
  return found;
}

/** Every string value of `value`, however deep (iteratively: no recursion on untrusted depth). */
function stringValues(value: unknown): string[] {
  const found: string[] = [];
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') found.push(next);
    else if (Array.isArray(next)) pending.push(...(next as unknown[]));
    else if (isRecord(next)) pending.push(...Object.values(next));
  }
  return found;
}

/**
 * The reference: every seq whose row (its summary, as the events list shows it) or stored event
 * holds `text` in a string value, ignoring case.
 */
function scanAll(log: OpenedLog, text: string): number[] {
  const needle = text.toLowerCase();
  const seqs: number[] = [];
  for (let seq = 0; seq < log.store.eventCount; seq++) {
    const shown = [summarizeEvent(log, seq), ...stringValues(log.store.readStoredEvent(seq))];
    if (shown.some((value) => value.toLowerCase().includes(needle))) seqs.push(seq);
  }
  return seqs;
}

/**
 * Where the two should agree: events that are not chunks and carry no embedded stream (the reference
 * matches each delta, the index the assembled text), and that hold no executed tool-call block
 * (the index finds its id and arguments on the tool/call).
 */
function isComparable(log: OpenedLog, seq: number): boolean {
  if (log.index.chunkKind.get(seq) !== ChunkKind.NONE) return false;
  const event = log.store.readEvent(seq);
  if (!isRecord(event.data)) return true;
  if ('stream' in event.data) return false;
  return !JSON.stringify(event.data).includes('"tool-call"');
}

/**
 * Words to search for: letter runs of the log's stored string values that never occur inside a key,
 * an envelope field or a non-string value (the reference matches the stored values, the index only string
 * values) — a deterministic sample.
 */
function sampleWords(log: OpenedLog, count: number): string[] {
  const words = new Set<string>();
  const structural: string[] = [];
  for (let seq = 0; seq < log.store.eventCount; seq++) {
    // As stored: the reference reads values of the stored line (a legacy upgrade adds ids it never sees).
    const event = log.store.readStoredEvent(seq);
    const pending: unknown[] = [event.data];
    for (const [key, value] of Object.entries(event))
      structural.push(key, key === 'data' ? '' : JSON.stringify(value ?? null));
    while (pending.length > 0) {
      const value = pending.pop();
      if (typeof value === 'string')
        for (const word of value.toLowerCase().match(/\p{L}{4,}/gu) ?? []) words.add(word);
      else if (isRecord(value)) {
        structural.push(...Object.keys(value));
        pending.push(...Object.values(value));
      } else if (Array.isArray(value)) pending.push(...(value as unknown[]));
      // Booleans, numbers and null: in the stored line, not shown text.
      else structural.push(String(value));
    }
  }
  const structuralText = structural.join(' ').toLowerCase();
  const candidates = [...words].filter((word) => !structuralText.includes(word)).sort();
  const stride = Math.max(1, Math.floor(candidates.length / count));
  return candidates.filter((_, i) => i % stride === 0).slice(0, count);
}

describe('the text index agrees with the reference where both see the same text', () => {
  const paths = [
    ...readdirSync(FIXTURES_DIR)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => join(FIXTURES_DIR, name)),
    ...listLogs(join(FIXTURES_DIR, 'generations', 'stored')),
  ];

  it('has fixtures to compare', () => {
    expect(paths.length).toBeGreaterThan(5);
  });

  for (const path of paths) {
    it(path.slice(FIXTURES_DIR.length + 1), () => {
      const log = decodeLog(new Uint8Array(readFileSync(path)));
      const index = buildTextIndex(log);
      const words = sampleWords(log, 25);
      expect(words.length).toBeGreaterThan(0);
      for (const word of words) {
        const found = [...searchTextIndex(index, word)].filter((seq) => isComparable(log, seq));
        const scanned = scanAll(log, word).filter((seq) => isComparable(log, seq));
        expect(found, word).toEqual(scanned);
      }
    });
  }
});

const corpusNames = existsSync(join(CORPUS_DIR, 'MANIFEST.json'))
  ? readdirSync(CORPUS_DIR)
      .filter((name) => name.endsWith('.jsonl'))
      .sort()
  : [];
const describeCorpus = corpusNames.length > 0 ? describe : describe.skip;

/** Checks that hold for every log: sorted distinct seqs, never a delta, callIds on their calls. */
function checkLandings(log: OpenedLog, index: TextIndex): void {
  const isDelta = (seq: number) => {
    const kind = log.index.chunkKind.get(seq);
    return (
      kind === ChunkKind.TEXT_DELTA ||
      kind === ChunkKind.REASONING_DELTA ||
      kind === ChunkKind.TOOL_CALL_DELTA
    );
  };
  const attemptEnds = new Set(
    log.index.turns.flatMap((turn) =>
      turn.steps.flatMap((step) =>
        step.attempts.filter((a) => a.messageSeq === null).map((a) => a.lastChunkSeq),
      ),
    ),
  );
  for (const call of log.index.toolCalls.slice(0, 40)) {
    if (call.callSeq === null || call.callId.length < 6) continue;
    const seqs = [...searchTextIndex(index, call.callId)];
    expect(seqs, call.callId).toContain(call.callSeq);
    expect(seqs.every((seq, i) => i === 0 || seq > (seqs[i - 1] as number))).toBe(true);
    // Nothing before the call shows its id but a message that did not execute it (or another id's text).
    const before = seqs.filter((seq) => seq < (call.callSeq as number));
    for (const seq of before)
      expect(isDelta(seq) && !attemptEnds.has(seq), `${call.callId} at ${seq}`).toBe(false);
    if (call.requestSeq !== null) expect(before, call.callId).not.toContain(call.requestSeq);
  }
}

describeCorpus(
  `the text index over the corpus in ${CORPUS_DIR}${corpusNames.length > 0 ? '' : ' (folder absent: skipped)'}`,
  () => {
    for (const name of corpusNames) {
      it(`${name}: callIds land on their tool/call, never on a delta`, () => {
        const log = decodeLog(new Uint8Array(readFileSync(join(CORPUS_DIR, name))));
        checkLandings(log, buildTextIndex(log));
      });
    }
  },
);
