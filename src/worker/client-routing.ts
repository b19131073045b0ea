// The main thread's side of the worker protocol: the callbacks a caller of the client gives (one
// load, one switch to a kept log, one workspace scan), what is in progress, and which callback
// hears each message of the worker. client.ts owns the Worker and posts; this file only routes.

import type { EventRow, FormatVerdicts } from '../log/index.ts';
import { assertNever } from '../log/index.ts';
import type { LoadFailure, LoadProgress, LogSummary, WorkerToMain } from './protocol.ts';
import type { WorkspaceProgress, WorkspaceSearchPart, WorkspaceSnapshot } from './workspace-protocol.ts';
import { applySnapshotPart } from './workspace-snapshot-parts.ts';

/** Callbacks of one load. Exactly one of `onLoaded` / `onFailed` is called, once, at the end. */
export interface LoadListener {
  onProgress(progress: LoadProgress): void;
  /** A partial summary while loading (first rows can be shown), then never after the end; the first
   * one comes with the log's first rows. */
  onSummary(summary: LogSummary, firstRows?: readonly EventRow[]): void;
  /** `keptSessions`: after a workspace session's load, the sessions the worker now keeps opened (a switch reopens them). */
  onLoaded(summary: LogSummary, progress: LoadProgress, keptSessions?: readonly string[]): void;
  /** After onLoaded: the format verdicts of the loaded log (they take a pass over its events). */
  onFormatVerdicts(verdicts: FormatVerdicts): void;
  onFailed(failure: LoadFailure): void;
  /** After onLoaded of a followed source: it grew, restarted or stopped (follow-load.ts). */
  onLive?(message: LiveMessage): void;
}

/** A 'live' message of the worker (protocol.ts). */
export type LiveMessage = Extract<WorkerToMain, { type: 'live' }>;

/** Callbacks of one switch to a kept log: one of them, once, with the sessions kept after it. */
export interface SwitchListener {
  /** `verdicts`: the kept log's format verdicts, when the worker derived them before the reader left it. */
  onSwitched(keptSessions: readonly string[], verdicts: FormatVerdicts | null): void;
  onMissed(keptSessions: readonly string[]): void;
  /**
   * After onSwitched without verdicts (the reader left the log before they came): the worker derives
   * them for the swapped-in log, and they arrive here, unless another load or switch came first.
   */
  onFormatVerdicts(verdicts: FormatVerdicts): void;
}

/** Callbacks of one workspace scan; after onFailed or a snapshot with isComplete, nothing more. */
export interface WorkspaceListener {
  onProgress(progress: WorkspaceProgress): void;
  onSnapshot(snapshot: WorkspaceSnapshot): void;
  onFailed(message: string): void;
}
/** A query waiting for its answer. */
interface PendingRequest {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** What the client has asked the worker and not yet heard the end of, with who hears of it. */
export interface ClientWork {
  /** Queries by request id. */
  pending: Map<number, PendingRequest>;
  /** The load in progress; `turnParts` collects the final summary's leading turns ('turns' messages). */
  currentLoad: { loadId: number; listener: LoadListener; turnParts: LogSummary['turns'][] } | null;
  /** The last load that finished: its format verdicts and live messages follow 'loaded'. */
  loadedLoad: { loadId: number; listener: LoadListener } | null;
  /** The last switch answered 'switched': the verdicts derived after it are its (see SwitchListener). */
  switchedLoad: { loadId: number; listener: SwitchListener } | null;
  /** The newest switch; the answer of a replaced one is ignored. */
  currentSwitch: { loadId: number; listener: SwitchListener } | null;
  /** `snapshot`: the rows assembled from the scan's parts so far (workspace-snapshot-parts.ts). */
  currentScan: { workspaceId: number; listener: WorkspaceListener; snapshot?: WorkspaceSnapshot } | null;
  currentSearch: { searchId: number; onPart: (part: WorkspaceSearchPart) => void } | null;
}

/** Nothing in progress. */
export function createClientWork(): ClientWork {
  return {
    pending: new Map(),
    currentLoad: null,
    loadedLoad: null,
    switchedLoad: null,
    currentSwitch: null,
    currentScan: null,
    currentSearch: null,
  };
}

/**
 * Hands one worker message to whoever waits for it: a query's promise, the listener of the load,
 * switch, scan or search it belongs to (by id; a replaced one's messages are dropped), and ends
 * that piece of work when the message is its last.
 */
export function routeWorkerMessage(work: ClientWork, message: WorkerToMain): void {
  switch (message.type) {
    case 'result': {
      const request = work.pending.get(message.requestId);
      work.pending.delete(message.requestId);
      request?.resolve(message.result);
      return;
    }
    case 'query-failed': {
      const request = work.pending.get(message.requestId);
      work.pending.delete(message.requestId);
      request?.reject(new Error(message.message));
      return;
    }
    case 'progress':
      if (work.currentLoad?.loadId === message.loadId) work.currentLoad.listener.onProgress(message.progress);
      return;
    case 'summary':
      if (work.currentLoad?.loadId === message.loadId)
        work.currentLoad.listener.onSummary(message.summary, message.firstRows);
      return;
    case 'turns':
      if (work.currentLoad?.loadId === message.loadId) work.currentLoad.turnParts.push(message.turns);
      return;
    case 'loaded':
      if (work.currentLoad?.loadId === message.loadId) {
        const { listener, turnParts } = work.currentLoad;
        work.currentLoad = null;
        work.loadedLoad = { loadId: message.loadId, listener };
        const summary =
          turnParts.length === 0
            ? message.summary
            : { ...message.summary, turns: [...turnParts.flat(), ...message.summary.turns] };
        listener.onLoaded(summary, message.progress, message.keptSessions);
      }
      return;
    case 'switched':
    case 'switch-missed':
      if (work.currentSwitch?.loadId === message.loadId) {
        const { listener } = work.currentSwitch;
        work.currentSwitch = null;
        if (message.type === 'switched') {
          work.switchedLoad = { loadId: message.loadId, listener };
          listener.onSwitched(message.keptSessions, message.verdicts);
        } else listener.onMissed(message.keptSessions);
      }
      return;
    case 'live':
      if (work.loadedLoad?.loadId === message.loadId) work.loadedLoad.listener.onLive?.(message);
      return;
    case 'format-verdicts':
      if (work.loadedLoad?.loadId === message.loadId)
        work.loadedLoad.listener.onFormatVerdicts(message.verdicts);
      else if (work.switchedLoad?.loadId === message.loadId)
        work.switchedLoad.listener.onFormatVerdicts(message.verdicts);
      return;
    case 'load-failed':
      if (work.currentLoad?.loadId === message.loadId) {
        const { listener } = work.currentLoad;
        work.currentLoad = null;
        listener.onFailed(message.failure);
      }
      return;
    case 'workspace-progress':
      if (work.currentScan?.workspaceId === message.workspaceId)
        work.currentScan.listener.onProgress(message.progress);
      return;
    case 'workspace-snapshot':
      if (work.currentScan?.workspaceId === message.workspaceId) {
        const scan = work.currentScan;
        const snapshot = applySnapshotPart(scan.snapshot ?? null, message.part);
        scan.snapshot = snapshot;
        if (snapshot.isComplete) work.currentScan = null;
        scan.listener.onSnapshot(snapshot);
      }
      return;
    case 'workspace-search':
      if (work.currentSearch?.searchId === message.searchId) {
        const { onPart } = work.currentSearch;
        if (message.part.isComplete) work.currentSearch = null;
        onPart(message.part);
      }
      return;
    case 'workspace-failed':
      if (work.currentScan?.workspaceId === message.workspaceId) {
        const { listener } = work.currentScan;
        work.currentScan = null;
        listener.onFailed(message.message);
      }
      return;
    default:
      assertNever(message, 'worker message');
  }
}
