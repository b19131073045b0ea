// Issue 23 "Done means": two generations of one session compare `same` throughout; a fork is shared
// up to its seed and diverges after; a copy with one changed tool argument diverges exactly there;
// unrelated sessions say so and still align by turn order.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { alignRuns } from './align-runs.ts';
import { buildDiffReport } from './diff-report.ts';
import { buildRunOutline, type RunOutline } from './run-outline.ts';

function outlineOf(bytes: Uint8Array): RunOutline {
  return buildRunOutline(decodeLog(bytes));
}

function outlineAt(path: string): RunOutline {
  return outlineOf(new Uint8Array(readFileSync(join(FIXTURES_DIR, path))));
}

function diff(a: RunOutline, b: RunOutline) {
  return buildDiffReport(a, b, { a: 'a', b: 'b' });
}

const MULTI_GEN = 'generations/multi-gen/1f64649f-af94-4c75-a0ea-40658dc71600';
const FORK_DIR = 'sessions/root/--home-dev-projects-subagent-fork-in-process--';
const FORK_PARENT = `${FORK_DIR}/96cf59c9-b347-48b9-b234-a5200913ad05/session.jsonl.zstd`;
const FORK_CHILD = `${FORK_DIR}/ada8966c-9fa3-441b-8721-37ff1e795e6a/session.jsonl.zstd`;

describe('two generations of one session', () => {
  const v0 = outlineAt(`${MULTI_GEN}/session.jsonl.zstd`);
  for (const generation of ['v3', 'v4']) {
    it(`v0 and ${generation} compare same throughout (content, not seqs)`, () => {
      const other = outlineAt(`${MULTI_GEN}/session.${generation}.jsonl.zstd`);
      expect(other.eventCount).not.toBe(v0.eventCount);
      const report = diff(v0, other);
      expect(report.relation).toBe('generations');
      expect(report.firstDivergence).toBeNull();
      expect(report.turns.map((turn) => turn.status)).toEqual(['same']);
      expect(report.turns.flatMap((turn) => turn.steps.map((step) => step.status))).toEqual(['same']);
    });
  }

  // The oracle outputs are upstream's own migrations of our v0 fixtures (src/log/open/oracle.test.ts).
  const oracleDir = join(FIXTURES_DIR, 'generations', 'oracle');
  for (const name of readdirSync(oracleDir).filter((file) => /\.v\d\.jsonl$/.test(file))) {
    const base = name.replace(/\.v\d\.jsonl$/, '');
    const original = base.startsWith('corpus__')
      ? join(CORPUS_DIR, `${base.slice('corpus__'.length)}.jsonl`)
      : join(FIXTURES_DIR, `${base}.jsonl`);
    it.skipIf(!existsSync(original))(
      `${name} against its v0 original${existsSync(original) ? '' : ' (corpus absent: skipped)'}`,
      () => {
        const report = diff(
          outlineOf(new Uint8Array(readFileSync(original))),
          outlineOf(new Uint8Array(readFileSync(join(oracleDir, name)))),
        );
        expect(report.firstDivergence).toBeNull();
        expect(report.turns.every((turn) => turn.status === 'same')).toBe(true);
      },
    );
  }
});

describe('a fork and its parent', () => {
  const parent = outlineAt(FORK_PARENT);
  const child = outlineAt(FORK_CHILD);

  it('share the inherited prefix exactly (seedLength 42: seqs 0–41) and diverge after it', () => {
    const report = diff(parent, child);
    expect(report.relation).toBe('fork');
    expect(report.sharedPrefix).toEqual({ kind: 'fork', aSeqEnd: 41, bSeqEnd: 41 });
    expect(report.turns[0]).toMatchObject({ a: 1, b: 1, status: 'same', isShared: true });
    const first = report.firstDivergence;
    expect(first).not.toBeNull();
    expect(first?.aSeq).toBeGreaterThan(41);
    expect(first?.bSeq).toBeGreaterThan(41);
    expect(first?.turn).toEqual({ a: 2, b: 2 });
  });

  it('say the same with the sides swapped', () => {
    const report = diff(child, parent);
    expect(report.sharedPrefix).toEqual({ kind: 'fork', aSeqEnd: 41, bSeqEnd: 41 });
    expect(report.firstDivergence?.turn).toEqual({ a: 2, b: 2 });
  });
});

/** tool-error.jsonl with the bash call's `description` argument changed in every event that holds it. */
function withChangedArgument(text: string): string {
  const from = String.raw`\"description\": \"Run echo HELLO\"`;
  const to = String.raw`\"description\": \"Run echo HELLO once\"`;
  expect(text.includes(from)).toBe(true);
  return text.split(from).join(to);
}

describe('a copy with one changed tool argument', () => {
  const text = readFileSync(join(FIXTURES_DIR, 'tool-error.jsonl'), 'utf8');
  const original = outlineOf(new TextEncoder().encode(text));

  it('is the same as an unchanged copy', () => {
    expect(diff(original, outlineOf(new TextEncoder().encode(text))).firstDivergence).toBeNull();
  });

  it('diverges exactly at that call', () => {
    const changed = outlineOf(new TextEncoder().encode(withChangedArgument(text)));
    const report = diff(original, changed);
    const call = original.turns[0]?.steps[0]?.calls[0];
    expect(call?.name).toBe('bash');
    expect(report.firstDivergence).toMatchObject({
      kind: 'tool-call',
      aSeq: call?.requestSeq,
      bSeq: call?.requestSeq,
      turn: { a: 1, b: 1 },
      step: { a: 1, b: 1 },
      summary: 'tool bash: arguments differ',
    });
    // Only that step changed: the answer text and the results of the other steps are the same.
    expect(report.turns[0]?.steps.map((step) => step.status)).toEqual(['changed', 'same']);
    expect(report.turns[0]?.steps[0]?.toolCalls).toMatchObject([{ name: 'bash', status: 'changed' }]);
  });
});

describe('unrelated sessions', () => {
  it('say so and still align by turn order', () => {
    const report = diff(outlineAt('tool-error.jsonl'), outlineAt('cancel.jsonl'));
    expect(report.relation).toBe('unrelated');
    expect(report.sharedPrefix.kind).toBe('none');
    expect(report.turns[0]).toMatchObject({ a: 1, b: 1, status: 'changed' });
    expect(report.firstDivergence?.summary).toMatch(/^no turn in common \(aligned by turn order\); /);
    expect(report.firstDivergence?.turn).toEqual({ a: 1, b: 1 });
  });
});

describe('totals and deltas', () => {
  it('are b − a of each side, per turn and in total', () => {
    const parent = outlineAt(FORK_PARENT);
    const child = outlineAt(FORK_CHILD);
    const report = diff(parent, child);
    const sum = (run: RunOutline) => run.turns.reduce((total, turn) => total + turn.tokens.output, 0);
    expect(report.totals.a.tokens.output).toBe(sum(parent));
    expect(report.totals.delta.tokens.output).toBe(sum(child) - sum(parent));
    for (const turn of report.turns) expect(turn.delta.toolCalls).toBe(turn.toolCalls.b - turn.toolCalls.a);
    expect(alignRuns(parent, child).turns).toHaveLength(report.turns.length);
  });
});
