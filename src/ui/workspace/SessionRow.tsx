// One row of the session list: the title first, then as much of the id as tells it apart from the
// other rows and the project's leaf directory (the full path in its tooltip), times, own counts and
// money. Rows must be told apart at a glance: three rows reading "preview-" were seen.
import { SessionRowMoney, type RowCost } from './SessionRowMoney.tsx';
import type { WorkspaceRow } from '../../worker/client.ts';
import { formatBytes, formatCount, formatEpoch } from '../shared/format.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { titleOf, tokensOf, type LiveRun } from './session-list-model.ts';
import { formatCountOf } from '../shared/count-noun.ts';
import { ThreeAnswersChips } from '../shared/ThreeAnswersView.tsx';

const INDENT_PX = 14;

/**
 * Each row's id label: the worker's `shownId` (as much of the id, after a `session-` prefix, as no
 * other id of the workspace starts with: uniqueIdPrefixes, the one derivation the CLI shares), with
 * "…" when it is cut, cleaned.
 */
export function sessionIdLabels(rows: readonly WorkspaceRow[]): Map<string, string> {
  return new Map(
    rows.map((row) => {
      const id = row.id.replace(/^session-/, '');
      const isCut = row.shownId.length < id.length && id.startsWith(row.shownId);
      return [row.id, revealInvisibleCharacters(isCut ? `${row.shownId}…` : row.shownId)];
    }),
  );
}

/** The last directory of a cwd ('/home/dev/projects/app' → 'app'); the path itself when it has none. */
export function leafDirectory(cwd: string): string {
  const parts = cwd.split(/[\\/]/).filter((part) => part !== '');
  return parts.at(-1) ?? cwd;
}

const NO_ANSWERS_CLASS: Record<string, string> = {
  unreadable: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
  pending: 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400',
};

function failureOf(row: WorkspaceRow): { state: string; reason: string | null } {
  if (row.failureReason !== null) return { state: 'unreadable', reason: row.failureReason };
  if (row.summary === null) return { state: 'pending', reason: 'not summarized yet' };
  return row.summary.failure;
}

function kindMark(row: WorkspaceRow): string | null {
  if (row.isOrphan) return 'orphan';
  if (row.kind === 'root') return null;
  return row.kind;
}

export function SessionRowView({
  row,
  optionId,
  isTree,
  isActive,
  isOpen,
  onOpen,
  cost,
  idLabel,
  isWriterActive = false,
  live = null,
}: {
  cost: RowCost | null;
  /** The followed session while its writer appends (liveRunOf): its run counts as running below. */
  live?: LiveRun | null;
  /**
   * This row is the session being followed and its writer is still appending (useIsWriterActive):
   * an unended run reads "running", as the header says, not "hanging".
   */
  isWriterActive?: boolean;
  /** The id as shown: as much of it as tells it apart in the list (sessionIdLabels). */
  idLabel: string;
  row: WorkspaceRow;
  optionId: string;
  isTree: boolean;
  isActive: boolean;
  isOpen: boolean;
  onOpen: () => void;
}) {
  const failure = failureOf(row);
  const summary = row.summary;
  const tokens = tokensOf(row);
  const mark = kindMark(row);
  return (
    <div
      role="option"
      id={optionId}
      aria-selected={isActive}
      data-session-id={row.id}
      data-depth={row.depth}
      data-kind={row.kind}
      data-orphan={row.isOrphan || undefined}
      data-failure={failure.state}
      data-open={isOpen || undefined}
      onClick={onOpen}
      title={revealInvisibleCharacters(
        `${row.path}${failure.reason ? `\n${failure.state}: ${failure.reason}` : ''}`,
      )}
      className={`h-full cursor-pointer border-b border-zinc-100 px-2 py-1 text-[11px] leading-4 dark:border-zinc-800 ${
        isOpen ? 'bg-sky-100 dark:bg-sky-950/60' : isActive ? 'bg-zinc-100 dark:bg-zinc-800' : ''
      } hover:bg-zinc-100 dark:hover:bg-zinc-800`}
      style={{ paddingLeft: 8 + (isTree ? row.depth : 0) * INDENT_PX }}
    >
      <div className="flex items-center gap-1">
        {isTree && row.depth > 0 && (
          <span aria-hidden className="text-zinc-400">
            └
          </span>
        )}
        <span className="min-w-0 flex-1 truncate text-xs font-medium">
          {revealInvisibleCharacters(titleOf(row))}
        </span>
        {mark && (
          <span
            data-mark={mark}
            className="rounded bg-violet-100 px-1 text-[10px] text-violet-900 dark:bg-violet-950 dark:text-violet-200"
            title={
              mark === 'orphan'
                ? `Its parent ${revealInvisibleCharacters(row.head.parentSession ?? '')} is not in this workspace`
                : `${mark}, delegation depth ${row.head.delegationDepth}`
            }
          >
            {mark}
            {mark !== 'orphan' && row.head.delegationDepth > 0 ? ` d${row.head.delegationDepth}` : ''}
          </span>
        )}
      </div>
      {/* The three answers (issue 20), from the one derivation `ls --json` and `inspect` give. */}
      <div className="flex h-5 items-center overflow-hidden">
        {summary ? (
          <ThreeAnswersChips answers={summary.answers} isWriterActive={isWriterActive} />
        ) : (
          <span
            data-testid="session-answers"
            data-state={failure.state}
            className={`rounded px-1 text-[10px] ${NO_ANSWERS_CLASS[failure.state] ?? ''}`}
          >
            {failure.state === 'pending' ? 'not read yet' : 'cannot be read'}
          </span>
        )}
      </div>
      <div className="truncate text-zinc-600 dark:text-zinc-400">
        <span data-testid="session-id" className="font-mono">
          {idLabel}
        </span>
        {row.head.cwd && (
          <span data-testid="session-project" title={revealInvisibleCharacters(row.head.cwd)}>
            {' · '}
            {revealInvisibleCharacters(leafDirectory(row.head.cwd))}
          </span>
        )}
        {row.head.generation !== null && <> · v{row.head.generation}</>}
        {row.generations.length > 0 && <> (+{row.generations.length} older)</>}
        {row.dshRefusals !== undefined && row.dshRefusals.length > 0 && (
          <span
            data-testid="dsh-refuses"
            className="ml-1 rounded bg-amber-100 px-1 text-[10px] text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            title={revealInvisibleCharacters(row.dshRefusals.join('\n'))}
          >
            dsh refuses its directory
          </span>
        )}
      </div>
      <div className="truncate tabular-nums text-zinc-600 dark:text-zinc-400">
        {row.head.createdAt !== null && <span title="created">{formatEpoch(row.head.createdAt)}</span>}
        {summary && (
          <>
            {summary.lastEventTime !== null && (
              <span title="last event"> → {formatEpoch(summary.lastEventTime)}</span>
            )}
          </>
        )}
      </div>
      <div className="truncate tabular-nums text-zinc-600 dark:text-zinc-400">
        {summary && (
          <>
            {formatBytes(summary.file.bytes)} · {formatCountOf(summary.turns, 'turn')} ·{' '}
            {formatCountOf(summary.toolCalls, 'call')}
            {tokens !== null && <> · {formatCount(tokens)} tok</>}
          </>
        )}
      </div>
      <SessionRowMoney row={row} cost={cost} live={live} />
    </div>
  );
}
