// The `diff` report of CLI.md (fields may be added, never renamed): two runs, the shared prefix, the
// first divergence and the alignment turn by turn with tokens and durations, plus the deltas (b − a)
// per turn and in total. The CLI prints it; the worker posts the same object to the compare view.

import type { AlignStatus, AlignedTurn, RunAlignment, RunRelation, SharedPrefix } from './align-runs.ts';
import { alignRuns } from './align-runs.ts';
import type { FirstDivergence } from './first-divergence.ts';
import { findFirstDivergence } from './first-divergence.ts';
import type { OutlineTurn, RunOutline } from './run-outline.ts';

interface Tokens {
  input: number;
  output: number;
}

interface DiffRunFacts {
  path: string;
  id: string | null;
  events: number;
  turns: number;
}

interface DiffToolCallRow {
  a: string | null;
  b: string | null;
  name: string;
  status: AlignStatus;
}

interface DiffStepRow {
  a: number | null;
  b: number | null;
  status: AlignStatus;
  differs: string[];
  toolCalls: DiffToolCallRow[];
}

/** What a side did in a turn (or in total): tokens, time, calls and failed calls. */
interface RunFigures {
  tokens: Tokens;
  durationMs: number;
  toolCalls: number;
  toolErrors: number;
}

interface DiffTurnRow {
  a: number | null;
  b: number | null;
  status: AlignStatus;
  isShared: boolean;
  steps: DiffStepRow[];
  tokens: { a: Tokens; b: Tokens };
  durationMs: { a: number; b: number };
  toolCalls: { a: number; b: number };
  toolErrors: { a: number; b: number };
  /** b − a of each figure. */
  delta: RunFigures;
}

export interface DiffReport {
  a: DiffRunFacts;
  b: DiffRunFacts;
  relation: RunRelation;
  sharedPrefix: SharedPrefix;
  firstDivergence: Omit<FirstDivergence, 'turnIndex' | 'stepIndex'> | null;
  turns: DiffTurnRow[];
  totals: { a: RunFigures; b: RunFigures; delta: RunFigures };
  /** Aligned turns by status. */
  counts: Record<AlignStatus, number>;
}

const ZERO: RunFigures = { tokens: { input: 0, output: 0 }, durationMs: 0, toolCalls: 0, toolErrors: 0 };

function figuresOf(turn: OutlineTurn | null): RunFigures {
  if (turn === null) return ZERO;
  return {
    tokens: { ...turn.tokens },
    durationMs: turn.durationMs,
    toolCalls: turn.toolCalls,
    toolErrors: turn.toolErrors,
  };
}

function add(x: RunFigures, y: RunFigures): RunFigures {
  return {
    tokens: { input: x.tokens.input + y.tokens.input, output: x.tokens.output + y.tokens.output },
    durationMs: x.durationMs + y.durationMs,
    toolCalls: x.toolCalls + y.toolCalls,
    toolErrors: x.toolErrors + y.toolErrors,
  };
}

function deltaOf(a: RunFigures, b: RunFigures): RunFigures {
  return {
    tokens: { input: b.tokens.input - a.tokens.input, output: b.tokens.output - a.tokens.output },
    durationMs: b.durationMs - a.durationMs,
    toolCalls: b.toolCalls - a.toolCalls,
    toolErrors: b.toolErrors - a.toolErrors,
  };
}

function turnRow(turn: AlignedTurn, a: RunOutline, b: RunOutline): DiffTurnRow {
  const turnA = turn.a === null ? null : (a.turns[turn.a] as OutlineTurn);
  const turnB = turn.b === null ? null : (b.turns[turn.b] as OutlineTurn);
  const figuresA = figuresOf(turnA);
  const figuresB = figuresOf(turnB);
  return {
    a: turnA?.turn ?? null,
    b: turnB?.turn ?? null,
    status: turn.status,
    isShared: turn.isShared,
    steps: turn.steps.map((step) => {
      const stepA = step.a === null || turnA === null ? null : (turnA.steps[step.a] ?? null);
      const stepB = step.b === null || turnB === null ? null : (turnB.steps[step.b] ?? null);
      return {
        a: stepA?.step ?? null,
        b: stepB?.step ?? null,
        status: step.status,
        differs: step.differs,
        toolCalls: step.calls.map((call) => ({
          a: call.a === null ? null : (stepA?.calls[call.a]?.callId ?? null),
          b: call.b === null ? null : (stepB?.calls[call.b]?.callId ?? null),
          name: call.name,
          status: call.status,
        })),
      };
    }),
    tokens: { a: figuresA.tokens, b: figuresB.tokens },
    durationMs: { a: figuresA.durationMs, b: figuresB.durationMs },
    toolCalls: { a: figuresA.toolCalls, b: figuresB.toolCalls },
    toolErrors: { a: figuresA.toolErrors, b: figuresB.toolErrors },
    delta: deltaOf(figuresA, figuresB),
  };
}

/** The report of an alignment already made (the worker keeps the alignment for the view). */
export function buildDiffReportFrom(
  alignment: RunAlignment,
  a: RunOutline,
  b: RunOutline,
  paths: { a: string; b: string },
): DiffReport {
  const found = findFirstDivergence(alignment, a, b);
  const turns = alignment.turns.map((turn) => turnRow(turn, a, b));
  const totalA = a.turns.reduce((sum, turn) => add(sum, figuresOf(turn)), ZERO);
  const totalB = b.turns.reduce((sum, turn) => add(sum, figuresOf(turn)), ZERO);
  const counts: Record<AlignStatus, number> = { same: 0, changed: 0, 'only-a': 0, 'only-b': 0 };
  for (const turn of alignment.turns) counts[turn.status]++;
  let firstDivergence: DiffReport['firstDivergence'] = null;
  if (found !== null) {
    const { turnIndex: _turnIndex, stepIndex: _stepIndex, ...rest } = found;
    firstDivergence = rest;
  }
  return {
    a: { path: paths.a, id: a.id, events: a.eventCount, turns: a.turns.length },
    b: { path: paths.b, id: b.id, events: b.eventCount, turns: b.turns.length },
    relation: alignment.relation,
    sharedPrefix: alignment.sharedPrefix,
    firstDivergence,
    turns,
    totals: { a: totalA, b: totalB, delta: deltaOf(totalA, totalB) },
    counts,
  };
}

/** Aligns two outlines and reports it (CLI.md `diff --json`). */
export function buildDiffReport(a: RunOutline, b: RunOutline, paths: { a: string; b: string }): DiffReport {
  return buildDiffReportFrom(alignRuns(a, b), a, b, paths);
}
