// Two timelines one above the other (issue 23 "Side by side, locked"): one column per aligned turn,
// A's turn above B's, joined when the LCS matched them (solid), paired by order (dashed), or marked
// alone; below, the aligned steps of the turn at the position. Locked, a click moves both sides;
// unlocked, a click on one lane moves that side only.

import { memo, useCallback, useEffect, useRef } from 'react';
import type { AlignedTurn, OutlineTurn, RunOutline } from '../../log/index.ts';
import type { ComparePosition } from '../../store/compare-slice.ts';
import { useVirtualList } from '../shared/use-virtual-list.ts';
import { STATUS_LABEL, STATUS_TONE, formatDelta, formatDuration } from './compare-model.ts';

/** One aligned turn's column (px): the cell's 64 px and a 4 px gap. */
const COLUMN_WIDTH_PX = 68;
/** Columns rendered beyond the visible ones on each side. */
const COLUMN_OVERSCAN = 6;
const columnWidth = () => COLUMN_WIDTH_PX;
const columnKey = (index: number) => index;

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

/**
 * One aligned turn's column of the strip. Memoized on its own props (all stable across a cursor
 * move but `isCurrent`), so a move re-renders the columns at the old and the new position only.
 */
const TurnColumn = memo(function TurnColumn({
  index,
  startPx,
  aligned,
  turnA,
  turnB,
  isCurrent,
  onSelect,
}: {
  index: number;
  startPx: number;
  aligned: AlignedTurn;
  turnA: OutlineTurn | null;
  turnB: OutlineTurn | null;
  isCurrent: boolean;
  onSelect: (index: number, side: 0 | 1) => void;
}) {
  return (
    <div
      data-column={index}
      className="flex flex-col items-stretch px-0.5"
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: COLUMN_WIDTH_PX,
        transform: `translateX(${startPx}px)`,
      }}
    >
      <TurnCell
        side="a"
        turn={turnA}
        status={aligned.status}
        isCurrent={isCurrent}
        onClick={() => onSelect(index, 0)}
      />
      <div
        aria-hidden
        className={`mx-auto h-3 w-0 border-l-2 ${turnA === null || turnB === null ? 'border-transparent' : aligned.isKeyMatch ? 'border-zinc-500' : 'border-dashed border-zinc-400'}`}
      />
      <TurnCell
        side="b"
        turn={turnB}
        status={aligned.status}
        isCurrent={isCurrent}
        onClick={() => onSelect(index, 1)}
      />
    </div>
  );
});

export function CompareTimelines({ base, run, turns, position, isLocked, onPosition, onSideSeq }: Props) {
  // The strip is windowed: a compare of two long runs has thousands of aligned turns, and rendering
  // (and laying out) every column took most of a second when the compare opened and at each move.
  const strip = useVirtualList({
    count: turns.length,
    estimateSize: columnWidth,
    getItemKey: columnKey,
    overscan: COLUMN_OVERSCAN,
    horizontal: true,
  });
  const { scrollToOffset, readViewport } = strip;
  // Centred on the position through the virtualizer, from the fixed column width and the observed
  // viewport: its scrollToIndex reads the strip's scrollWidth (a forced layout, the largest main-thread
  // cost of a scrub step), and scrollIntoView on a column laid out the whole strip.
  useEffect(() => {
    if (position.turnIndex < 0 || position.turnIndex >= turns.length) return;
    const viewport = readViewport();
    if (viewport === null) return;
    scrollToOffset((position.turnIndex + 0.5) * COLUMN_WIDTH_PX - viewport.heightPx / 2);
  }, [position.turnIndex, turns.length, scrollToOffset, readViewport]);
  const current = turns[position.turnIndex];
  const turnA = current?.a == null ? null : (base.turns[current.a] ?? null);
  const turnB = current?.b == null ? null : (run.turns[current.b] ?? null);
  // The columns' click handler is one stable function reading the latest props, so it never
  // invalidates their memo.
  const latest = useRef({ base, run, turns, isLocked, onPosition, onSideSeq });
  useEffect(() => {
    latest.current = { base, run, turns, isLocked, onPosition, onSideSeq };
  });
  const select = useCallback((index: number, side: 0 | 1) => {
    const { base, run, turns, isLocked, onPosition, onSideSeq } = latest.current;
    const turn = turns[index];
    if (turn === undefined) return;
    if (isLocked) {
      onPosition({ turnIndex: index, stepIndex: firstChangedStep(turn) });
      return;
    }
    const outlineTurn =
      side === 0 ? (turn.a === null ? null : base.turns[turn.a]) : turn.b === null ? null : run.turns[turn.b];
    if (outlineTurn) onSideSeq(side, outlineTurn.endSeq ?? outlineTurn.startSeq);
  }, []);
  return (
    <section
      aria-label="Aligned timelines"
      className="flex flex-col gap-2 border-b border-zinc-200 p-2 dark:border-zinc-800"
    >
      <div className="flex gap-1">
        <div className="flex w-6 shrink-0 flex-col justify-around text-[11px] font-semibold">
          <span>A</span>
          <span>B</span>
        </div>
        <div
          ref={strip.scrollRef}
          className="min-w-0 flex-1 pb-1"
          style={{ overflowX: 'auto' }}
          data-testid="compare-timelines"
          data-turn-count={turns.length}
        >
          <div className="my-0.5" style={{ position: 'relative', height: 76, width: strip.totalSizePx }}>
            {strip.items.map((item) => {
              const aligned = turns[item.index] as AlignedTurn;
              return (
                <TurnColumn
                  key={item.key}
                  index={item.index}
                  startPx={item.start}
                  aligned={aligned}
                  turnA={aligned.a === null ? null : (base.turns[aligned.a] ?? null)}
                  turnB={aligned.b === null ? null : (run.turns[aligned.b] ?? null)}
                  isCurrent={item.index === position.turnIndex}
                  onSelect={select}
                />
              );
            })}
          </div>
        </div>
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
