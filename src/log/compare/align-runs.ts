// Two runs aligned as a person compares them (issue 23, CLI.md `diff`): a fork's inherited prefix is
// shared exactly; beyond it turns, then each matched turn's steps, then each matched step's tool
// calls are aligned by LCS (sequence-alignment.ts) on content keys, never on ids or seqs.

import type { OutlineCall, OutlineStep, OutlineTurn, RunOutline } from './run-outline.ts';
import {
  canMatchBytes,
  resolveRun,
  sameAnswer,
  sameInputs,
  sameResult,
  sameStepKey,
  sameTurnKey,
} from './outline-content.ts';
import { alignItems, alignKeys } from './sequence-alignment.ts';

export type AlignStatus = 'same' | 'changed' | 'only-a' | 'only-b';

/** What differs in an aligned step, in the order the first divergence looks at them. */
export type StepDifference = 'request' | 'model-view' | 'assistant' | 'tool-call' | 'tool-result';
export const STEP_DIFFERENCE_ORDER: readonly StepDifference[] = [
  'request',
  'model-view',
  'assistant',
  'tool-call',
  'tool-result',
];

interface AlignedCall {
  /** Indexes into the step's `calls` on each side. */
  a: number | null;
  b: number | null;
  name: string;
  status: AlignStatus;
  /** For a changed pair: `name` / `arguments` (paired by order), `result` / `status` (matched call). */
  differs: ('name' | 'arguments' | 'result' | 'status')[];
}

export interface AlignedStep {
  /** Indexes into the turn's `steps` on each side. */
  a: number | null;
  b: number | null;
  status: AlignStatus;
  differs: StepDifference[];
  calls: AlignedCall[];
}

export interface AlignedTurn {
  /** Indexes into the outlines' `turns`. */
  a: number | null;
  b: number | null;
  status: AlignStatus;
  /** Inside a fork's inherited prefix: the same events, shared exactly. */
  isShared: boolean;
  /** Matched by the LCS on the opening messages (false: paired by order in a gap, or alone). */
  isKeyMatch: boolean;
  /** `turn-end`: the turns ended differently (reason). */
  isEndChanged: boolean;
  steps: AlignedStep[];
}

export type RunRelation = 'generations' | 'fork' | 'related' | 'unrelated';

export interface SharedPrefix {
  kind: 'fork' | 'none';
  /** Last seq of the shared prefix on each side; -1 when there is none. */
  aSeqEnd: number;
  bSeqEnd: number;
}

export interface RunAlignment {
  /** generations: one session id; fork: a shared prefix; related: a turn matched; unrelated: none. */
  relation: RunRelation;
  sharedPrefix: SharedPrefix;
  turns: AlignedTurn[];
}

function alignCalls(stepA: OutlineStep, stepB: OutlineStep, isByteMatch: boolean): AlignedCall[] {
  const a: readonly OutlineCall[] = stepA.calls;
  const b: readonly OutlineCall[] = stepB.calls;
  return alignKeys(
    a.map((call) => call.key),
    b.map((call) => call.key),
  ).map((pair) => {
    const callA = pair.a === null ? null : (a[pair.a] as OutlineCall);
    const callB = pair.b === null ? null : (b[pair.b] as OutlineCall);
    const name = (callA ?? callB)?.name ?? '';
    if (callA === null || callB === null)
      return { a: pair.a, b: pair.b, name, status: callA === null ? 'only-b' : 'only-a', differs: [] };
    const differs: AlignedCall['differs'] = [];
    if (callA.name !== callB.name) differs.push('name');
    if (callA.argsHash !== callB.argsHash) differs.push('arguments');
    if (!sameResult(stepA, pair.a as number, stepB, pair.b as number, isByteMatch)) differs.push('result');
    if (callA.status !== callB.status) differs.push('status');
    return { a: pair.a, b: pair.b, name, status: differs.length === 0 ? 'same' : 'changed', differs };
  });
}

/** Compares two aligned steps: request, the messages sent, the answer, the calls, the results. */
function compareSteps(
  a: OutlineStep,
  b: OutlineStep,
  isByteMatch: boolean,
): { differs: StepDifference[]; calls: AlignedCall[] } {
  const calls = alignCalls(a, b, isByteMatch);
  const differs: StepDifference[] = [];
  if (a.request.hash !== b.request.hash) differs.push('request');
  if (!sameInputs(a, b, isByteMatch)) differs.push('model-view');
  if (!sameAnswer(a, b, isByteMatch)) differs.push('assistant');
  if (
    calls.some(
      (call) => call.status.startsWith('only') || call.differs.some((d) => d === 'name' || d === 'arguments'),
    )
  )
    differs.push('tool-call');
  if (calls.some((call) => call.differs.includes('result') || call.differs.includes('status')))
    differs.push('tool-result');
  return { differs, calls };
}

function alignSteps(a: OutlineTurn, b: OutlineTurn, isByteMatch: boolean): AlignedStep[] {
  return alignItems(a.steps, b.steps, (x, y) => sameStepKey(x, y, isByteMatch)).map((pair) => {
    if (pair.a === null || pair.b === null)
      return { a: pair.a, b: pair.b, status: pair.a === null ? 'only-b' : 'only-a', differs: [], calls: [] };
    const { differs, calls } = compareSteps(
      a.steps[pair.a] as OutlineStep,
      b.steps[pair.b] as OutlineStep,
      isByteMatch,
    );
    return { a: pair.a, b: pair.b, status: differs.length === 0 ? 'same' : 'changed', differs, calls };
  });
}

function alignTurnPair(
  a: OutlineTurn,
  b: OutlineTurn,
  aIndex: number,
  bIndex: number,
  isKeyMatch: boolean,
  isByteMatch: boolean,
): AlignedTurn {
  const steps = alignSteps(a, b, isByteMatch);
  const isEndChanged = a.reason !== b.reason;
  // Turns paired by order in a gap opened differently: never `same`, even with no steps to show it.
  const isSame =
    (isKeyMatch || sameTurnKey(a, b, isByteMatch)) &&
    !isEndChanged &&
    steps.every((step) => step.status === 'same');
  return {
    a: aIndex,
    b: bIndex,
    status: isSame ? 'same' : 'changed',
    isShared: false,
    isKeyMatch,
    isEndChanged,
    steps,
  };
}

/** A shared turn: both sides hold the same copied events, so every step and call is `same`. */
function sharedTurn(a: OutlineTurn, b: OutlineTurn, aIndex: number, bIndex: number): AlignedTurn {
  const steps: AlignedStep[] = a.steps.map((step, index) => ({
    a: index,
    b: index < b.steps.length ? index : null,
    status: 'same',
    differs: [],
    calls: step.calls.map((call, callIndex) => ({
      a: callIndex,
      b: callIndex,
      name: call.name,
      status: 'same',
      differs: [],
    })),
  }));
  return {
    a: aIndex,
    b: bIndex,
    status: 'same',
    isShared: true,
    isKeyMatch: true,
    isEndChanged: false,
    steps,
  };
}

/**
 * The shared prefix of a fork and its parent (FORMAT.md §8.1: the child's events 0 … seedLength-1 are
 * the parent's, with its seqs), or of two forks of one parent (the shorter copy). Returns how many
 * leading turns are shared: the turns that end inside the prefix (it ends at a completed turn).
 */
function findSharedPrefix(a: RunOutline, b: RunOutline): { prefix: SharedPrefix; turns: number } {
  const none = { prefix: { kind: 'none' as const, aSeqEnd: -1, bSeqEnd: -1 }, turns: 0 };
  let length: number | null = null;
  if (b.inheritedLength !== null && a.id !== null && b.parentSession === a.id) length = b.inheritedLength;
  else if (a.inheritedLength !== null && b.id !== null && a.parentSession === b.id)
    length = a.inheritedLength;
  else if (
    a.inheritedLength !== null &&
    b.inheritedLength !== null &&
    a.parentSession !== null &&
    a.parentSession === b.parentSession
  )
    length = Math.min(a.inheritedLength, b.inheritedLength);
  if (length === null || length <= 0) return none;
  const seedEnd = length - 1;
  const child = b.inheritedLength !== null && b.parentSession === a.id ? b : a;
  const turns = child.turns.filter((turn) => turn.endSeq !== null && turn.endSeq <= seedEnd).length;
  const sharedEnd = (run: RunOutline): number =>
    run.generation === child.generation
      ? Math.min(seedEnd, run.eventCount - 1)
      : (run.turns[turns - 1]?.endSeq ?? seedEnd);
  return {
    prefix: { kind: 'fork', aSeqEnd: sharedEnd(a), bSeqEnd: sharedEnd(b) },
    turns: Math.min(turns, a.turns.length, b.turns.length),
  };
}

/** Aligns run b against run a. Pure and deterministic: the CLI and the worker call exactly this. */
export function alignRuns(a: RunOutline, b: RunOutline): RunAlignment {
  const { prefix, turns: sharedCount } = findSharedPrefix(a, b);
  const turns: AlignedTurn[] = [];
  for (let index = 0; index < sharedCount; index++)
    turns.push(sharedTurn(a.turns[index] as OutlineTurn, b.turns[index] as OutlineTurn, index, index));
  const restA = a.turns.slice(sharedCount);
  const restB = b.turns.slice(sharedCount);
  let keyMatches = 0;
  const isByteMatch = canMatchBytes(a, b);
  if (!isByteMatch) for (const run of [a, b]) resolveRun(run);
  for (const pair of alignItems(restA, restB, (x, y) => sameTurnKey(x, y, isByteMatch))) {
    const aIndex = pair.a === null ? null : pair.a + sharedCount;
    const bIndex = pair.b === null ? null : pair.b + sharedCount;
    if (aIndex === null || bIndex === null) {
      turns.push({
        a: aIndex,
        b: bIndex,
        status: aIndex === null ? 'only-b' : 'only-a',
        isShared: false,
        isKeyMatch: false,
        isEndChanged: false,
        steps: [],
      });
      continue;
    }
    if (pair.isKeyMatch) keyMatches++;
    turns.push(
      alignTurnPair(
        a.turns[aIndex] as OutlineTurn,
        b.turns[bIndex] as OutlineTurn,
        aIndex,
        bIndex,
        pair.isKeyMatch,
        isByteMatch,
      ),
    );
  }
  let relation: RunRelation = 'unrelated';
  if (a.id !== null && a.id === b.id) relation = 'generations';
  else if (prefix.kind === 'fork') relation = 'fork';
  else if (keyMatches > 0) relation = 'related';
  return { relation, sharedPrefix: prefix, turns };
}
