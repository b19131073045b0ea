// The checkpointed model view must equal a naive refold from seq 0 (CLI.md "Surface for display")
// at every probed seq: over seeded random logs with many replaces, and over the shared corpus.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRecord } from '../event.ts';
import { decodeLog } from '../open/log-decoder.ts';
import { deriveModelView } from './model-view.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { LogScript } from '../testing/event-builders.ts';

import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { createRandom } from '../testing/random.ts';
const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

/** Naive lenient fold of events 0..atSeq, reading each event; returns nodes and message seqs. */
function refold(log: OpenedLog, atSeq: number): { nodes: number[]; messages: number[] } {
  const nodes: number[] = [];
  const projects = new Map<number, boolean>();
  for (let seq = 0; seq <= atSeq; seq++) {
    if (log.store.eventMember.get(seq) >= 0) continue; // packed members are chunks
    const event = log.store.readEvent(seq);
    if (event.type !== 'user/message' && event.type !== 'assistant/message' && event.type !== 'tool/result')
      continue;
    const data = isRecord(event.data) ? event.data : {};
    const message = event.type === 'user/message' ? data : isRecord(data.message) ? data.message : {};
    const isEmpty =
      event.type === 'assistant/message' && Array.isArray(message.content) && message.content.length === 0;
    projects.set(seq, !isEmpty);
    const op: unknown = event.surfaceOp;
    if (op === 'append') nodes.push(seq);
    else if (isRecord(op) && op.op === 'replace' && Object.keys(op).length === 3) {
      const i = nodes.indexOf(op.start as number);
      const j = nodes.indexOf(op.end as number);
      if (i >= 0 && j >= i) nodes.splice(i, j - i + 1, seq);
    }
  }
  return { nodes, messages: nodes.filter((seq) => projects.get(seq) === true) };
}

/** A random log of appends (some empty assistant messages), valid replaces and invalid ones. */
function buildRandomLog(seed: number, operations: number): OpenedLog {
  const random = createRandom(seed);
  const script = new LogScript();
  const surface: number[] = [];
  script.turnStart(1);
  script.stepStart(1, 1);
  for (let k = 0; k < operations; k++) {
    const roll = random();
    if (roll < 0.45 || surface.length < 2) {
      surface.push(script.userMessage(`u${k}`, `message ${k}`));
    } else if (roll < 0.6) {
      const content = random() < 0.3 ? [] : [{ type: 'text', text: `answer ${k}` }];
      surface.push(script.assistantMessage(1, 1, `a${k}`, content, { sourceEventSeqs: [] }));
    } else if (roll < 0.7) {
      script.add('todo/write', { todos: [] });
    } else if (roll < 0.92) {
      const i = Math.floor(random() * surface.length);
      const j = Math.min(surface.length - 1, i + Math.floor(random() * 4));
      const shadowed = surface.slice(i, j + 1);
      const seq = script.userMessage(`s${k}`, `checkpoint ${k}`, {
        surfaceOp: { op: 'replace', start: surface[i], end: surface[j] },
        sourceEventSeqs: shadowed,
      });
      surface.splice(i, j - i + 1, seq);
    } else {
      // Invalid: reversed order or a seq that is not on the surface; the display fold skips it.
      const start = random() < 0.5 ? (surface.at(-1) as number) : script.length + 1000;
      script.userMessage(`bad${k}`, 'bad', {
        surfaceOp: { op: 'replace', start, end: surface[0] as number },
      });
    }
  }
  return script.build();
}

function expectSameAsRefold(log: OpenedLog, seqs: number[], context: string): void {
  for (const seq of seqs) {
    const view = deriveModelView(log, seq);
    const expected = refold(log, seq);
    expect(view.nodeCount, `${context} at ${seq}`).toBe(expected.nodes.length);
    expect(
      view.messages.map((message) => message.seq),
      `${context} at ${seq}`,
    ).toEqual(expected.messages);
  }
}

describe('deriveModelView equals a naive refold from seq 0', () => {
  for (const seed of [1, 7, 42, 2024]) {
    it(`at every seq of a seeded random log with many replaces (seed ${seed})`, () => {
      const log = buildRandomLog(seed, 1500);
      expect(log.index.surfaceCheckpoints.length).toBeGreaterThan(3);
      expect(log.problems.some((problem) => problem.kind === 'surface')).toBe(true);
      const random = createRandom(seed * 31);
      const seqs = Array.from({ length: 150 }, () => Math.floor(random() * log.store.eventCount));
      seqs.push(0, log.store.eventCount - 1);
      for (const checkpoint of log.index.surfaceCheckpoints) seqs.push(checkpoint.seq, checkpoint.seq + 1);
      expectSameAsRefold(
        log,
        seqs.filter((seq) => seq >= 0 && seq < log.store.eventCount),
        `seed ${seed}`,
      );
    });
  }

  it.skipIf(!hasCorpus)('at every seq of every corpus log, plain and zstd twins alike', () => {
    const manifest = JSON.parse(readFileSync(join(CORPUS_DIR, 'MANIFEST.json'), 'utf8')) as {
      logs: { name: string }[];
    };
    expect(manifest.logs.length).toBeGreaterThan(0);
    for (const { name } of manifest.logs) {
      for (const suffix of ['.jsonl', '.jsonl.zstd']) {
        const log = decodeLog(new Uint8Array(readFileSync(join(CORPUS_DIR, name + suffix))));
        const seqs = Array.from({ length: log.store.eventCount }, (_, seq) => seq);
        expectSameAsRefold(log, seqs, name + suffix);
      }
    }
  });
});
