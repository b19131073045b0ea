// The ask when Back reaches the first place of the open log: going further back would leave the log,
// so the viewer stays and asks instead (src/url/history-sync.ts); the reader stays or leaves.
import { VisibleText } from '../shared/VisibleText.tsx';

interface LeaveAskBarProps {
  /** The open log's name, for the question. */
  name: string | null;
  onStay: () => void;
  onLeave: () => void;
}

/** A bar under the header (not a modal: the log stays usable behind it, and any move dismisses it). */
export function LeaveAskBar({ name, onStay, onLeave }: LeaveAskBarProps) {
  return (
    <div
      role="alertdialog"
      aria-label="Leave this log?"
      data-testid="leave-ask"
      className="flex items-center gap-3 border-b border-sky-200 bg-sky-50 px-3 py-1.5 text-xs text-sky-950 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-100"
    >
      <span>
        This is where you started reading
        {name ? (
          <>
            {' '}
            <span className="font-semibold">
              <VisibleText text={name} maxChars={300} />
            </span>
          </>
        ) : (
          ' this log'
        )}
        . Going back further leaves it.
      </span>
      <span className="ml-auto flex gap-2">
        <button
          type="button"
          onClick={onStay}
          className="rounded border border-sky-300 bg-white px-2 py-0.5 font-medium hover:bg-sky-100 dark:border-sky-700 dark:bg-zinc-900 dark:hover:bg-sky-900"
        >
          Stay here
        </button>
        <button
          type="button"
          onClick={onLeave}
          className="rounded border border-zinc-300 bg-white px-2 py-0.5 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          Leave this log
        </button>
      </span>
    </div>
  );
}
