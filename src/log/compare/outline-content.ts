// The content hashes of an outline (canonical.ts), computed only where a comparison needs them
// (issue 23 Numbers: the first divergence of two 1.3 M-event logs in ≤ 1 s after indexing). Every
// message line carries a fingerprint of its bytes, taken while it was decoded (LogStore.lineHash):
// two runs of one format generation whose lines are byte for byte the same say the same thing
// (the upgrades and the canonical form read nothing else that is compared; ids are dropped), so
// only items whose bytes differ are read, parsed and hashed. The answers are the ones the full
// canonical hashes give: a byte match is only ever a shortcut to "same".

import type { OpenedLog } from '../open/opened-log.ts';
import { isRecord } from '../event.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import { canonicalAnswer, canonicalMessage, combineHashes, hashText } from './canonical.ts';
import type { OutlineStep, OutlineTurn, RunOutline } from './outline-types.ts';

/** What a step's hashes are computed from, and their byte fingerprints (NaN: no fingerprint). */
interface StepContent {
  log: OpenedLog;
  inputs: number;
  answer: number;
  key: number;
  /** Per call: the result line's fingerprint, or null when the call has no result. */
  results: (number | null)[];
  isResolved: boolean;
}

const stepContents = new WeakMap<OutlineStep, StepContent>();
const turnKeys = new WeakMap<OutlineTurn, number>();
/** The format generation an outline's log is read as: byte matches count only between equal ones. */
const runGenerations = new WeakMap<RunOutline, number>();

/** The fingerprint of the line holding event `seq` (NaN when it has none). */
export function lineHashAt(log: OpenedLog, seq: number): number {
  return log.store.lineHash.get(log.store.eventLine.get(seq));
}

/** One fingerprint of several, NaN when any is NaN (so an unknown never matches). */
export function combineLineHashes(hashes: readonly number[]): number {
  return hashes.some(Number.isNaN) ? Number.NaN : combineHashes(hashes);
}

export function registerRun(outline: RunOutline, log: OpenedLog): void {
  runGenerations.set(outline, log.store.rules.generation);
}

/** Registers a step's log and fingerprints (`content.isResolved` false: its hashes are not filled yet). */
export function registerStep(step: OutlineStep, content: StepContent): void {
  stepContents.set(step, content);
}

/** A turn's key is its first step's inputs: `inputs` is their fingerprint. */
export function registerTurn(turn: OutlineTurn, inputs: number): void {
  turnKeys.set(turn, inputs);
}

/** Whether byte fingerprints may stand for content between the two runs (one format generation). */
export function canMatchBytes(a: RunOutline, b: RunOutline): boolean {
  const generation = runGenerations.get(a);
  return generation !== undefined && generation === runGenerations.get(b);
}

function messageOf(event: { type: string; data: unknown }): unknown {
  const data = event.data;
  if (!isRecord(data)) return null;
  return event.type === 'user/message' ? data : data.message;
}

function messageAt(log: OpenedLog, seq: number): unknown {
  return messageOf(readUpgradedEventAt(log.store, seq));
}

/**
 * An answer's message. From generation 2 an assistant message carries its stream (`data.stream`,
 * most of the line), which no hash reads: it is cut from the line before the parse, a tenth of the
 * parse (the same message: normalization never reads the stream; outline-content.test.ts checks).
 */
function answerAt(log: OpenedLog, seq: number): unknown {
  if (log.store.rules.generation < 2) return messageAt(log, seq);
  return messageOf(log.store.readEventWithoutDataMember(seq, 'stream'));
}

/** Fills the step's canonical hashes (inputs, answer, key, results) from its log, once. */
export function resolveStep(step: OutlineStep): void {
  const content = stepContents.get(step);
  if (content === undefined || content.isResolved) return;
  const { log } = content;
  step.inputHashes = step.inputSeqs.map((seq) => hashText(canonicalMessage(messageAt(log, seq))));
  step.answerHash = combineHashes(
    step.answerSeqs.map((seq) => hashText(canonicalAnswer(answerAt(log, seq)))),
  );
  for (const call of step.calls) {
    if (call.resultSeq === null) continue;
    const data = readUpgradedEventAt(log.store, call.resultSeq).data;
    call.resultHash = hashText(canonicalMessage(isRecord(data) ? data.message : null));
  }
  step.key = combineHashes([step.answerHash, ...step.calls.map((call) => call.key)]);
  content.isResolved = true;
}

function resolveTurn(turn: OutlineTurn): void {
  const first = turn.steps[0];
  if (first === undefined || !turnKeys.has(turn)) return;
  resolveStep(first);
  turn.key = combineHashes(first.inputHashes);
  turnKeys.delete(turn);
}

/**
 * Fills every hash of the run in log order: when no byte matches can count (two generations), every
 * item is compared anyway, and reading in order keeps the store's frame cache warm.
 */
export function resolveRun(outline: RunOutline): void {
  for (const turn of outline.turns) {
    for (const step of turn.steps) resolveStep(step);
    resolveTurn(turn);
  }
}

/** Same opening messages (the LCS key of a turn). */
export function sameTurnKey(a: OutlineTurn, b: OutlineTurn, isByteMatch: boolean): boolean {
  const rawA = turnKeys.get(a);
  if (isByteMatch && rawA !== undefined && rawA === turnKeys.get(b)) return true;
  resolveTurn(a);
  resolveTurn(b);
  return a.key === b.key;
}

/** Byte fingerprint test, or both steps resolved for the canonical one. */
function sameBy(
  a: OutlineStep,
  b: OutlineStep,
  isByteMatch: boolean,
  raw: (content: StepContent) => number,
  resolved: (step: OutlineStep) => number,
): boolean {
  const contentA = stepContents.get(a);
  const contentB = stepContents.get(b);
  if (isByteMatch && contentA !== undefined && contentB !== undefined && raw(contentA) === raw(contentB))
    return true;
  resolveStep(a);
  resolveStep(b);
  return resolved(a) === resolved(b);
}

/** Same answer and calls (the LCS key of a step). */
export function sameStepKey(a: OutlineStep, b: OutlineStep, isByteMatch: boolean): boolean {
  return sameBy(
    a,
    b,
    isByteMatch,
    (content) => content.key,
    (step) => step.key,
  );
}

/** The same messages reached the model before the step's answer. */
export function sameInputs(a: OutlineStep, b: OutlineStep, isByteMatch: boolean): boolean {
  return sameBy(
    a,
    b,
    isByteMatch,
    (content) => content.inputs,
    (step) => combineHashes(step.inputHashes),
  );
}

export function sameAnswer(a: OutlineStep, b: OutlineStep, isByteMatch: boolean): boolean {
  return sameBy(
    a,
    b,
    isByteMatch,
    (content) => content.answer,
    (step) => step.answerHash,
  );
}

/** The results of call `callA` of step a and `callB` of step b are the same (or both missing). */
export function sameResult(
  a: OutlineStep,
  callA: number,
  b: OutlineStep,
  callB: number,
  isByteMatch: boolean,
): boolean {
  const resultA = stepContents.get(a)?.results[callA];
  const resultB = stepContents.get(b)?.results[callB];
  if (isByteMatch && resultA !== undefined && resultA === resultB) return true;
  resolveStep(a);
  resolveStep(b);
  return a.calls[callA]?.resultHash === b.calls[callB]?.resultHash;
}
