// The first divergence of an alignment (issue 23, CLI.md `diff.firstDivergence`): the first aligned
// point, in log order, where the request, the messages sent, the answer, a call or a result differ,
// or a turn ended differently or exists on one side only — with one sentence saying what differs.

import type { AlignedStep, AlignedTurn, RunAlignment, StepDifference } from './align-runs.ts';
import { STEP_DIFFERENCE_ORDER } from './align-runs.ts';
import type { OutlineCall, OutlineRequest, OutlineStep, OutlineTurn, RunOutline } from './run-outline.ts';
import { canMatchBytes, resolveStep, sameTurnKey } from './outline-content.ts';

type DivergenceKind = StepDifference | 'turn-end' | 'missing-turn';

export interface FirstDivergence {
  /** Where it shows on each side; null on a side that has nothing there (a missing turn or step). */
  aSeq: number | null;
  bSeq: number | null;
  turn: { a: number | null; b: number | null };
  step: { a: number | null; b: number | null };
  kind: DivergenceKind;
  summary: string;
  /** Position in the alignment: `turns[turnIndex].steps[stepIndex]` (stepIndex null: the turn itself). */
  turnIndex: number;
  stepIndex: number | null;
}

function describeRequest(a: OutlineRequest, b: OutlineRequest): string {
  const parts: string[] = [];
  if (a.provider !== b.provider || a.model !== b.model)
    parts.push(
      `model ${a.provider ?? '?'}/${a.model ?? '?'} in a, ${b.provider ?? '?'}/${b.model ?? '?'} in b`,
    );
  if (a.samplingHash !== b.samplingHash) parts.push('sampling differs');
  if (a.systemHash !== b.systemHash) parts.push('system prompt differs');
  const toolsA = new Map(a.toolHashes);
  const toolsB = new Map(b.toolHashes);
  const added = [...toolsB.keys()].filter((name) => !toolsA.has(name));
  const removed = [...toolsA.keys()].filter((name) => !toolsB.has(name));
  const changed = [...toolsA.keys()].filter(
    (name) => toolsB.has(name) && toolsB.get(name) !== toolsA.get(name),
  );
  if (added.length > 0) parts.push(`tools only in b: ${added.join(', ')}`);
  if (removed.length > 0) parts.push(`tools only in a: ${removed.join(', ')}`);
  if (changed.length > 0) parts.push(`tool schemas differ: ${changed.join(', ')}`);
  if (parts.length === 0) parts.push('tool order differs');
  return `request: ${parts.join('; ')}`;
}

/** The first input message that differs (by position), as a seq on each side. */
function firstInputDifference(
  a: OutlineStep,
  b: OutlineStep,
): { aSeq: number | null; bSeq: number | null; position: number } {
  const length = Math.max(a.inputHashes.length, b.inputHashes.length);
  let position = 0;
  while (position < length && a.inputHashes[position] === b.inputHashes[position]) position++;
  return {
    aSeq: a.inputSeqs[position] ?? a.answerSeqs[0] ?? a.startSeq,
    bSeq: b.inputSeqs[position] ?? b.answerSeqs[0] ?? b.startSeq,
    position,
  };
}

function callSeq(call: OutlineCall | undefined, isResult: boolean): number | null {
  if (call === undefined) return null;
  if (isResult) return call.resultSeq ?? call.callSeq ?? call.requestSeq;
  return call.requestSeq ?? call.callSeq;
}

function stepDivergence(
  kind: StepDifference,
  aligned: AlignedStep,
  a: OutlineStep,
  b: OutlineStep,
): { aSeq: number | null; bSeq: number | null; summary: string } {
  switch (kind) {
    case 'request':
      return {
        aSeq: a.request.headerSeq ?? a.startSeq,
        bSeq: b.request.headerSeq ?? b.startSeq,
        summary: describeRequest(a.request, b.request),
      };
    case 'model-view': {
      resolveStep(a);
      resolveStep(b);
      const found = firstInputDifference(a, b);
      const counts = `${a.inputHashes.length} new in a, ${b.inputHashes.length} in b`;
      return {
        aSeq: found.aSeq,
        bSeq: found.bSeq,
        summary: `the messages sent to the model differ at new message ${found.position + 1} (${counts})`,
      };
    }
    case 'assistant':
      return {
        aSeq: a.answerSeqs[0] ?? a.startSeq,
        bSeq: b.answerSeqs[0] ?? b.startSeq,
        summary: "the assistant's answer differs",
      };
    case 'tool-call':
    case 'tool-result': {
      const isResult = kind === 'tool-result';
      const call = aligned.calls.find((entry) =>
        isResult
          ? entry.differs.includes('result') || entry.differs.includes('status')
          : entry.status.startsWith('only') ||
            entry.differs.includes('name') ||
            entry.differs.includes('arguments'),
      );
      const callA = call?.a === null || call === undefined ? undefined : a.calls[call.a];
      const callB = call?.b === null || call === undefined ? undefined : b.calls[call.b];
      let summary = `tool ${call?.name ?? '?'}: `;
      if (call?.status === 'only-a') summary += 'called in a only';
      else if (call?.status === 'only-b') summary += 'called in b only';
      else if (call?.differs.includes('name'))
        summary = `tool ${callA?.name ?? '?'} in a, ${callB?.name ?? '?'} in b`;
      else if (!isResult) summary += 'arguments differ';
      else if (callA?.status !== callB?.status)
        summary += `${callA?.status ?? '?'} in a, ${callB?.status ?? '?'} in b`;
      else summary += 'result differs';
      return {
        aSeq: callSeq(callA, isResult) ?? a.startSeq,
        bSeq: callSeq(callB, isResult) ?? b.startSeq,
        summary,
      };
    }
  }
}

function turnNumbers(
  turn: AlignedTurn,
  a: RunOutline,
  b: RunOutline,
): { a: number | null; b: number | null } {
  return {
    a: turn.a === null ? null : (a.turns[turn.a] as OutlineTurn).turn,
    b: turn.b === null ? null : (b.turns[turn.b] as OutlineTurn).turn,
  };
}

/** The first divergence of `alignment` (of a against b), or null when every aligned turn is `same`. */
export function findFirstDivergence(
  alignment: RunAlignment,
  a: RunOutline,
  b: RunOutline,
): FirstDivergence | null {
  const prefix = alignment.relation === 'unrelated' ? 'no turn in common (aligned by turn order); ' : '';
  for (let turnIndex = 0; turnIndex < alignment.turns.length; turnIndex++) {
    const turn = alignment.turns[turnIndex] as AlignedTurn;
    if (turn.status === 'same') continue;
    const turnNumber = turnNumbers(turn, a, b);
    const turnA = turn.a === null ? null : (a.turns[turn.a] as OutlineTurn);
    const turnB = turn.b === null ? null : (b.turns[turn.b] as OutlineTurn);
    if (turnA === null || turnB === null) {
      const side = turnA === null ? 'b' : 'a';
      const only = (turnA ?? turnB) as OutlineTurn;
      return {
        aSeq: turnA?.startSeq ?? null,
        bSeq: turnB?.startSeq ?? null,
        turn: turnNumber,
        step: { a: null, b: null },
        kind: 'missing-turn',
        summary: `${prefix}turn ${only.turn} is only in ${side}`,
        turnIndex,
        stepIndex: null,
      };
    }
    for (let stepIndex = 0; stepIndex < turn.steps.length; stepIndex++) {
      const aligned = turn.steps[stepIndex] as AlignedStep;
      if (aligned.status === 'same') continue;
      const stepA = aligned.a === null ? null : (turnA.steps[aligned.a] as OutlineStep);
      const stepB = aligned.b === null ? null : (turnB.steps[aligned.b] as OutlineStep);
      const step = { a: stepA?.step ?? null, b: stepB?.step ?? null };
      if (stepA === null || stepB === null) {
        const only = (stepA ?? stepB) as OutlineStep;
        return {
          aSeq: stepA?.startSeq ?? null,
          bSeq: stepB?.startSeq ?? null,
          turn: turnNumber,
          step,
          kind: 'assistant',
          summary: `${prefix}step ${only.step} of turn ${only.turn} is only in ${stepA === null ? 'b' : 'a'} (the model took another step)`,
          turnIndex,
          stepIndex,
        };
      }
      const kind = STEP_DIFFERENCE_ORDER.find((entry) => aligned.differs.includes(entry)) as StepDifference;
      const found = stepDivergence(kind, aligned, stepA, stepB);
      return {
        aSeq: found.aSeq,
        bSeq: found.bSeq,
        turn: turnNumber,
        step,
        kind,
        summary: `${prefix}${found.summary}`,
        turnIndex,
        stepIndex,
      };
    }
    if (!sameTurnKey(turnA, turnB, canMatchBytes(a, b)))
      return {
        aSeq: turnA.startSeq,
        bSeq: turnB.startSeq,
        turn: turnNumber,
        step: { a: null, b: null },
        kind: 'model-view',
        summary: `${prefix}the turn opened with different messages`,
        turnIndex,
        stepIndex: null,
      };
    return {
      aSeq: turnA.endSeq,
      bSeq: turnB.endSeq,
      turn: turnNumber,
      step: { a: null, b: null },
      kind: 'turn-end',
      summary: `${prefix}turn ended ${turnA.reason ?? 'without turn/end'} in a, ${turnB.reason ?? 'without turn/end'} in b`,
      turnIndex,
      stepIndex: null,
    };
  }
  return null;
}
