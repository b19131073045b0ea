// Where a stretch of wall time went, as one stacked bar (model / tool / approval / idle) with the
// figures beside it: the same split for a turn, the session and a selected range.
import type { TimeSplit } from '../../log/index.ts';
import { formatDuration } from '../shared/format.ts';

const PARTS = [
  { key: 'modelMs', label: 'model', className: 'bg-sky-500' },
  { key: 'toolMs', label: 'tool', className: 'bg-amber-500' },
  { key: 'approvalMs', label: 'approval', className: 'bg-orange-700' },
  { key: 'idleMs', label: 'idle', className: 'bg-zinc-300 dark:bg-zinc-600' },
] as const;

export function TimeSplitBar({ split, testId }: { split: TimeSplit; testId?: string }) {
  const wall = split.wallMs;
  return (
    <div data-testid={testId} className="space-y-0.5">
      <div
        className="flex h-2 w-full overflow-hidden rounded bg-zinc-100 dark:bg-zinc-800"
        aria-hidden="true"
      >
        {wall > 0 &&
          PARTS.map((part) => (
            <div
              key={part.key}
              className={part.className}
              style={{ width: `${(split[part.key] / wall) * 100}%` }}
            />
          ))}
      </div>
      <div className="flex flex-wrap gap-x-3 text-[11px] tabular-nums text-zinc-700 dark:text-zinc-300">
        <span className="font-semibold" data-part="wall" data-ms={wall}>
          wall {formatDuration(wall)}
        </span>
        {PARTS.map((part) => (
          <span key={part.key} data-part={part.label} data-ms={split[part.key]}>
            {part.label} {formatDuration(split[part.key])}
          </span>
        ))}
      </div>
    </div>
  );
}
