// The viewer's one zustand store, made of slices: loading (load-slice.ts), the cursor
// (cursor/cursor-slice.ts), the view's preferences (preferences-slice.ts) and the feeds that cache
// what panes show (viewer-feeds.ts). No per-event data: panes ask the worker through `client`.
// The load and cursor slices are per log; holding several logs later means one instance of each per
// log, each given its own part of the state through its SliceContext (slice.ts).

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LogClient } from '../worker/client.ts';
import {
  createCursorSlice,
  type CursorActions,
  type CursorPreparer,
  type CursorSliceState,
  type EventListGeometry,
} from './cursor/cursor-slice.ts';
import { createLoadSlice, type LoadActions } from './load-slice.ts';
import type { LoadSliceState } from './load-state.ts';
import type { LogPersistence } from './log-persistence.ts';
import {
  createPreferencesSlice,
  type PreferencesActions,
  type PreferencesSliceState,
} from './preferences-slice.ts';
import { createSearchSlice, type SearchActions, type SearchSliceState } from './search-slice.ts';
import { createCompareSlice, type CompareActions, type CompareSliceState } from './compare-slice.ts';
import { createViewerFeeds, type ViewerFeeds } from './viewer-feeds.ts';
import { createWorkspaceSlice, type WorkspaceActions, type WorkspaceSliceState } from './workspace-slice.ts';
import {
  createWorkspaceSearchSlice,
  type WorkspaceSearchActions,
  type WorkspaceSearchSliceState,
} from './workspace-search-slice.ts';

/** Every action, grouped under `state.actions` (STYLE.md §2.5). */
type ViewerActions = LoadActions &
  CursorActions &
  PreferencesActions &
  WorkspaceActions &
  WorkspaceSearchActions &
  SearchActions &
  CompareActions;

export type ViewerState = LoadSliceState &
  WorkspaceSliceState &
  WorkspaceSearchSliceState &
  CursorSliceState &
  PreferencesSliceState &
  SearchSliceState &
  CompareSliceState &
  ViewerFeeds & {
    actions: ViewerActions;
  };

export type ViewerStore = StoreApi<ViewerState>;

export interface ViewerStoreDependencies {
  client: LogClient;
  persistence: LogPersistence;
  /** The events list's block size and reach, which the cursor protocol and the row cache follow. */
  eventList: EventListGeometry;
  /** Bodies of a model view's newest messages fetched with it: the model-view pane's MAX_TAIL_ITEMS. */
  modelViewTailBodies: number;
  /** What a cursor move waits for; by default the model view at the target and the rows around it
   * (tests of the store's own rules pass one that prepares nothing). */
  preparer?: CursorPreparer;
}

/** Creates an isolated store; the app creates exactly one, tests as many as they like. */
export function createViewerStore({
  client,
  persistence,
  eventList,
  modelViewTailBodies,
  preparer,
}: ViewerStoreDependencies): ViewerStore {
  const feeds = createViewerFeeds(client, {
    rowsPerBlock: eventList.rowsPerBlock,
    tailBodies: modelViewTailBodies,
  });
  return createStore<ViewerState>()((set, get) => {
    const context = { set, get };
    const cursor = createCursorSlice(context, { ...feeds, eventList, preparer });
    const load = createLoadSlice(context, {
      client,
      persistence,
      eventRows: feeds.eventRows,
      cursor: cursor.control,
    });
    const preferences = createPreferencesSlice(context);
    const workspace = createWorkspaceSlice(context, { client, persistence });
    const search = createSearchSlice(context);
    const workspaceSearch = createWorkspaceSearchSlice(context, { client });
    const compare = createCompareSlice(context, { client });
    return {
      ...load.state,
      ...workspace.state,
      ...workspaceSearch.state,
      ...cursor.state,
      ...preferences.state,
      ...search.state,
      ...compare.state,
      ...feeds,
      actions: {
        ...load.actions,
        ...cursor.actions,
        ...preferences.actions,
        ...workspace.actions,
        ...search.actions,
        ...workspaceSearch.actions,
        ...compare.actions,
      },
    };
  });
}
