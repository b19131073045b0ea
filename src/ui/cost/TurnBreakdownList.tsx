// Per turn: its money, where its wall time went, and the critical path through it — each model
// request, then the call its step waited on last (with the calls that ran beside it).
import type { TurnBreakdown } from '../../log/index.ts';
import type { PriceLabel } from '../../worker/client.ts';
import { VisibleText } from '../shared/VisibleText.tsx';
import { formatCountOf } from '../shared/count-noun.ts';
import { formatDuration } from '../shared/format.ts';
import { formatTotal } from './format-money.ts';
import { TimeSplitBar } from './TimeSplitBar.tsx';

/** Turns shown at once; a long session lists its first turns and says how many more there are. */
const TURNS_SHOWN_MAX = 200;

export function TurnBreakdownList({
  turns,
  label,
  onJump,
}: {
  turns: readonly TurnBreakdown[];
  label: PriceLabel;
  onJump: (seq: number) => void;
}) {
  return (
    <ol className="space-y-2">
      {turns.slice(0, TURNS_SHOWN_MAX).map((turn) => (
        <li key={turn.turn} data-testid="turn-breakdown" data-turn={turn.turn} className="space-y-1">
          <div className="flex flex-wrap items-baseline gap-x-2 text-xs">
            <button
              type="button"
              onClick={() => onJump(turn.firstSeq)}
              className="font-semibold text-sky-700 hover:underline dark:text-sky-300"
            >
              Turn {turn.turn}
            </button>
            <span className="tabular-nums">
              {formatTotal(turn.money.cost, turn.money.unpriced, label.currency)}
            </span>
            <span className="text-zinc-600 dark:text-zinc-400">
              {formatCountOf(turn.money.requests, 'request')}
            </span>
          </div>
          <TimeSplitBar split={turn.time} />
          {turn.criticalPath.length > 0 && (
            <details className="text-[11px]">
              <summary className="cursor-pointer text-zinc-700 dark:text-zinc-300">
                critical path: {turn.criticalPath.length} segments
                {turn.callTimeSumMs > turn.time.toolMs &&
                  ` · calls ran in parallel (${formatDuration(turn.callTimeSumMs)} of call time in ${formatDuration(turn.time.toolMs)})`}
              </summary>
              <ol className="ml-4 list-decimal">
                {turn.criticalPath.map((segment) => (
                  <li key={`${segment.kind}-${segment.seq}`}>
                    <button type="button" onClick={() => onJump(segment.seq)} className="hover:underline">
                      step {segment.step} · {segment.kind === 'model' ? 'model' : 'tool'}{' '}
                      <VisibleText text={segment.label} /> · {formatDuration(segment.durationMs)}
                      {segment.parallelCalls > 0 &&
                        ` (beside ${segment.parallelCalls} more call${segment.parallelCalls === 1 ? '' : 's'}, ${formatDuration(segment.parallelMs)})`}
                    </button>
                  </li>
                ))}
              </ol>
            </details>
          )}
        </li>
      ))}
      {turns.length > TURNS_SHOWN_MAX && (
        <li className="text-xs">… {turns.length - TURNS_SHOWN_MAX} more turns</li>
      )}
    </ol>
  );
}
