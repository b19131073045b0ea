// The viewer's one zustand store: load status, the log summary, the cursor (a seq), selection and
// view options. No per-event data: panes ask the worker through `client` for what is on screen.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EventRow } from '../log/index.ts';
import type { LoadFailure, LoadProgress, LoadSource, LogClient, LogSummary } from '../worker/client.ts';
import { createBlockFeed, type BlockFeed } from './block-feed.ts';
import { clampSeq, collectBoundarySeqs, stepCursor } from './cursor/cursor-moves.ts';
import type { LogPersistence, StoredLog } from './log-persistence.ts';
import {
  createModelViewFeed,
  type CursorPreparer,
  type ModelViewFeed,
  type PrepareOutcome,
} from './model-view-feed.ts';

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';
export type ThemePreference = 'system' | 'light' | 'dark';
export type ModelMode = 'model' | 'transcript';
export type TimelineAxis = 'seq' | 'time';
export type SidePanel = 'model' | 'triage';

/** Where the bundled demo log is served (public/demo/), relative to the app's base URL. */
export const DEMO_LOG_PATH = 'demo/demo-session.jsonl.zstd';
export const DEMO_LOG_NAME = 'demo-session.jsonl.zstd (subagent fork, tools, packed chunks)';

/** A permalink waiting for its log: applied once a log with this session id (or any, if null) is open. */
/** The per-log part of the state before any log is loaded (fresh arrays each call). */
function createEmptyLogState(): Pick<
  ViewerState,
  | 'progress'
  | 'summary'
  | 'failure'
  | 'cursorSeq'
  | 'pendingSeq'
  | 'selectedSeq'
  | 'stepSeqs'
  | 'turnSeqs'
  | 'problemSeqs'
  | 'findingSeqs'
> {
  return {
    progress: null,
    summary: null,
    failure: null,
    cursorSeq: null,
    pendingSeq: null,
    selectedSeq: null,
    stepSeqs: [],
    turnSeqs: [],
    problemSeqs: [],
    findingSeqs: [],
  };
}

export interface PendingJump {
  seq: number | null;
  sessionId: string | null;
}

export interface ViewerState {
  loadState: LoadState;
  /** Name of the file or URL being loaded or shown, or null before the first load. */
  sourceName: string | null;
  progress: LoadProgress | null;
  /** The open log's summary; during a load, the latest partial summary. */
  summary: LogSummary | null;
  failure: LoadFailure | null;
  /** The one cursor every pane follows; null when no events are loaded. */
  cursorSeq: number | null;
  /**
   * Where the cursor is going while the model view there is fetched (see `moveTo`), else null. Only
   * the scrubber shows it; every pane moves together when it becomes `cursorSeq`.
   */
  pendingSeq: number | null;
  /** The event whose detail the events pane shows, or null. */
  selectedSeq: number | null;
  /** Ascending step and turn start seqs of the open log (for keys and scrubber ticks). */
  stepSeqs: number[];
  turnSeqs: number[];
  /** Problem seqs, ascending and unique (for n/N and scrubber marks). */
  problemSeqs: number[];
  /** Seqs of the triage findings (deriveTriage(log).findings), ascending and unique; empty until the
   * loaded log's triage arrives. n/N step through these and problemSeqs together. */
  findingSeqs: number[];
  pendingJump: PendingJump | null;
  /** A permalink named a session that is not stored in this browser: ask for its file. */
  missingSessionId: string | null;
  /** One short, dismissible message (clamped seq, storage unavailable …), or null. */
  notice: string | null;
  theme: ThemePreference;
  modelMode: ModelMode;
  timelineAxis: TimelineAxis;
  sidePanel: SidePanel;
  isKeysOverlayOpen: boolean;
  isProblemsOpen: boolean;
  isPlaying: boolean;
  /** Playback speed factor over real time (1 = real pace, long gaps compressed). */
  playbackSpeed: number;
  /** Incremented by every completed load, so caches keyed by it never mix two logs. */
  logGeneration: number;
  /** The worker client (a stable handle, not data). */
  client: LogClient;
  /** The model views and message bodies fetched so far (a stable handle, not data). */
  modelViews: ModelViewFeed;
  /** The events list's rows, in blocks of EVENT_ROWS_PER_BLOCK (a stable handle, not data). */
  eventRows: BlockFeed<EventRow>;
  actions: ViewerActions;
}

export interface ViewerActions {
  openFile(file: File): void;
  openUrl(url: string, name?: string): void;
  openDemo(baseUrl: string): void;
  /** Reopens a log stored in the browser by session id; asks for the file if it is not stored. */
  reopenSession(sessionId: string): Promise<void>;
  cancelLoad(): void;
  setCursor(seq: number): void;
  moveCursor(delta: number): void;
  moveToBoundary(level: 'step' | 'turn', direction: 1 | -1): void;
  moveToProblem(direction: 1 | -1): void;
  moveToEdge(edge: 'start' | 'end'): void;
  selectEvent(seq: number | null): void;
  requestJump(jump: PendingJump, notices: readonly string[]): void;
  setTheme(theme: ThemePreference): void;
  setModelMode(mode: ModelMode): void;
  setTimelineAxis(axis: TimelineAxis): void;
  setSidePanel(panel: SidePanel): void;
  setKeysOverlayOpen(isOpen: boolean): void;
  setProblemsOpen(isOpen: boolean): void;
  setPlaying(isPlaying: boolean): void;
  setPlaybackSpeed(speed: number): void;
  showNotice(notice: string | null): void;
}

export type ViewerStore = StoreApi<ViewerState>;

export interface ViewerStoreDependencies {
  client: LogClient;
  persistence: LogPersistence;
  /** What a cursor move waits for; by default the model view at the target and the rows around it
   * (tests of the store's own rules pass IMMEDIATE_PREPARER). */
  preparer?: CursorPreparer;
}

/**
 * Event rows per block of the events list (the virtualizer's item) and of the row cache. Small, so
 * the blocks that cover a viewport hold few rows beyond it (building rows is most of a far jump's
 * cost); large enough that the virtualizer's item count stays far below the event count.
 */
export const EVENT_ROWS_PER_BLOCK = 16;
/** Row blocks kept on the main thread (256 × 16 rows ≈ 4k rows). */
const EVENT_ROW_BLOCKS_CACHED = 256;
/** Rows on each side of a cursor target fetched before the list shows it: more than a tall events list shows. */
export const ROWS_AROUND_CURSOR = 48;
/**
 * A move at most this many rows away is near: the events list follows it in the same render as the
 * other panes, so its rows are prepared with the move. The list follows a far move only once the
 * cursor settles (store/cursor/cursor-settle.ts) and prepares its rows then: during a scrub the move's
 * critical path is the model view alone.
 */
export const NEAR_MOVE_ROWS = EVENT_ROWS_PER_BLOCK;

/** One outcome for several preparations: superseded if one was, else unavailable if one was. */
function combineOutcomes(outcomes: readonly PrepareOutcome[]): PrepareOutcome {
  if (outcomes.includes('superseded')) return 'superseded';
  return outcomes.includes('unavailable') ? 'unavailable' : 'ready';
}

/** Prepares a cursor move: the model view at the target and, for a near move, the event rows around it, in parallel. */
function createCursorPreparer(
  modelViews: ModelViewFeed,
  eventRows: BlockFeed<EventRow>,
  currentCursor: () => number | null,
): CursorPreparer {
  return {
    prepare(seq) {
      const cursor = currentCursor();
      const isNear = cursor !== null && Math.abs(seq - cursor) <= NEAR_MOVE_ROWS;
      const parts = [modelViews.prepare(seq)];
      if (isNear) parts.push(eventRows.prepareRange(seq - ROWS_AROUND_CURSOR, seq + ROWS_AROUND_CURSOR));
      if (parts.every((part) => part === 'ready')) return 'ready';
      return Promise.all(parts.map((part) => Promise.resolve(part))).then(combineOutcomes);
    },
    reset() {
      modelViews.reset();
      eventRows.reset();
    },
  };
}

/**
 * The longest a cursor move waits for its model view (ms): past it every pane moves anyway and the
 * model view follows when its answer comes (a worker busy with a load slice or a long search).
 */
export const CURSOR_HOLD_MAX_MS = 150;

/** Where the cursor is, or is going: the base of relative moves (keys, playback). */
export function aimedSeq(state: Pick<ViewerState, 'cursorSeq' | 'pendingSeq'>): number | null {
  return state.pendingSeq ?? state.cursorSeq;
}

/** The ascending, unique union of two ascending lists. */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && (a[i] as number) <= (b[j] as number)) ? a[i++] : b[j++];
    if (merged.at(-1) !== next) merged.push(next as number);
  }
  return merged;
}

function uniqueSorted(seqs: readonly number[]): number[] {
  const sorted = [...seqs].sort((a, b) => a - b);
  return sorted.filter((seq, index) => index === 0 || sorted[index - 1] !== seq);
}

/** Creates an isolated store; the app creates exactly one, tests as many as they like. */
export function createViewerStore({ client, persistence, preparer }: ViewerStoreDependencies): ViewerStore {
  const modelViews = createModelViewFeed(client);
  const eventRows = createBlockFeed<EventRow>(
    (startSeq, count) => client.query({ kind: 'rows', startSeq, count }),
    EVENT_ROWS_PER_BLOCK,
    EVENT_ROW_BLOCKS_CACHED,
  );
  return createStore<ViewerState>()((set, get) => {
    const ownPreparer = createCursorPreparer(modelViews, eventRows, () => get().cursorSeq);
    const movePreparer = preparer ?? ownPreparer;
    /** Whether the user moved the cursor during this load (then the end-of-load jump is skipped). */
    let hasUserMovedCursor = false;
    /** Identifies the latest load; callbacks of a replaced load are ignored. */
    let latestLoadToken = 0;
    /** Identifies the latest cursor move; a prepared move lands only if no later move or jump came. */
    let latestMoveToken = 0;
    /** Runs out CURSOR_HOLD_MAX_MS after a move started waiting, then the pending seq lands as is. */
    let holdTimer: ReturnType<typeof setTimeout> | null = null;

    /** Drops a move waiting for its model view (a load, a jump or an immediate move replaces it). */
    function cancelPendingMove(): void {
      latestMoveToken += 1;
      if (holdTimer !== null) clearTimeout(holdTimer);
      holdTimer = null;
    }

    /** What the feeds cached no longer holds (a new log, or the finished one replaced a partial). */
    function resetFeeds(): void {
      ownPreparer.reset();
      if (movePreparer !== ownPreparer) movePreparer.reset();
    }

    function landCursor(seq: number): void {
      cancelPendingMove();
      set({ cursorSeq: seq, pendingSeq: null });
    }

    function applySummary(summary: LogSummary): void {
      set({
        summary,
        stepSeqs: collectBoundarySeqs(summary.turns, 'step'),
        turnSeqs: collectBoundarySeqs(summary.turns, 'turn'),
        problemSeqs: uniqueSorted(summary.problemMarks.map((mark) => mark.seq)),
      });
    }

    function applyPendingJump(summary: LogSummary): boolean {
      const jump = get().pendingJump;
      if (!jump) return false;
      set({ pendingJump: null, missingSessionId: null });
      if (jump.sessionId !== null && summary.sessionId !== null && jump.sessionId !== summary.sessionId) {
        set({
          notice: `The link was for session ${jump.sessionId}, but this file is session ${summary.sessionId}; the link's seq was not applied.`,
        });
        return false;
      }
      if (jump.seq === null) return false;
      const clamped = clampSeq(jump.seq, summary.eventCount);
      if (clamped === null) return false;
      if (clamped !== jump.seq) {
        set({
          notice: `The link's seq ${jump.seq === Number.MAX_SAFE_INTEGER ? '(too large)' : jump.seq} is past the last event; showing seq ${clamped}.`,
        });
      }
      cancelPendingMove();
      set({ cursorSeq: clamped, pendingSeq: null, selectedSeq: clamped });
      return true;
    }

    function startLoad(source: LoadSource, stored: StoredLog | null): void {
      hasUserMovedCursor = false;
      const loadToken = ++latestLoadToken;
      const isCurrent = (): boolean => loadToken === latestLoadToken;
      const name = source.kind === 'file' ? source.file.name : source.name;
      cancelPendingMove();
      resetFeeds();
      set({
        ...createEmptyLogState(),
        loadState: 'loading',
        sourceName: name,
        isPlaying: false,
        isProblemsOpen: false,
        logGeneration: get().logGeneration + 1,
      });
      client.openLog(source, {
        onProgress(progress) {
          if (isCurrent()) set({ progress });
        },
        onSummary(summary, firstRows) {
          if (!isCurrent()) return;
          applySummary(summary);
          // The first summary brings the first rows: the events list mounts with their content.
          if (firstRows) eventRows.seed(0, firstRows);
          if (get().cursorSeq === null && summary.eventCount > 0) {
            // Ask for (any missing) first rows and the model view now, while the panes mount: the
            // first rows then appear with their content instead of as placeholders a round trip later.
            eventRows.ensureRange(0, ROWS_AROUND_CURSOR);
            modelViews.show(0);
            set({ cursorSeq: 0 });
          }
        },
        onLoaded(summary, progress) {
          if (!isCurrent()) return;
          applySummary(summary);
          // The finished index can answer differently from the partial one: ask again from here on.
          resetFeeds();
          set({ progress, loadState: 'ready', logGeneration: get().logGeneration + 1 });
          const isJumped = applyPendingJump(summary);
          if (!isJumped && !hasUserMovedCursor)
            landCursor(clampSeq(summary.eventCount - 1, summary.eventCount) ?? 0);
          // n/N also stop at the triage findings (failed calls, retries, hanging turns …).
          client.query({ kind: 'finding-seqs' }).then(
            (seqs) => {
              if (isCurrent()) set({ findingSeqs: uniqueSorted(seqs) });
            },
            () => undefined, // n/N keep to the log's problems; the triage panel reports the failure.
          );
          if (stored && summary.sessionId) {
            void persistence.save(summary.sessionId, stored).then((isSaved) => {
              if (!isSaved && stored.kind === 'file') {
                set({
                  notice: 'This browser did not keep a copy of the file, so a reload will ask for it again.',
                });
              }
            });
          }
        },
        onFailed(failure) {
          if (!isCurrent()) return;
          cancelPendingMove();
          set({
            loadState: failure.kind === 'cancelled' ? 'idle' : 'error',
            failure: failure.kind === 'cancelled' ? null : failure,
            summary: null,
            cursorSeq: null,
            pendingSeq: null,
            selectedSeq: null,
            progress: null,
            notice: failure.kind === 'cancelled' ? 'Loading was cancelled.' : get().notice,
          });
        },
      });
    }

    /**
     * Moves the cursor once the model view at the target is ready (cached, or fetched in a few ms):
     * meanwhile only `pendingSeq` changes (the scrubber follows it), then every pane moves in one
     * render with the model view already complete. The newest move wins; after CURSOR_HOLD_MAX_MS the
     * pending seq lands anyway.
     */
    function moveTo(seq: number | null): void {
      const { summary } = get();
      if (seq === null || !summary) return;
      const clamped = clampSeq(seq, summary.eventCount);
      if (clamped === null || clamped === aimedSeq(get())) return;
      hasUserMovedCursor = true;
      const outcome = movePreparer.prepare(clamped);
      if (outcome === 'ready') {
        landCursor(clamped);
        return;
      }
      const token = ++latestMoveToken;
      set({ pendingSeq: clamped });
      holdTimer ??= setTimeout(() => {
        holdTimer = null;
        const pending = get().pendingSeq;
        if (pending !== null) landCursor(pending);
      }, CURSOR_HOLD_MAX_MS);
      void Promise.resolve(outcome).then((result) => {
        if (token === latestMoveToken && result !== 'superseded') landCursor(clamped);
      });
    }

    // A worker that stops after a load takes the log with it: say so, like a failed load, instead of
    // leaving panes whose every query now fails. (A load in progress hears it through onFailed.)
    client.onCrash((message) => {
      latestLoadToken += 1;
      cancelPendingMove();
      resetFeeds();
      set({
        ...createEmptyLogState(),
        loadState: 'error',
        failure: { kind: 'internal', message },
        isPlaying: false,
        isProblemsOpen: false,
        logGeneration: get().logGeneration + 1,
      });
    });

    const actions: ViewerActions = {
      openFile(file) {
        startLoad({ kind: 'file', file }, { kind: 'file', name: file.name, blob: file, savedAt: Date.now() });
      },
      openUrl(url, name) {
        const displayName = name ?? (decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? '') || url);
        startLoad(
          { kind: 'url', url, name: displayName },
          { kind: 'url', name: displayName, url, savedAt: Date.now() },
        );
      },
      openDemo(baseUrl) {
        actions.openUrl(new URL(DEMO_LOG_PATH, baseUrl).href, DEMO_LOG_NAME);
      },
      async reopenSession(sessionId) {
        const stored = await persistence.load(sessionId);
        if (!stored) {
          set({ missingSessionId: sessionId });
          return;
        }
        if (stored.kind === 'file') {
          const file = new File([stored.blob], stored.name);
          startLoad({ kind: 'file', file }, { ...stored, savedAt: Date.now() });
        } else {
          startLoad({ kind: 'url', url: stored.url, name: stored.name }, { ...stored, savedAt: Date.now() });
        }
      },
      cancelLoad() {
        client.cancelLoad();
      },
      setCursor(seq) {
        moveTo(seq);
      },
      moveCursor(delta) {
        moveTo((aimedSeq(get()) ?? 0) + delta);
      },
      moveToBoundary(level, direction) {
        const { summary, stepSeqs, turnSeqs } = get();
        const cursorSeq = aimedSeq(get());
        if (!summary || cursorSeq === null) return;
        moveTo(stepCursor(level === 'step' ? stepSeqs : turnSeqs, cursorSeq, direction, summary.eventCount));
      },
      moveToProblem(direction) {
        const { summary, findingSeqs } = get();
        const cursorSeq = aimedSeq(get());
        if (!summary || cursorSeq === null) return;
        const problemSeqs = mergeSorted(get().problemSeqs, findingSeqs);
        if (problemSeqs.length === 0) {
          set({ notice: 'This log has no problems or triage findings tied to a seq.' });
          return;
        }
        const target = stepCursor(problemSeqs, cursorSeq, direction, summary.eventCount);
        const isPastLast =
          direction === 1 ? cursorSeq >= (problemSeqs.at(-1) ?? 0) : cursorSeq <= (problemSeqs[0] ?? 0);
        // Wrap around instead of falling to the log's edge: n/N cycle through problems and findings only.
        const next = isPastLast
          ? direction === 1
            ? (problemSeqs[0] ?? null)
            : (problemSeqs.at(-1) ?? null)
          : target;
        if (next === null) return;
        set({ selectedSeq: clampSeq(next, summary.eventCount) });
        moveTo(next);
      },
      moveToEdge(edge) {
        const { summary } = get();
        if (!summary) return;
        moveTo(edge === 'start' ? 0 : summary.eventCount - 1);
      },
      selectEvent(seq) {
        set({ selectedSeq: seq });
        if (seq !== null) moveTo(seq);
      },
      requestJump(jump, notices) {
        set({ pendingJump: jump, notice: notices.length > 0 ? notices.join(' ') : get().notice });
        const { summary, loadState } = get();
        if (summary && loadState === 'ready') applyPendingJump(summary);
      },
      setTheme(theme) {
        set({ theme });
      },
      setModelMode(modelMode) {
        set({ modelMode });
      },
      setTimelineAxis(timelineAxis) {
        set({ timelineAxis });
      },
      setSidePanel(sidePanel) {
        set({ sidePanel });
      },
      setKeysOverlayOpen(isKeysOverlayOpen) {
        set({ isKeysOverlayOpen });
      },
      setProblemsOpen(isProblemsOpen) {
        set({ isProblemsOpen });
      },
      setPlaying(isPlaying) {
        set({ isPlaying: isPlaying && get().summary !== null });
      },
      setPlaybackSpeed(playbackSpeed) {
        set({ playbackSpeed });
      },
      showNotice(notice) {
        set({ notice });
      },
    };

    return {
      ...createEmptyLogState(),
      loadState: 'idle',
      sourceName: null,
      pendingJump: null,
      missingSessionId: null,
      notice: null,
      theme: 'system',
      modelMode: 'model',
      timelineAxis: 'seq',
      sidePanel: 'model',
      isKeysOverlayOpen: false,
      isProblemsOpen: false,
      isPlaying: false,
      playbackSpeed: 1,
      logGeneration: 0,
      client,
      modelViews,
      eventRows,
      actions,
    };
  });
}
