// Why the last file did not open, shown beside the log that stayed open (the empty page shows its
// own failures): the open log is not thrown away for a file that is not a log.
import { useViewer } from '../../store/use-viewer.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';

/** A bar under the header while a failure sits beside a kept log; renders nothing otherwise. */
export function LoadFailureBar() {
  const failure = useViewer((state) => (state.loadState === 'ready' ? state.failure : null));
  const failedName = useViewer((state) => state.failedSourceName);
  const sourceName = useViewer((state) => state.sourceName);
  const actions = useViewer((state) => state.actions);
  if (failure === null) return null;
  return (
    <div
      role="alert"
      data-testid="load-error"
      data-failure-kind={failure.kind}
      className="flex items-start gap-2 border-b border-red-200 bg-red-50 px-3 py-1.5 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <p className="min-w-0 flex-1 whitespace-pre-wrap break-words">
        <span className="font-semibold">
          Could not open{' '}
          {failedName !== null ? (
            <span className="font-mono">{revealInvisibleCharacters(failedName)}</span>
          ) : (
            'the file'
          )}
          ;{' '}
          {sourceName !== null ? (
            <span className="font-mono">{revealInvisibleCharacters(sourceName)}</span>
          ) : (
            'the open log'
          )}{' '}
          stays open.
        </span>{' '}
        {failure.message}
      </p>
      <button
        type="button"
        className="rounded px-1 hover:bg-red-100 dark:hover:bg-red-900"
        onClick={() => actions.dismissFailure()}
        aria-label="Dismiss"
      >
        ✕
      </button>
    </div>
  );
}
