// The workspace's session list: a left sidebar with every session of the open folder or ZIP (title,
// project, times, generation, size, the three answers, turns, tool calls, tokens), the lineage tree
// (indentation, subagent / fork / orphan marks, rolled-up totals), sort and filters. Virtualized;
// ↑/↓ move, Enter or a click opens the session. A search across the sessions (WorkspaceSearch.tsx)
// shows its results in the list's place.
import { SessionRowView, sessionIdLabels } from './SessionRow.tsx';
import { useWorkspaceCosts } from '../cost/use-workspace-costs.ts';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { useViewer, useViewerStoreApi } from '../../store/use-viewer.ts';
import { followedSessionIdOf } from '../../store/live-follow.ts';
import { useIsWriterActive } from '../../store/use-writer-activity.ts';
import { compareWithSession } from './compare-entry.ts';
import { placeVirtualItem, useVirtualList } from '../shared/use-virtual-list.ts';
import { WorkspaceSearchBox, WorkspaceSearchResults } from './WorkspaceSearch.tsx';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import {
  isFailedRow,
  liveRunOf,
  projectsOf,
  selectSessionRows,
  type SessionSort,
} from './session-list-model.ts';

// Six lines: title, the three answers, id and cwd, times, own counts, money and the subtree's roll-up.
const ROW_HEIGHT_PX = 108;
/** Every row's size (one function for the list's life: a new one would mean new sizes). */
function estimateRowSize(): number {
  return ROW_HEIGHT_PX;
}

const SORTS: { value: SessionSort; label: string }[] = [
  { value: 'tree', label: 'Tree' },
  { value: 'created', label: 'Created' },
  { value: 'last-event', label: 'Last event' },
  { value: 'size', label: 'Size' },
  { value: 'tokens', label: 'Tokens' },
  { value: 'title', label: 'Title' },
];

/** The sidebar; renders nothing while no workspace is open. */
export function SessionList() {
  const workspace = useViewer((state) => state.workspace);
  const openId = useViewer((state) => state.workspaceSessionId);
  // The session being followed: its row's unended run is running while the writer appends (issue 22).
  const followedId = useViewer(followedSessionIdOf);
  const isWriterActive = useIsWriterActive();
  const actions = useViewer((state) => state.actions);
  // The results of a search across the sessions take the list's place (it keeps its scroll).
  const isSearching = useViewer((state) => state.workspaceSearch !== null);
  const [sort, setSort] = useState<SessionSort>('tree');
  const [text, setText] = useState('');
  const [project, setProject] = useState<string | null>(null);
  const [isFailedOnly, setFailedOnly] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  // "Compare with…": the next session picked is compared with the open one (issue 23).
  const [isPickingCompare, setPickingCompare] = useState(false);
  const store = useViewerStoreApi();
  const openOrCompare = (id: string) => {
    if (!isPickingCompare) return actions.openWorkspaceSession(id);
    setPickingCompare(false);
    compareWithSession(store.getState(), id);
  };
  const allRows = workspace?.snapshot?.rows;
  const costs = useWorkspaceCosts(allRows, workspace?.status === 'scanning');
  // The followed session's running run is not hanging for the filter and the counts either.
  const live = useMemo(
    () => liveRunOf(allRows ?? [], followedId, isWriterActive),
    [allRows, followedId, isWriterActive],
  );
  const rows = useMemo(
    () => selectSessionRows(allRows ?? [], { isFailedOnly, project, text }, sort, live),
    [allRows, isFailedOnly, project, text, sort, live],
  );
  const projects = useMemo(() => projectsOf(allRows ?? []), [allRows]);
  // Against every row, not the filtered ones: a label stays the same while the filter changes.
  const idLabels = useMemo(() => sessionIdLabels(allRows ?? []), [allRows]);
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const list = useVirtualList({
    count: rows.length,
    estimateSize: estimateRowSize,
    getItemKey,
    overscan: 8,
  });
  if (workspace === null) return null;
  const active = Math.min(activeIndex, Math.max(0, rows.length - 1));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[event.key];
    if (step !== undefined) {
      const next = Math.max(0, Math.min(rows.length - 1, active + step));
      setActiveIndex(next);
      list.scrollToIndex(next, 'center');
    } else if (event.key === 'Home' || event.key === 'End') {
      const next = event.key === 'Home' ? 0 : rows.length - 1;
      setActiveIndex(next);
      list.scrollToIndex(next, 'center');
    } else if (event.key === 'Enter') {
      const row = rows[active];
      if (row) openOrCompare(row.id);
    } else if (event.key === 'Escape' && isPickingCompare) setPickingCompare(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  const { progress, status, snapshot } = workspace;
  const failedCount = (allRows ?? []).filter((row) => isFailedRow(row, live)).length;
  return (
    <aside
      aria-label="Sessions"
      data-testid="session-list"
      data-status={status}
      className="flex w-[340px] shrink-0 flex-col border-r border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-2 py-1 text-xs dark:border-zinc-800">
        <span
          className="min-w-0 flex-1 truncate font-semibold"
          title={revealInvisibleCharacters(workspace.name)}
        >
          {revealInvisibleCharacters(workspace.name)}
        </span>
        <span data-testid="session-count" className="tabular-nums text-zinc-600 dark:text-zinc-400">
          {allRows?.length ?? 0} sessions{failedCount > 0 ? `, ${failedCount} not ok` : ''}
        </span>
        {openId !== null && (allRows?.length ?? 0) > 1 && (
          <button
            type="button"
            data-testid="compare-with"
            aria-pressed={isPickingCompare}
            className="rounded border border-violet-300 px-1 hover:bg-violet-50 dark:border-violet-800 dark:hover:bg-violet-950"
            onClick={() => {
              const others = (allRows ?? []).filter((row) => row.id !== openId);
              // Two sessions (two logs dropped together): the other one is the only choice.
              if (others.length === 1 && others[0]) compareWithSession(store.getState(), others[0].id);
              else setPickingCompare(!isPickingCompare);
            }}
          >
            Compare with…
          </button>
        )}
        {status === 'scanning' && (
          <button
            type="button"
            className="rounded px-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            onClick={() => actions.cancelWorkspaceScan()}
          >
            Cancel
          </button>
        )}
        <button
          type="button"
          aria-label="Close the workspace"
          className="rounded px-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
          onClick={() => actions.closeWorkspace()}
        >
          ✕
        </button>
      </div>
      {status === 'scanning' && (
        <div
          role="status"
          className="border-b border-zinc-200 px-2 py-0.5 text-[11px] text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
        >
          {progress === null
            ? 'Listing…'
            : `${progress.phase === 'list' ? 'Reading headers' : 'Summarizing'} ${progress.done}/${progress.total}`}
        </div>
      )}
      {isPickingCompare && (
        <div
          role="status"
          data-testid="compare-pick"
          className="border-b border-violet-200 bg-violet-50 px-2 py-0.5 text-[11px] text-violet-950 dark:border-violet-900 dark:bg-violet-950/40 dark:text-violet-100"
        >
          Pick the session to compare with the open one (Esc: cancel).
        </div>
      )}
      {status === 'cancelled' && (
        <div
          role="status"
          className="border-b border-zinc-200 px-2 py-0.5 text-[11px] text-amber-800 dark:border-zinc-800 dark:text-amber-300"
        >
          Scan cancelled: the sessions found so far.
        </div>
      )}
      {workspace.error && (
        <div
          role="alert"
          className="border-b border-red-200 px-2 py-0.5 text-[11px] text-red-800 dark:border-red-900 dark:text-red-300"
        >
          {workspace.error}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-1 border-b border-zinc-200 px-2 py-1 text-[11px] dark:border-zinc-800">
        <input
          type="search"
          aria-label="Filter sessions"
          placeholder="Filter…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="min-w-0 flex-1 rounded border border-zinc-300 bg-transparent px-1 py-0.5 dark:border-zinc-700"
        />
        <select
          aria-label="Sort sessions"
          value={sort}
          onChange={(event) => setSort(event.target.value as SessionSort)}
          className="rounded border border-zinc-300 bg-transparent py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
        >
          {SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <select
          aria-label="Project"
          value={project ?? ''}
          onChange={(event) => setProject(event.target.value === '' ? null : event.target.value)}
          className="max-w-[9rem] rounded border border-zinc-300 bg-transparent py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
        >
          <option value="">All projects</option>
          {projects.map((cwd) => (
            <option key={cwd} value={cwd}>
              {revealInvisibleCharacters(cwd)}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={isFailedOnly}
            onChange={(event) => setFailedOnly(event.target.checked)}
          />
          not ok only
        </label>
      </div>
      <WorkspaceSearchBox />
      <WorkspaceSearchResults />
      <div
        ref={list.scrollRef}
        hidden={isSearching}
        role="listbox"
        aria-label="Sessions of the workspace"
        aria-activedescendant={rows[active] ? `session-${active}` : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="min-h-0 flex-1 overflow-auto outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
      >
        <div style={{ height: list.totalSizePx, position: 'relative' }}>
          {list.items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <div
                key={item.key}

                style={{ ...placeVirtualItem(item), height: ROW_HEIGHT_PX }}
              >
                <SessionRowView
                  row={row}
                  optionId={`session-${item.index}`}
                  isTree={sort === 'tree'}
                  isActive={item.index === active}
                  isOpen={row.id === openId}
                  isWriterActive={isWriterActive && row.id === followedId}
                  live={live}
                  idLabel={idLabels.get(row.id) ?? row.id}
                  cost={
                    costs && { value: costs.bySession.get(row.id), source: costs.source, edits: costs.edits }
                  }
                  onOpen={() => {
                    setActiveIndex(item.index);
                    openOrCompare(row.id);
                  }}
                />
              </div>
            );
          })}
        </div>
      </div>
      {snapshot && snapshot.problems.length > 0 && (
        <details
          data-testid="workspace-problems"
          className="border-t border-zinc-200 px-2 py-1 text-[11px] dark:border-zinc-800"
        >
          <summary className="cursor-pointer">
            {snapshot.problems.length} {snapshot.problems.length === 1 ? 'file' : 'files'} not listed or
            refused by dsh
          </summary>
          <ul className="max-h-40 overflow-auto">
            {snapshot.problems.map((problem) => (
              <li key={`${problem.path}\n${problem.message}`} className="break-all">
                <span className="font-mono">{revealInvisibleCharacters(problem.path)}</span>:{' '}
                {revealInvisibleCharacters(problem.message)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </aside>
  );
}
