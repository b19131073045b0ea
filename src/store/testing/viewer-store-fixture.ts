// Builders for tests of the viewer store: a small log summary, a fake worker client that the test
// drives (load callbacks, crashes), and a store with a log opened through it. Imported by tests only.

import type {
  LoadListener,
  LoadSource,
  LogClient,
  LogSummary,
  SwitchListener,
  WorkspaceListener,
  WorkspaceRow,
  WorkspaceSearchPart,
} from '../../worker/client.ts';
import type { CursorPreparer, EventListGeometry } from '../cursor/cursor-slice.ts';
import type { LogPersistence, StoredLog } from '../log-persistence.ts';
import { createViewerStore } from '../viewer-store.ts';

/** The events list's numbers in the app (ui/panes/events/list-layout.ts, which the store cannot import). */
export const TEST_EVENT_LIST: EventListGeometry = { rowsPerBlock: 16, rowsAroundCursor: 48 };
/** The model-view pane's MAX_TAIL_ITEMS (ui/panes/model-view/height-estimates.ts). */
const TEST_MODEL_VIEW_TAIL_BODIES = 12;

/** Prepares nothing: every move is ready at once (tests of the store's own rules). */
export const IMMEDIATE_PREPARER: CursorPreparer = { prepare: () => 'ready', reset: () => undefined };

export const PROGRESS = { bytesRead: 10, totalBytes: 10, events: 50, lines: 50, elapsedMs: 1 };

/** A finished log's summary: turns at seqs 1 and 21, problems at seqs 5 and 30. */
export function summaryOf(eventCount: number, sessionId = 's1'): LogSummary {
  return {
    name: 'a.jsonl',
    file: {
      bytes: 10,
      container: 'jsonl',
      frames: null,
      tornTail: false,
      textBytes: 10,
      checksumsVerified: 0,
      hasChecksumVerifier: false,
      hadBom: false,
    },
    header: null,
    sessionId,
    verdict: { status: 'ok', reason: null },
    eventCount,
    lineCount: eventCount,
    packedRows: 0,
    problemCount: 2,
    problemMarks: [
      { seq: 30, kind: 'nesting' },
      { seq: 5, kind: 'surface' },
    ],
    notes: [],
    byType: {},
    firstTime: 0,
    lastTime: 1,
    turns: [
      { turn: 1, startSeq: 1, endSeq: 20, reason: 'completed', reasonDetail: null, steps: [] },
      { turn: 2, startSeq: 21, endSeq: null, reason: null, reasonDetail: null, steps: [] },
    ],
    title: null,
    effectiveAgentPreset: null,
    inheritedEvents: null,
    isComplete: true,
    isTruncated: false,
    isTurnsPartial: false,
    contentKey: null,
  };
}

/** Where a test's workspace session sits: its parent, its project directory, when it started. */
interface WorkspaceRowPlace {
  parentId?: string | null;
  /** The header's cwd (default `/p`); the file is at `<cwd without its leading />/<id>/session.jsonl`. */
  cwd?: string | null;
  createdAt?: number | null;
}

/** A listed workspace session `id` (a child of `parentId` when given), unsummarized. */
export function workspaceRowOf(id: string, place: string | null | WorkspaceRowPlace = null): WorkspaceRow {
  const {
    parentId = null,
    cwd = '/p',
    createdAt = 1,
  } = typeof place === 'object' && place !== null ? place : { parentId: place };
  return {
    id,
    shownId: id,
    shownParentId: parentId,
    path: `${(cwd ?? 'root').replace(/^\//, '')}/${id}/session.jsonl`,
    head: {
      id,
      version: 4,
      generation: 4,
      createdAt,
      cwd,
      parentSession: parentId,
      origin: null,
      delegationDepth: parentId ? 1 : 0,
      seedLength: null,
      isSeeded: false,
      agentPreset: null,
      container: 'jsonl',
    },
    generations: [],
    kind: parentId ? 'subagent' : 'root',
    depth: parentId ? 1 : 0,
    parentId,
    isOrphan: false,
    summary: null,
    failureReason: null,
    totals: {
      sessions: 1,
      summarized: 0,
      tokens: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      busyMs: 0,
      startTime: null,
      endTime: null,
      notOkSessions: 0,
    },
  };
}

/** A client whose loads the test finishes through `listeners`; queries fail unless the test replaces `query`. */
export function createFakeClient() {
  const listeners: LoadListener[] = [];
  const crashListeners: ((message: string) => void)[] = [];
  const sources: LoadSource[] = [];
  const workspaceListeners: WorkspaceListener[] = [];
  /** Each search across the workspace, with the callback the test answers it through. */
  const workspaceSearches: {
    text: string;
    onPart: (part: WorkspaceSearchPart) => void;
    cancelled: boolean;
  }[] = [];
  /** Each switch to a kept log, which the test answers through its listener. */
  const switches: { sessionId: string; listener: SwitchListener }[] = [];
  /** How often the store asked to stop following. */
  const stopFollowingCalls = { count: 0 };
  const client: LogClient = {
    switchToKept(sessionId, listener) {
      switches.push({ sessionId, listener });
    },
    openLog(source, listener) {
      sources.push(source);
      listeners.push(listener);
      return listeners.length;
    },
    openWorkspace(_files, listener) {
      workspaceListeners.push(listener);
    },
    cancelWorkspace() {},
    searchWorkspace(text, onPart) {
      const last = workspaceSearches.at(-1);
      if (last) last.cancelled = true;
      workspaceSearches.push({ text, onPart, cancelled: false });
    },
    cancelWorkspaceSearch() {
      const last = workspaceSearches.at(-1);
      if (last) last.cancelled = true;
    },
    cancelLoad() {
      // As the worker does: the test answers with the part read (onLoaded) or a cancelled failure.
    },
    stopFollowing() {
      stopFollowingCalls.count += 1;
    },
    query() {
      return Promise.reject(new Error('not used'));
    },
    warmUp() {},
    onCrash(listener) {
      crashListeners.push(listener);
      return () => undefined;
    },
    dispose() {},
  };
  return {
    client,
    listeners,
    sources,
    workspaceListeners,
    workspaceSearches,
    switches,
    stopFollowingCalls,
    crash: (message: string) => crashListeners.forEach((listener) => listener(message)),
  };
}

/** Persistence in a Map: what a test saves, it can list again; nothing reaches IndexedDB. */
export function createMemoryPersistence(): LogPersistence & { logs: Map<string, StoredLog> } {
  const logs = new Map<string, StoredLog>();
  return {
    logs,
    save(log) {
      logs.set(log.key, log);
      return Promise.resolve(true);
    },
    list() {
      return Promise.resolve([...logs.values()].sort((a, b) => b.savedAt - a.savedAt));
    },
    remove(key) {
      logs.delete(key);
      return Promise.resolve(true);
    },
    removeAll() {
      logs.clear();
      return Promise.resolve(true);
    },
  };
}

/** A store over `client` with the app's list geometry; without `preparer`, moves prepare what they do in the app. */
export function createTestStore(
  client: LogClient,
  preparer?: CursorPreparer,
  persistence: LogPersistence = createMemoryPersistence(),
) {
  return createViewerStore({
    client,
    persistence,
    eventList: TEST_EVENT_LIST,
    modelViewTailBodies: TEST_MODEL_VIEW_TAIL_BODIES,
    preparer,
  });
}

/** A store loading a URL through a fake client; `finish()` ends the load with an `eventCount`-event log. */
export function openedStore(eventCount = 50, preparer: CursorPreparer = IMMEDIATE_PREPARER) {
  const fake = createFakeClient();
  const store = createTestStore(fake.client, preparer);
  store.getState().actions.openUrl('http://x/a.jsonl');
  return { store, fake, finish: () => fake.listeners.at(-1)!.onLoaded(summaryOf(eventCount), PROGRESS) };
}
