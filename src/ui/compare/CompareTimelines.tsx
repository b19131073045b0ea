// Two timelines one above the other (issue 23 "Side by side, locked"): one column per aligned turn,
// A's turn above B's, joined when the LCS matched them (solid), paired by order (dashed), or marked
// alone; below, the aligned steps of the turn at the position. Locked, a click moves both sides;
// unlocked, a click on one lane moves that side only.

import { useEffect, useRef } from 'react';
import type { AlignedTurn, OutlineTurn, RunOutline } from '../../log/index.ts';
import type { ComparePosition } from '../../store/compare-slice.ts';
import { STATUS_LABEL, STATUS_TONE, formatDelta, formatDuration } from './compare-model.ts';

interface Props {
  base: RunOutline;
  run: RunOutline;
  turns: readonly AlignedTurn[];
  position: ComparePosition;
  isLocked: boolean;
  onPosition: (position: ComparePosition) => void;
  onSideSeq: (side: 0 | 1, seq: number) => void;
}

function firstChangedStep(turn: AlignedTurn): number | null {
  const index = turn.steps.findIndex((step) => step.status !== 'same');
  return index >= 0 ? index : turn.steps.length > 0 ? 0 : null;
}

function TurnCell({
  turn,
  status,
  isCurrent,
  onClick,
  side,
}: {
  turn: OutlineTurn | null;
  status: AlignedTurn['status'];
  isCurrent: boolean;
  onClick: () => void;
  side: 'a' | 'b';
}) {
  if (turn === null)
    return (
      <div
        className="h-8 rounded border border-dashed border-zinc-300 dark:border-zinc-700"
        aria-label={`no turn in ${side.toUpperCase()}`}
      />
    );
  return (
    <button
      type="button"
      data-testid={`compare-turn-${side}`}
      data-turn={turn.turn}
      data-status={status}
      aria-current={isCurrent ? 'true' : undefined}
      onClick={onClick}
      className={`h-8 w-full truncate rounded border px-1 text-left text-[11px] ${STATUS_TONE[status]} ${isCurrent ? 'ring-2 ring-violet-500' : ''}`}
      title={`turn ${turn.turn}: ${turn.steps.length} steps, ${turn.toolCalls} calls (${turn.toolErrors} failed), ${turn.reason ?? 'hanging'}`}
    >
      T{turn.turn} · {turn.steps.length}
    </button>
  );
}

export function CompareTimelines({ base, run, turns, position, isLocked, onPosition, onSideSeq }: Props) {
  const stripRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    stripRef.current
      ?.querySelector(`[data-column="${position.turnIndex}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [position.turnIndex]);
  const current = turns[position.turnIndex];
  const turnA = current?.a == null ? null : (base.turns[current.a] ?? null);
  const turnB = current?.b == null ? null : (run.turns[current.b] ?? null);
  const select = (index: number, side: 0 | 1) => {
    const turn = turns[index] as AlignedTurn;
    if (isLocked) {
      onPosition({ turnIndex: index, stepIndex: firstChangedStep(turn) });
      return;
    }
    const outlineTurn =
      side === 0 ? (turn.a === null ? null : base.turns[turn.a]) : turn.b === null ? null : run.turns[turn.b];
    if (outlineTurn) onSideSeq(side, outlineTurn.endSeq ?? outlineTurn.startSeq);
  };
  return (
    <section
      aria-label="Aligned timelines"
      className="flex flex-col gap-2 border-b border-zinc-200 p-2 dark:border-zinc-800"
    >
      <div ref={stripRef} className="flex gap-1 overflow-x-auto p-0.5 pb-1" data-testid="compare-timelines">
        <div className="sticky left-0 z-10 flex w-6 shrink-0 flex-col justify-around bg-zinc-50 text-[11px] font-semibold dark:bg-zinc-950">
          <span>A</span>
          <span>B</span>
        </div>
        {turns.map((turn, index) => (
          <div key={index} data-column={index} className="flex w-16 shrink-0 flex-col items-stretch">
            <TurnCell
              side="a"
              turn={turn.a === null ? null : (base.turns[turn.a] ?? null)}
              status={turn.status}
              isCurrent={index === position.turnIndex}
              onClick={() => select(index, 0)}
            />
            <div
              aria-hidden
              className={`mx-auto h-3 w-0 border-l-2 ${turn.a === null || turn.b === null ? 'border-transparent' : turn.isKeyMatch ? 'border-zinc-500' : 'border-dashed border-zinc-400'}`}
            />
            <TurnCell
              side="b"
              turn={turn.b === null ? null : (run.turns[turn.b] ?? null)}
              status={turn.status}
              isCurrent={index === position.turnIndex}
              onClick={() => select(index, 1)}
            />
          </div>
        ))}
      </div>
      {current && (
        <div className="flex flex-col gap-1 text-xs">
          <div data-testid="compare-turn-deltas">
            Turn {turnA?.turn ?? '—'} ↔ {turnB?.turn ?? '—'}: <strong>{STATUS_LABEL[current.status]}</strong>
            {current.isShared && ' (inherited prefix, shared exactly)'}
            {current.isEndChanged &&
              ` · ended ${turnA?.reason ?? 'hanging'} in A, ${turnB?.reason ?? 'hanging'} in B`}
            {' · tokens out '}
            {formatDelta((turnB?.tokens.output ?? 0) - (turnA?.tokens.output ?? 0))}
            {' · in '}
            {formatDelta((turnB?.tokens.input ?? 0) - (turnA?.tokens.input ?? 0))}
            {' · time '}
            {formatDuration((turnB?.durationMs ?? 0) - (turnA?.durationMs ?? 0))}
            {' · calls '}
            {formatDelta((turnB?.toolCalls ?? 0) - (turnA?.toolCalls ?? 0))}
            {' · errors '}
            {formatDelta((turnB?.toolErrors ?? 0) - (turnA?.toolErrors ?? 0))}
          </div>
          <ol className="flex flex-wrap gap-1" aria-label="Aligned steps of this turn">
            {current.steps.map((step, index) => {
              const stepA = step.a === null ? null : turnA?.steps[step.a];
              const stepB = step.b === null ? null : turnB?.steps[step.b];
              return (
                <li key={index}>
                  <button
                    type="button"
                    data-testid="compare-step"
                    data-status={step.status}
                    aria-current={position.stepIndex === index ? 'step' : undefined}
                    onClick={() => onPosition({ turnIndex: position.turnIndex, stepIndex: index })}
                    className={`rounded border px-1.5 py-0.5 ${STATUS_TONE[step.status]} ${position.stepIndex === index ? 'ring-2 ring-violet-500' : ''}`}
                  >
                    step {stepA?.step ?? '—'} ↔ {stepB?.step ?? '—'} · {STATUS_LABEL[step.status]}
                    {step.differs.length > 0 && ` (${step.differs.join(', ')})`}
                    {step.calls.length > 0 && ` · ${step.calls.map((call) => call.name).join(', ')}`}
                  </button>
                </li>
              );
            })}
            {current.steps.length === 0 && <li className="text-zinc-500">no aligned steps</li>}
          </ol>
        </div>
      )}
    </section>
  );
}
