// Search across every session of the workspace (issue 13): a box in the session sidebar; its results
// take the list's place, grouped by session, each hit with its seq, type and a snippet of the text
// around the match. A hit opens its session at that event. Virtualized: a workspace of 500
// sessions may answer with thousands of hits.
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useViewer } from '../../store/use-viewer.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { placeVirtualItem, useVirtualList } from '../shared/use-virtual-list.ts';
import { VisibleText } from '../shared/VisibleText.tsx';
import { shortId, titleOf } from './session-list-model.ts';
import { describeSearchTotals, flattenSearchResults, type SearchResultRow } from './workspace-search-rows.ts';

const ROW_HEIGHT_PX: Record<SearchResultRow['kind'], number> = { session: 26, hit: 40, failure: 24 };

/** The search box; Enter searches, Escape (or ✕) clears the results and shows the list again. */
export function WorkspaceSearchBox() {
  const actions = useViewer((state) => state.actions);
  const isActive = useViewer((state) => state.workspaceSearch !== null);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.searchWorkspace(text);
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      className="flex items-center gap-1 border-b border-zinc-200 px-2 py-1 text-[11px] dark:border-zinc-800"
    >
      <input
        type="search"
        aria-label="Search all sessions"
        placeholder="Search all sessions… (Enter)"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          setText('');
          actions.clearWorkspaceSearch();
        }}
        className="min-w-0 flex-1 rounded border border-zinc-300 bg-transparent px-1 py-0.5 dark:border-zinc-700"
      />
      {isActive && (
        <button
          type="button"
          aria-label="Close the search results"
          className="rounded px-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
          onClick={() => {
            setText('');
            actions.clearWorkspaceSearch();
          }}
        >
          ✕
        </button>
      )}
    </form>
  );
}

/** The snippet with the match marked (text only: the snippet is log text). */
function Snippet({ snippet, match }: { snippet: string; match: { start: number; end: number } | null }) {
  if (match === null) return <VisibleText text={snippet} maxChars={200} />;
  return (
    <>
      <VisibleText text={snippet.slice(0, match.start)} maxChars={200} />
      <mark className="rounded-sm bg-amber-200 text-zinc-950 dark:bg-amber-700 dark:text-zinc-50">
        <VisibleText text={snippet.slice(match.start, match.end)} maxChars={200} />
      </mark>
      <VisibleText text={snippet.slice(match.end)} maxChars={200} />
    </>
  );
}

function ResultRowView({
  item,
  onOpen,
}: {
  item: SearchResultRow;
  onOpen: (sessionId: string, seq?: number) => void;
}) {
  if (item.kind === 'session') {
    const title = item.row ? titleOf(item.row) : item.sessionId;
    return (
      <button
        type="button"
        data-testid="workspace-search-session"
        data-result-session={item.sessionId}
        onClick={() => onOpen(item.sessionId)}
        className="flex h-full w-full items-center gap-2 border-t border-zinc-200 bg-zinc-50 px-2 text-left text-xs font-semibold hover:bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-950 dark:hover:bg-zinc-800"
      >
        <span className="min-w-0 flex-1 truncate">
          <VisibleText text={title} maxChars={120} />
        </span>
        <span className="font-mono text-[10px] font-normal text-zinc-600 dark:text-zinc-400">
          {item.row ? revealInvisibleCharacters(item.row.shownId) : shortId(item.sessionId)}
        </span>
        <span className="tabular-nums font-normal text-zinc-700 dark:text-zinc-300">
          {item.total.toLocaleString('en-US')}
          {item.shown < item.total ? ` (first ${item.shown})` : ''}
        </span>
      </button>
    );
  }
  if (item.kind === 'failure')
    return (
      <div className="flex h-full items-center px-3 text-[11px] text-red-800 dark:text-red-300">
        <VisibleText text={item.reason} maxChars={160} />
      </div>
    );
  return (
    <button
      type="button"
      data-testid="workspace-search-hit"
      data-result-session={item.sessionId}
      data-seq={item.hit.seq}
      onClick={() => onOpen(item.sessionId, item.hit.seq)}
      className="flex h-full w-full flex-col justify-center px-3 text-left text-[11px] hover:bg-sky-50 dark:hover:bg-sky-950/40"
    >
      <span className="flex gap-2 text-zinc-600 dark:text-zinc-400">
        <span className="tabular-nums">seq {item.hit.seq}</span>
        <span className="font-mono">{item.hit.type}</span>
      </span>
      <span className="w-full truncate text-zinc-900 dark:text-zinc-100">
        <Snippet snippet={item.hit.snippet} match={item.hit.match} />
      </span>
    </button>
  );
}

/** The results, in the list's place; renders nothing while no search is active. */
export function WorkspaceSearchResults() {
  const search = useViewer((state) => state.workspaceSearch);
  const listRows = useViewer((state) => state.workspace?.snapshot?.rows);
  const actions = useViewer((state) => state.actions);
  const rows = useMemo(
    () => flattenSearchResults(search?.sessions ?? [], listRows ?? []),
    [search?.sessions, listRows],
  );
  const estimateSize = useCallback((index: number) => ROW_HEIGHT_PX[rows[index]?.kind ?? 'hit'], [rows]);
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      if (row === undefined) return index;
      return row.kind === 'hit' ? `${row.sessionId}:${row.hit.seq}` : `${row.sessionId}:${row.kind}`;
    },
    [rows],
  );
  const list = useVirtualList({ count: rows.length, estimateSize, getItemKey, overscan: 8 });
  if (search === null) return null;
  const open = (sessionId: string, seq?: number) => {
    actions.openWorkspaceSession(sessionId, seq);
    // The opened session's search bar takes the text up: its matches there are highlighted.
    if (seq !== undefined) actions.requestSearch(search.text, seq);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="workspace-search-results">
      <div
        role="status"
        className="border-b border-zinc-200 px-2 py-0.5 text-[11px] text-zinc-700 dark:border-zinc-800 dark:text-zinc-300"
      >
        “<VisibleText text={search.text} maxChars={60} />
        ”: {describeSearchTotals(search.sessions)}
        {search.isComplete ? '' : ` — searching ${search.done}/${search.total || '…'}`}
      </div>
      {search.isComplete && rows.length === 0 ? (
        <div className="px-2 py-2 text-xs text-zinc-600 dark:text-zinc-400">No session shows this text.</div>
      ) : (
        <div
          ref={list.scrollRef}
          className="min-h-0 flex-1 overflow-auto"
          aria-label="Search results by session"
        >
          <div style={{ height: list.totalSizePx, position: 'relative' }}>
            {list.items.map((item) => {
              const row = rows[item.index];
              if (row === undefined) return null;
              return (
                <div key={item.key} style={{ ...placeVirtualItem(item), height: ROW_HEIGHT_PX[row.kind] }}>
                  <ResultRowView item={row} onOpen={open} />
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
