// The search across every session of the open workspace (issue 13): the text asked, the sessions
// that matched so far (grouped by session, in the worker's list order), and how far the worker got.
// A result opens its session at the event (workspace-slice.ts openWorkspaceSession).
import type { LogClient, WorkspaceSearchSession } from '../worker/client.ts';
import type { Slice, SliceContext } from './slice.ts';

/** A search across the workspace, as the sidebar shows it. */
interface WorkspaceSearchState {
  text: string;
  /** Sessions with a match or a failure, in the order the worker searched them. */
  sessions: WorkspaceSearchSession[];
  /** Sessions searched so far, of `total` (0 of 0 until the first part). */
  done: number;
  total: number;
  isComplete: boolean;
}

export interface WorkspaceSearchSliceState {
  workspaceSearch: WorkspaceSearchState | null;
}

export interface WorkspaceSearchActions {
  /** Searches every session of the workspace for `text` (trimmed; empty clears the search). */
  searchWorkspace(text: string): void;
  clearWorkspaceSearch(): void;
}

export function createWorkspaceSearchSlice(
  { set, get }: SliceContext<WorkspaceSearchSliceState>,
  { client }: { client: LogClient },
): Slice<WorkspaceSearchSliceState, WorkspaceSearchActions> {
  /** The search that parts belong to; a replaced one's are dropped (the client silences it too). */
  let latestToken = 0;
  const actions: WorkspaceSearchActions = {
    searchWorkspace(text) {
      const trimmed = text.trim();
      if (trimmed === '') {
        actions.clearWorkspaceSearch();
        return;
      }
      const token = ++latestToken;
      set({ workspaceSearch: { text: trimmed, sessions: [], done: 0, total: 0, isComplete: false } });
      client.searchWorkspace(trimmed, (part) => {
        const current = get().workspaceSearch;
        if (token !== latestToken || current === null) return;
        set({
          workspaceSearch: {
            ...current,
            sessions: part.sessions.length === 0 ? current.sessions : [...current.sessions, ...part.sessions],
            done: part.done,
            total: part.total,
            isComplete: part.isComplete,
          },
        });
      });
    },
    clearWorkspaceSearch() {
      latestToken += 1;
      client.cancelWorkspaceSearch();
      set({ workspaceSearch: null });
    },
  };
  return { state: { workspaceSearch: null }, actions };
}
