// The other files of a multi-file open: the session directory's older generations (frozen
// predecessors of the current log), or files that were given together but not opened.
import { checkSessionDirectory, parseLogFileName } from '../../log/index.ts';
import { useViewer } from '../../store/use-viewer.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';

function describeFile(name: string): string {
  const parsed = parseLogFileName(name);
  return parsed === null ? 'not a session log name' : `generation ${parsed.generation}`;
}

/** A bar under the header listing the files opened together with the open log; renders nothing otherwise. */
export function OpenedFilesBar() {
  const openedFiles = useViewer((state) => state.openedFiles);
  const choice = useViewer((state) => state.openedFilesChoice);
  const sourceName = useViewer((state) => state.sourceName);
  const actions = useViewer((state) => state.actions);
  const summary = useViewer((state) => state.summary);
  if (openedFiles.length < 2) return null;
  const others = openedFiles.filter((file) => file.name !== sourceName);
  // One generation in two containers is not two generations: dsh refuses such a directory.
  const check = checkSessionDirectory(openedFiles.map((file) => file.name));
  const generations = check.current === null ? 0 : 1 + check.generations.length;
  return (
    <div
      role="status"
      data-testid="opened-files"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-sky-200 bg-sky-50 px-3 py-1 text-xs text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <span>
        {choice === 'current-generation'
          ? `${generations} ${generations === 1 ? 'generation' : 'generations'} of one session: the highest is current${generations > 1 ? ', the others are frozen history dsh no longer writes' : ''}.`
          : `${openedFiles.length} files were given; one session opens at a time.`}
      </span>
      {choice === 'current-generation' &&
        check.refusals.map((refusal) => (
          <span
            key={refusal}
            data-testid="dsh-refuses-directory"
            className="font-medium text-amber-800 dark:text-amber-300"
          >
            {revealInvisibleCharacters(refusal)}
          </span>
        ))}
      {others.map((file) => (
        <button
          key={file.name}
          type="button"
          className="rounded border border-sky-300 px-1.5 font-mono hover:bg-sky-100 dark:border-sky-800 dark:hover:bg-sky-900"
          onClick={() => actions.openFromOpened(file)}
        >
          open {revealInvisibleCharacters(file.name)} ({describeFile(file.name)})
        </button>
      ))}
      {summary !== null &&
        others.map((file) => (
          <button
            key={`compare:${file.name}`}
            type="button"
            data-testid="compare-with-file"
            className="rounded border border-violet-300 px-1.5 font-mono hover:bg-violet-100 dark:border-violet-800 dark:hover:bg-violet-900"
            onClick={() =>
              actions.startCompare([{ kind: 'file', file }], [sourceName ?? 'open log', file.name])
            }
          >
            compare with {revealInvisibleCharacters(file.name)}
          </button>
        ))}
    </div>
  );
}
