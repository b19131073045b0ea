// The main thread's only door to the log worker: starts loads, asks queries, turns worker failures
// into values. The one place that creates the Worker (STYLE.md §2.4).

import type { LoadSource, MainToWorker, Query, QueryResults, WorkerToMain } from './protocol.ts';
import type { WorkspaceFile, WorkspaceSearchPart } from './workspace-protocol.ts';
import {
  createClientWork,
  routeWorkerMessage,
  type LoadListener,
  type SwitchListener,
  type WorkspaceListener,
} from './client-routing.ts';

export type { LiveMessage, LoadListener, SwitchListener, WorkspaceListener } from './client-routing.ts';

export type { ShareRange, ShareRequest, ShareSource } from './share-protocol.ts';
export type {
  LoadFailure,
  LoadProgress,
  LoadSource,
  LogSummary,
  MediaAnswer,
  Query,
  TextIndexStatus,
  ToolSpans,
} from './protocol.ts';
export type { FollowedSource, LiveStatus } from './protocol.ts';
export type {
  WorkspaceFile,
  WorkspaceProgress,
  WorkspaceRow,
  WorkspaceSearchPart,
  WorkspaceSearchSession,
  WorkspaceSnapshot,
} from './workspace-protocol.ts';

export type { CostResults, ModelCostLine, PriceLabel, SessionsCostAnswer } from './cost-protocol.ts';

export type {
  CompareMessage,
  CompareOpened,
  CompareRequestAnswer,
  CompareRunSource,
  CompareViewAnswer,
} from './compare-protocol.ts';
// Pure data beside the function that fills the summary; importing it brings no worker code along.
export { TOOL_SPAN_STATUSES } from './log-summary.ts';

/** The query kinds and the shape of each (the `kind` selects the result type). */
type QueryOf<K extends Query['kind']> = Extract<Query, { kind: K }>;

/** Main-thread handle on the log worker. One per app; cheap to keep, restarts its worker after a crash. */
export interface LogClient {
  /**
   * Makes a workspace session the worker keeps opened (the `keptSessions` of a load) the open log,
   * cancelling any load in progress: no read, no decode. Queries asked after it are about that log.
   * `onMissed` when the worker no longer keeps it (then load it); `onSwitched` otherwise.
   */
  switchToKept(sessionId: string, listener: SwitchListener): void;
  /** Starts loading a log, cancelling any load in progress. Returns the load id. */
  openLog(source: LoadSource, listener: LoadListener): number;
  /**
   * Stops the current load: its listener gets `onLoaded` with the part read (summary.isCancelled),
   * or `onFailed({ kind: 'cancelled' })` when nothing was read.
   */
  cancelLoad(): void;
  /** Stops following the open (followed) log: it stays open as read; a 'live' message says 'stopped'. */
  stopFollowing(): void;
  /** Asks the worker about the open (or loading) log. Rejects with an Error whose message is for people. */
  query<K extends Query['kind']>(query: QueryOf<K>): Promise<QueryResults[K]>;
  /**
   * Scans files of a folder, a ZIP or several logs into a workspace the worker keeps (a newer scan
   * replaces it); its sessions then open with openLog({ kind: 'workspace-session' }).
   */
  openWorkspace(files: WorkspaceFile[], listener: WorkspaceListener): void;
  /** Stops the scan in progress (its listener hears nothing more). */
  cancelWorkspace(): void;
  /**
   * Searches every session of the workspace for `text`; `onPart` hears each part of the answer, the
   * last with isComplete. A newer search, or cancelWorkspaceSearch, silences the one before.
   */
  searchWorkspace(text: string, onPart: (part: WorkspaceSearchPart) => void): void;
  cancelWorkspaceSearch(): void;
  /** Starts the worker now (module load, checksum WebAssembly) so the first drop does not wait for it. */
  warmUp(): void;
  /**
   * Calls `listener` with a message for people when the worker stops unexpectedly (a crash, out of
   * memory) after a log was opened: the log it held is gone. A load in progress hears of it through
   * its own `onFailed` instead. Returns the unsubscribe function.
   */
  onCrash(listener: (message: string) => void): () => void;
  /** Stops the worker; pending requests reject. */
  dispose(): void;
}

/** Factory of the worker, injectable so the client can be exercised without a browser. */
export type WorkerFactory = () => Worker;

/**
 * `Worker` started from a blob: script that imports the worker's module. A blob: worker takes the
 * page's policy, whose connect-src main.tsx has narrowed to the page's own and its `?src=` origin
 * (url/connect-policy.ts); a worker started from its own URL takes its script's response policy,
 * which, static, cannot name that origin.
 */
function blobStartedWorker(NativeWorker: typeof Worker): typeof Worker {
  return class extends NativeWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      const script = new Blob([`import ${JSON.stringify(String(url))};\n`], { type: 'text/javascript' });
      super(URL.createObjectURL(script), options);
    }
  };
}

/**
 * The log worker, from a blob: script when `isBlobStarted` (the app), else from its URL (the
 * single-file viewer, whose build inlines the worker as a classic script: vite.export.config.ts).
 */
export function createLogWorker(isBlobStarted = false): Worker {
  // Vite builds entry.ts from the `new Worker(new URL(…))` written here, whichever `Worker` it is.
  const Worker = isBlobStarted ? blobStartedWorker(globalThis.Worker) : globalThis.Worker;
  return new Worker(new URL('./entry.ts', import.meta.url), { type: 'module', name: 'dsh-replay-log' });
}

/** How long a cancelled scan may keep the worker busy before the worker is restarted. */
export const CANCEL_GRACE_MS = 1000;

/**
 * Creates the client. The worker starts lazily on first use and again after a crash; each worker is
 * told first that it may read logs from `allowedSourceOrigins` (besides its own origin) and no others.
 */
export function createLogClient(
  createWorker: WorkerFactory = () => createLogWorker(),
  allowedSourceOrigins: readonly string[] = [],
): LogClient {
  let worker: Worker | null = null;
  /** What is in progress and who hears of it (client-routing.ts routes the worker's messages to it). */
  const work = createClientWork();
  const { pending } = work;
  let nextRequestId = 1;
  let nextLoadId = 1;
  /** The load in progress; `turnParts` collects the final summary's leading turns ('turns' messages). */
  let nextWorkspaceId = 1;
  let nextSearchId = 1;
  const crashListeners = new Set<(message: string) => void>();
  /** Whether the current worker was asked to open a log (so a crash loses one). */
  let hasOpenedLog = false;

  function failEverything(message: string): void {
    work.currentSwitch = null;
    const load = work.currentLoad;
    work.currentLoad = null;
    const hadLog = hasOpenedLog;
    hasOpenedLog = false;
    for (const request of pending.values()) request.reject(new Error(message));
    pending.clear();
    if (worker) {
      worker.terminate();
      worker = null;
    }
    const scan = work.currentScan;
    work.currentScan = null;
    scan?.listener.onFailed(message);
    if (load) load.listener.onFailed({ kind: 'internal', message });
    else if (hadLog) for (const listener of [...crashListeners]) listener(message);
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const created = createWorker();
    created.addEventListener('message', (event: MessageEvent<WorkerToMain>) =>
      routeWorkerMessage(work, event.data),
    );
    created.addEventListener('error', (event: ErrorEvent) => {
      event.preventDefault();
      failEverything(
        `The log worker stopped (${event.message || 'no details'}). This is usually the browser running ` +
          'out of memory; try a smaller file or the CLI (`npx dsh-replay inspect FILE`).',
      );
    });
    created.addEventListener('messageerror', () => {
      failEverything('A message from the log worker could not be read. Reload the page and try again.');
    });
    worker = created;
    created.postMessage({
      type: 'configure',
      allowedSourceOrigins: [...allowedSourceOrigins],
    } satisfies MainToWorker);
    return created;
  }

  /**
   * A cancelled scan must let the worker go within CANCEL_GRACE_MS (its reads yield between slices,
   * so it answers a ping); one that does not is stuck in work of its own, and the worker is
   * terminated and started afresh (a log it held is lost: the crash listeners say so), so neither
   * its memory nor its core outlives the Cancel.
   */
  function watchCancel(): void {
    const watched = worker;
    const requestId = nextRequestId++;
    const timer = setTimeout(() => {
      pending.delete(requestId);
      if (worker === watched && watched !== null)
        failEverything(
          'The folder scan did not stop within a second of Cancel, so the log worker was restarted.',
        );
    }, CANCEL_GRACE_MS);
    pending.set(requestId, { resolve: () => clearTimeout(timer), reject: () => clearTimeout(timer) });
    post({ type: 'query', requestId, query: { kind: 'ping' } });
  }

  function post(message: MainToWorker): void {
    ensureWorker().postMessage(message);
  }

  /** A new load or switch replaces the load in progress (its listener hears it was cancelled) and any switch. */
  function replaceCurrentLoad(): void {
    work.currentSwitch = null;
    work.switchedLoad = null;
    if (work.currentLoad) {
      const previous = work.currentLoad;
      work.currentLoad = null;
      post({ type: 'cancel', loadId: previous.loadId, keepsWhatWasRead: false });
      previous.listener.onFailed({ kind: 'cancelled', message: 'Replaced by another file.' });
    }
  }

  return {
    switchToKept(sessionId, listener) {
      replaceCurrentLoad();
      const loadId = nextLoadId++;
      work.loadedLoad = null;
      work.currentSwitch = { loadId, listener };
      post({ type: 'switch', loadId, sessionId });
    },
    openLog(source, listener) {
      replaceCurrentLoad();
      const loadId = nextLoadId++;
      work.currentLoad = { loadId, listener, turnParts: [] };
      work.loadedLoad = null;
      post({ type: 'open', loadId, source });
      hasOpenedLog = true;
      return loadId;
    },
    cancelLoad() {
      if (!work.currentLoad) return;
      // The worker answers: 'loaded' with the part read (marked cancelled), or a 'cancelled' failure.
      post({ type: 'cancel', loadId: work.currentLoad.loadId, keepsWhatWasRead: true });
    },
    stopFollowing() {
      if (work.loadedLoad) post({ type: 'cancel', loadId: work.loadedLoad.loadId, keepsWhatWasRead: true });
    },
    query<K extends Query['kind']>(query: QueryOf<K>): Promise<QueryResults[K]> {
      const requestId = nextRequestId++;
      return new Promise<QueryResults[K]>((resolve, reject) => {
        pending.set(requestId, { resolve: (value) => resolve(value as QueryResults[K]), reject });
        post({ type: 'query', requestId, query });
      });
    },
    openWorkspace(files, listener) {
      if (work.currentScan) post({ type: 'cancel-workspace', workspaceId: work.currentScan.workspaceId });
      const workspaceId = nextWorkspaceId++;
      work.currentScan = { workspaceId, listener };
      post({ type: 'open-workspace', workspaceId, files });
      hasOpenedLog = true;
    },
    cancelWorkspace() {
      if (!work.currentScan) return;
      post({ type: 'cancel-workspace', workspaceId: work.currentScan.workspaceId });
      work.currentScan = null;
      watchCancel();
    },
    searchWorkspace(text, onPart) {
      if (work.currentSearch)
        post({ type: 'cancel-workspace-search', searchId: work.currentSearch.searchId });
      const searchId = nextSearchId++;
      work.currentSearch = { searchId, onPart };
      post({ type: 'search-workspace', searchId, text });
    },
    cancelWorkspaceSearch() {
      if (!work.currentSearch) return;
      post({ type: 'cancel-workspace-search', searchId: work.currentSearch.searchId });
      work.currentSearch = null;
    },
    warmUp() {
      ensureWorker();
    },
    onCrash(listener) {
      crashListeners.add(listener);
      return () => crashListeners.delete(listener);
    },
    dispose() {
      for (const request of pending.values()) request.reject(new Error('The viewer was closed.'));
      pending.clear();
      work.currentLoad = null;
      worker?.terminate();
      worker = null;
    },
  };
}
