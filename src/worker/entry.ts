// The log worker's router: it takes the page's messages, starts and cancels loads (load-loop.ts),
// answers queries (queries.ts) and text searches (text-search.ts) against the current
// log. It holds the worker's state (the load in progress, the log queries see) and nothing else.

import {
  assertNever,
  describeError,
  loadChecksumVerifier,
  type DecoderOptions,
  type OpenedLog,
  type Workspace,
} from '../log/index.ts';
import { loadFastZstd } from './fast-zstd.ts';
import { runLoad, type ActiveLoad, type LoadDependencies } from './load-loop.ts';
import type { LoadSource, MainToWorker, Query, WorkerToMain } from './protocol.ts';
import { answerQuery, transferablesOf } from './queries.ts';
import { answerMediaQuery } from './media-query.ts';
import { answerShareExport, answerShareScan } from './share-query.ts';
import { priceSessions } from './cost-queries.ts';
import { readSource } from './read-source.ts';
import { createSourceGuard } from './source-guard.ts';
import { createTextSearchService, isTextQuery } from './text-search.ts';
import { createYieldToEventLoop } from './work-slices.ts';
import { openWorkspaceSession, runWorkspaceScan, type ActiveScan } from './workspace-loop.ts';
import { runWorkspaceSearch, type ActiveWorkspaceSearch } from './workspace-search.ts';
import { KeptLogs, estimateLogBytes } from './kept-logs.ts';
import { runPostLoadWork } from './post-load-work.ts';
import { createCompareService, isCompareQuery } from './compare-service.ts';
import { runFollowLoad } from './follow-load.ts';

declare const self: DedicatedWorkerGlobalScope;

/**
 * What the worker may fetch: its own origin, and the origins the page's first message allows. Every
 * fetch of the worker goes through it (the page's CSP does not reach a module worker).
 */
const sourceGuard = createSourceGuard(self.location.origin);
self.fetch = sourceGuard.wrapFetch(self.fetch.bind(self));

let activeLoad: ActiveLoad | null = null;
/** The log queries run against: the finished log, or the live one of the load in progress. */
let currentLog: OpenedLog | null = null;
/** Logs read to their end (or as far as a stopped load got): text searches wait for this. */
const readLogs = new WeakSet<OpenedLog>();
/** The workspace scan in progress, and the newest scanned workspace (its sessions open by id). */
let activeScan: ActiveScan | null = null;
let workspace: Workspace | null = null;
/** The search across the workspace's sessions in progress (a newer one replaces it). */
let activeWorkspaceSearch: ActiveWorkspaceSearch | null = null;
/** The workspace sessions kept fully opened after the reader left them (bounded: kept-logs.ts). */
const keptLogs = new KeptLogs();
/** Post-load work resumed for a kept log switched back to (resumePostLoadWork), or null. */
let resumedWork: { isCancelled: boolean } | null = null;

/**
 * Started when the worker starts (the client warms the worker up before any drop). Without
 * WebAssembly (or when it is refused) the checksum verifier is null, so frames load unverified, and
 * fast zstd is null, so fzstd decodes everything; FileFacts reports both.
 */
const decoderOptionsReady: Promise<DecoderOptions> = Promise.all([
  loadChecksumVerifier().catch(() => null),
  loadFastZstd(),
]).then(([checksum, fastDecompress]) => ({ checksum, fastDecompress }));

const yieldToEventLoop = createYieldToEventLoop();

const textSearch = createTextSearchService({
  post,
  yieldToEventLoop,
  currentLog: () => currentLog,
  // A kept workspace session keeps its index too (kept only when the log is the kept one).
  onIndexBuilt(log, index) {
    const sessionId = log.header?.id;
    if (typeof sessionId === 'string') keptLogs.setIndex(sessionId, log, index);
  },
});

/** Posts to the page; buffers in `transfer` move instead of being copied. */
function post(message: WorkerToMain, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

/** Stops the load in progress (a newer load or a switch replaces it); returns the log it would have gone back to. */
function replaceActiveLoad(): OpenedLog | null {
  if (resumedWork) resumedWork.isCancelled = true;
  resumedWork = null;
  // The log the page shows until a new load shows its own: the open log, or, when a load that had
  // shown nothing yet is replaced, the one it would have gone back to.
  const fallbackLog = activeLoad === null ? currentLog : activeLoad.fallbackLog;
  if (activeLoad) {
    activeLoad.isCancelled = true;
    activeLoad.stopReading?.();
    activeLoad = null;
  }
  return fallbackLog;
}

/** A workspace session's load keeps its log (and verdicts) among the kept logs once read whole. */
function keeperOf(source: LoadSource): LoadDependencies['keepLog'] {
  if (source.kind !== 'workspace-session') return undefined;
  const { sessionId } = source;
  return {
    afterLoad(log, summary) {
      if (!log.isComplete) return keptLogs.ids();
      keptLogs.keep(sessionId, { log, summary, verdicts: null, index: null, bytes: estimateLogBytes(log) });
      return keptLogs.ids();
    },
    afterVerdicts: (log, verdicts) => keptLogs.setVerdicts(sessionId, log, verdicts),
  };
}

/** Makes a kept log the open one (the page already shows its summary), or says it is not kept. */
function switchToKept(message: Extract<MainToWorker, { type: 'switch' }>): void {
  const kept = keptLogs.take(message.sessionId);
  if (kept === undefined) {
    post({ type: 'switch-missed', loadId: message.loadId, keptSessions: keptLogs.ids() });
    return;
  }
  replaceActiveLoad();
  // Searches waiting for the replaced load were about another log; the kept log's text index comes
  // with it when it was built before the reader left (else it is built on the first search).
  textSearch.onLoadStarted();
  currentLog = kept.log;
  if (kept.index !== null) textSearch.adoptIndex(kept.log, kept.index);
  post({ type: 'switched', loadId: message.loadId, keptSessions: keptLogs.ids(), verdicts: kept.verdicts });
  if (kept.verdicts === null) resumePostLoadWork(message.sessionId, kept.log, message.loadId);
}

/**
 * The work that follows a load (post-load-work.ts), for a kept log the reader left before it was
 * done: it was cancelled then. Posts the verdicts as the switch's; stops when another load or
 * switch replaces it.
 */
function resumePostLoadWork(sessionId: string, log: OpenedLog, loadId: number): void {
  const work = { isCancelled: false };
  resumedWork = work;
  void runPostLoadWork(
    log,
    yieldToEventLoop,
    () => work.isCancelled,
    (verdicts) => {
      keptLogs.setVerdicts(sessionId, log, verdicts);
      post({ type: 'format-verdicts', loadId, verdicts });
    },
  ).finally(() => {
    if (resumedWork === work) resumedWork = null;
  });
}

function startLoad(message: Extract<MainToWorker, { type: 'open' }>): void {
  const fallbackLog = replaceActiveLoad();
  textSearch.onLoadStarted();
  const load: ActiveLoad = {
    loadId: message.loadId,
    isCancelled: false,
    isStopRequested: false,
    fallbackLog,
  };
  activeLoad = load;
  const { source } = message;
  const running =
    source.kind === 'follow-handle' || source.kind === 'follow-url'
      ? runFollowLoad(load, source, {
          ...loadDependencies(source),
          fetch: (input, init) => self.fetch(input, init),
          onLogGrew(log) {
            // A followed log is read as far as it goes: searches answer about it as it stands.
            readLogs.add(log);
            textSearch.onLogGrew(log);
          },
        })
      : runLoad(load, source, loadDependencies(source));
  void running.finally(() => {
    if (activeLoad === load) {
      activeLoad = null;
      textSearch.onLoadEnded();
    }
  });
}

/** What a load (or a follow) of `source` needs from the router. */
function loadDependencies(source: LoadSource): LoadDependencies {
  return {
    post,
    setCurrentLog(log) {
      currentLog = log;
    },
    decoderOptions: decoderOptionsReady,
    openSource: (source, signal) =>
      source.kind === 'workspace-session'
        ? openWorkspaceSession(workspace, source.sessionId)
        : readSource(source, (url) => sourceGuard.refusalOf(url), signal),
    yieldToEventLoop,
    onLogRead(log) {
      readLogs.add(log);
      textSearch.onLogRead(log);
    },
    keepLog: keeperOf(source),
  };
}

function startScan(message: Extract<MainToWorker, { type: 'open-workspace' }>): void {
  if (activeScan) activeScan.isCancelled = true;
  // A search of the workspace before this one would go on over sessions no longer listed.
  if (activeWorkspaceSearch) activeWorkspaceSearch.isCancelled = true;
  // Session ids name sessions of one workspace: a new one shares none of the kept logs.
  keptLogs.clear();
  const scan: ActiveScan = { workspaceId: message.workspaceId, isCancelled: false };
  activeScan = scan;
  void runWorkspaceScan(scan, message.files, {
    post,
    decoderOptions: decoderOptionsReady,
    yieldToEventLoop,
    setWorkspace(discovered) {
      if (activeScan === scan) workspace = discovered;
    },
  }).finally(() => {
    if (activeScan === scan) activeScan = null;
  });
}

function startWorkspaceSearch(message: Extract<MainToWorker, { type: 'search-workspace' }>): void {
  if (activeWorkspaceSearch) activeWorkspaceSearch.isCancelled = true;
  const search: ActiveWorkspaceSearch = { searchId: message.searchId, isCancelled: false };
  activeWorkspaceSearch = search;
  const searched = workspace;
  if (searched === null) {
    post({
      type: 'workspace-search',
      searchId: search.searchId,
      part: { sessions: [], done: 0, total: 0, isComplete: true },
    });
    return;
  }
  void runWorkspaceSearch(search, searched, message.text, {
    post,
    decoderOptions: decoderOptionsReady,
    yieldToEventLoop,
    // The open session is searched as it is held, with its text index when built (no second decode).
    openedLogOf(sessionId) {
      const log = currentLog;
      if (log === null || !log.isComplete || activeLoad !== null) return null;
      const id = log.header?.id;
      return id === sessionId ? { log, index: textSearch.builtIndexOf(log) } : null;
    },
  }).finally(() => {
    if (activeWorkspaceSearch === search) activeWorkspaceSearch = null;
  });
}

/** The compare view's runs (issue 23): decoded beside the open log while the view is open. */
const compare = createCompareService({
  decoderOptions: decoderOptionsReady,
  currentLog: () => currentLog,
  workspace: () => workspace,
});

function answer(requestId: number, query: Query): void {
  if (isCompareQuery(query)) {
    compare.answer(query).then(
      (result) => post({ type: 'result', requestId, result }),
      (error: unknown) => post({ type: 'query-failed', requestId, message: describeError(error) }),
    );
    return;
  }
  if (query.kind === 'share-scan' || query.kind === 'share-export') {
    answerShareQuery(requestId, query, workspace);
    return;
  }
  if (query.kind === 'ping') {
    post({ type: 'result', requestId, result: true });
    return;
  }
  if (query.kind === 'media') {
    // About the workspace, not the open log: answered with or without one.
    answerMediaQuery(workspace, query.attachmentId).then(
      (result) => post({ type: 'result', requestId, result }, result.ok ? [result.bytes] : []),
      (error: unknown) =>
        post({ type: 'query-failed', requestId, message: describeError(error, { withName: true }) }),
    );
    return;
  }
  if (query.kind === 'cost-sessions') {
    // Priced here, where the price table is: the page sends the sessions' requests.
    post({ type: 'result', requestId, result: priceSessions(query.sessions, query.edits) });
    return;
  }
  const log = currentLog;
  if (!log) {
    post({ type: 'query-failed', requestId, message: 'No log is open.' });
    return;
  }
  if (isTextQuery(query)) {
    // The live log of a load is still growing: the index is built once it is read.
    textSearch.answer(requestId, query, log, activeLoad !== null && !readLogs.has(log) && !log.isComplete);
    return;
  }
  try {
    const result = answerQuery(query, log);
    post({ type: 'result', requestId, result }, transferablesOf(result, query));
  } catch (error) {
    post({ type: 'query-failed', requestId, message: describeError(error, { withName: true }) });
  }
}

self.addEventListener('message', (event: MessageEvent<MainToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'configure':
      sourceGuard.configure(message.allowedSourceOrigins);
      return;
    case 'open':
      startLoad(message);
      return;
    case 'switch':
      switchToKept(message);
      return;
    case 'cancel':
      if (activeLoad?.loadId === message.loadId) {
        if (message.keepsWhatWasRead) activeLoad.isStopRequested = true;
        else {
          activeLoad.isCancelled = true;
          currentLog = activeLoad.fallbackLog;
        }
        activeLoad.stopReading?.();
      }
      return;
    case 'query':
      answer(message.requestId, message.query);
      return;
    case 'open-workspace':
      startScan(message);
      return;
    case 'cancel-workspace':
      if (activeScan?.workspaceId === message.workspaceId) activeScan.isCancelled = true;
      return;
    case 'search-workspace':
      startWorkspaceSearch(message);
      return;
    case 'cancel-workspace-search':
      if (activeWorkspaceSearch?.searchId === message.searchId) activeWorkspaceSearch.isCancelled = true;
      return;
    default:
      assertNever(message, 'message');
  }
});

/** Sharing: about a source's bytes, not the open log; the export's file is a Blob (passed by reference). */
function answerShareQuery(
  requestId: number,
  query: Extract<Query, { kind: 'share-scan' | 'share-export' }>,
  held: typeof workspace,
): void {
  const fail = (error: unknown) => post({ type: 'query-failed', requestId, message: describeError(error) });
  // The decoder's fast zstd path reads the source's frames too (fzstd is 3-4x slower).
  void decoderOptionsReady.then(({ fastDecompress = null }) =>
    (query.kind === 'share-scan'
      ? answerShareScan(query.request, held, yieldToEventLoop, fastDecompress)
      : answerShareExport(query.request, held, yieldToEventLoop, fastDecompress)
    ).then((result) => post({ type: 'result', requestId, result }), fail),
  );
}
