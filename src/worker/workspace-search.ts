// A search across every session of the open workspace, one session at a time: each is decoded, its
// text index built and searched in slices (so the open log's queries are answered meanwhile), its
// first hits kept, and the decoded log let go. Parts of the answer are posted as sessions finish.
import {
  decodeEntry,
  searchSessionSteps,
  type DecoderOptions,
  type OpenedLog,
  type TextIndex,
  type Workspace,
} from '../log/index.ts';
import type { WorkspaceSearchSession, WorkspaceToMain } from './workspace-protocol.ts';
import { runStepsInSlices, type YieldToEventLoop } from './work-slices.ts';

/** Hits kept per session (the total counts them all): a result list shows the first few of each. */
const WORKSPACE_SEARCH_HITS_MAX = 50;
/** Parts are posted at most this often, so 500 small sessions are not 500 messages. */
const PART_INTERVAL_MS = 150;

/** One search; the router sets `isCancelled` when a newer search, a cancel or another workspace replaces it. */
export interface ActiveWorkspaceSearch {
  searchId: number;
  isCancelled: boolean;
}

export interface WorkspaceSearchDependencies {
  post: (message: WorkspaceToMain) => void;
  decoderOptions: Promise<DecoderOptions>;
  yieldToEventLoop: YieldToEventLoop;
  /** A session the worker holds decoded already (the open log), with its text index when built. */
  openedLogOf?: (sessionId: string) => { log: OpenedLog; index: TextIndex | null } | null;
}

/**
 * Searches the sessions of `workspace` in list order for `text` and posts 'workspace-search' parts:
 * at least one, the last with isComplete; nothing once cancelled. A session that cannot be read is
 * a failure in its part, never the end of the search. Never rejects.
 */
export async function runWorkspaceSearch(
  search: ActiveWorkspaceSearch,
  workspace: Workspace,
  text: string,
  deps: WorkspaceSearchDependencies,
): Promise<void> {
  const sessions = workspace.sessions;
  const isCancelled = () => search.isCancelled;
  let pending: WorkspaceSearchSession[] = [];
  let lastPartAt = performance.now();
  const postPart = (done: number, isComplete: boolean) => {
    deps.post({
      type: 'workspace-search',
      searchId: search.searchId,
      part: { sessions: pending, done, total: sessions.length, isComplete },
    });
    pending = [];
    lastPartAt = performance.now();
  };
  const decoderOptions = await deps.decoderOptions;
  for (const [position, session] of sessions.entries()) {
    if (isCancelled()) return;
    const found = await searchOne(session.id, session.entry, text, decoderOptions, deps, isCancelled);
    if (isCancelled()) return;
    if (found !== null && (found.total > 0 || found.failure !== null)) pending.push(found);
    if (performance.now() - lastPartAt >= PART_INTERVAL_MS) postPart(position + 1, false);
    // Between sessions too: a run of small sessions is not one long task.
    await deps.yieldToEventLoop();
  }
  if (!isCancelled()) postPart(sessions.length, true);
}

/** One session's answer, or null when cancelled meanwhile. */
async function searchOne(
  sessionId: string,
  entry: Workspace['sessions'][number]['entry'],
  text: string,
  decoderOptions: DecoderOptions,
  deps: WorkspaceSearchDependencies,
  isCancelled: () => boolean,
): Promise<WorkspaceSearchSession | null> {
  const failed = (reason: string): WorkspaceSearchSession => ({
    sessionId,
    total: 0,
    hits: [],
    failure: reason,
  });
  const held = deps.openedLogOf?.(sessionId) ?? null;
  let log: OpenedLog;
  try {
    log = held?.log ?? (await decodeEntry(entry, decoderOptions));
  } catch (error) {
    return failed(`cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  if (isCancelled()) return null;
  try {
    const steps = searchSessionSteps(log, text, WORKSPACE_SEARCH_HITS_MAX, held?.index ?? undefined);
    const result = await runStepsInSlices(steps, deps.yieldToEventLoop, isCancelled);
    return result === null ? null : { sessionId, failure: null, ...result };
  } catch (error) {
    // A defect of ours on a hostile log: that session says so, the search goes on.
    return failed(`could not be searched (${error instanceof Error ? error.message : String(error)})`);
  }
}
