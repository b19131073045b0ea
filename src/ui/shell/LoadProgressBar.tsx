// Load progress: bytes, events, MB/s, and Cancel.
import type { LoadProgress } from '../../worker/client.ts';
import { formatBytes, formatCount } from '../shared/format.ts';
import { VisibleText } from '../shared/VisibleText.tsx';

/** A thin bar with numbers; `progress` is null before the first report. */
export function LoadProgressBar({
  name,
  progress,
  onCancel,
}: {
  name: string | null;
  progress: LoadProgress | null;
  onCancel: () => void;
}) {
  const fraction = progress?.totalBytes ? Math.min(1, progress.bytesRead / progress.totalBytes) : null;
  const megabytesPerSecond =
    progress && progress.elapsedMs > 0 ? progress.bytesRead / 1e6 / (progress.elapsedMs / 1000) : 0;
  return (
    <div
      role="status"
      aria-label="Loading"
      className="border-b border-zinc-200 bg-sky-50 px-3 py-1.5 text-xs dark:border-zinc-800 dark:bg-sky-950/30"
    >
      <div className="flex items-center gap-3">
        <span className="min-w-0 truncate font-medium">
          Loading {name !== null && <VisibleText text={name} maxChars={300} />}
        </span>
        <span className="tabular-nums text-zinc-600 dark:text-zinc-300" data-testid="load-progress">
          {progress
            ? `${formatBytes(progress.bytesRead)}${progress.totalBytes ? ` of ${formatBytes(progress.totalBytes)}` : ''} · ${formatCount(progress.events)} events · ${megabytesPerSecond.toFixed(1)} MB/s`
            : 'starting…'}
        </span>
        <button
          type="button"
          onClick={onCancel}
          className="ml-auto rounded border border-zinc-300 bg-white px-2 py-0.5 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800 dark:hover:bg-zinc-700"
        >
          Cancel
        </button>
      </div>
      <div className="mt-1 h-1 overflow-hidden rounded bg-sky-100 dark:bg-sky-900/50">
        <div
          className={`h-full bg-sky-500 ${fraction === null ? 'w-1/3 animate-pulse' : ''}`}
          style={fraction === null ? undefined : { width: `${(fraction * 100).toFixed(1)}%` }}
        />
      </div>
    </div>
  );
}
