// A slash command's run ↔ done pair in the event detail (FORMAT.md §5.3 `command/*`, §7.5): its
// status at the cursor, how long it took, and links to both sides. Commands are human-plane, so
// the model view never shows them; this is where they are read.
import { deriveCommandStatusAt, type CommandFacts, type CommandStatusAt } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { StatusBadge } from '../../shared/StatusBadge.tsx';
import type { StatusTone } from '../../shared/status-tone.ts';
import { formatDuration } from '../../shared/format.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';

const STATUS_WORDS: Record<CommandStatusAt, { label: string; tone: StatusTone; title: string }> = {
  'not-run-yet': { label: 'not run yet', tone: 'neutral', title: 'The cursor is before command/run.' },
  running: { label: 'running', tone: 'pending', title: 'Run, not settled at this seq.' },
  success: { label: 'success', tone: 'ok', title: 'command/done kind "success".' },
  error: { label: 'error', tone: 'error', title: 'command/done kind "error".' },
  unresolved: {
    label: 'unresolved',
    tone: 'warning',
    title: 'No command/done in the log: a crash or a live log.',
  },
};

export function CommandPairing({ facts, onJump }: { facts: CommandFacts; onJump: (seq: number) => void }) {
  const status = useViewer((state) => deriveCommandStatusAt(facts, state.cursorSeq));
  const words = STATUS_WORDS[status];
  const isDone = facts.doneSeq !== null && status !== 'running' && status !== 'not-run-yet';
  const link = (seq: number, label: string) => (
    <button
      type="button"
      onClick={() => onJump(seq)}
      className="font-mono text-sky-800 hover:underline dark:text-sky-300"
    >
      {label}
    </button>
  );
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 px-3 py-1.5 text-xs text-zinc-700 dark:border-zinc-800 dark:text-zinc-300"
      data-testid="command-pairing"
      data-status={status}
    >
      <span className="text-zinc-600 dark:text-zinc-400">command</span>
      <StatusBadge tone={words.tone} label={words.label} title={words.title} />
      {isDone && facts.durationMs !== null && (
        <span className="tabular-nums">took {formatDuration(facts.durationMs)}</span>
      )}
      {link(facts.runSeq, `run seq ${facts.runSeq}`)}
      {facts.doneSeq !== null ? (
        link(facts.doneSeq, `→ done seq ${facts.doneSeq}`)
      ) : (
        <span>no command/done</span>
      )}
      <span
        className="min-w-0 max-w-full truncate font-semibold text-zinc-900 dark:text-zinc-100"
        title={facts.args === null ? undefined : revealInvisibleCharacters(facts.args)}
      >
        /{revealInvisibleCharacters(facts.name)}
        {facts.args !== null && (
          <span className="font-normal"> {revealInvisibleCharacters(facts.args.trim())}</span>
        )}
      </span>
    </div>
  );
}
