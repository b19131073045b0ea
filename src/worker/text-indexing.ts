// Building a log's text index in the worker once the log is read: in slices of WORK_SLICE_MS with
// the event loop in between, so the model view, rows, the format verdicts and searches are answered
// while it runs. A search that comes before the index is ready waits for it (text-search.ts says why).
import {
  createTextIndexBuilder,
  type GrowingTextIndex,
  type OpenedLog,
  type TextIndex,
} from '../log/index.ts';
import { WORK_SLICE_MS, type YieldToEventLoop } from './work-slices.ts';

/** Events indexed between looks at the clock (a small part of a slice on the bench log). */
const INDEX_STEP_EVENTS = 1_024;

/** Where the index of one log is. */
export type TextIndexState =
  | { state: 'indexing'; progress: number }
  /** `documents`: entries of the index (a seq with text in and outside Latin-1 counts twice). */
  | { state: 'ready'; documents: number; retainedBytes: number; buildMs: number }
  | { state: 'failed'; message: string };

/** The index of one log, being built or built. */
export interface TextIndexJob {
  readonly log: OpenedLog;
  /** Resolves with the index; rejects when the build was cancelled (another log) or threw. */
  readonly ready: Promise<TextIndex>;
  status(): TextIndexState;
  /** Stops the build at its next slice (ready rejects). */
  cancel(): void;
}

/** What a build does in steps: `step` indexes up to n events and says whether it is done. */
interface IndexWork {
  step(events: number): boolean;
  finish(): TextIndex;
  progress(): number;
}

/**
 * Runs `work` in slices of WORK_SLICE_MS, each after the messages already queued (the page's first
 * queries about a log come right after 'loaded'); the one loop of both kinds of build below.
 */
function runIndexJob(log: OpenedLog, work: IndexWork, yieldToEventLoop: YieldToEventLoop): TextIndexJob {
  const startedAt = performance.now();
  let isCancelled = false;
  let state: TextIndexState = { state: 'indexing', progress: work.progress() };
  const run = async (): Promise<TextIndex> => {
    for (;;) {
      await yieldToEventLoop();
      if (isCancelled) throw new Error('The text index was replaced by another log’s.');
      const sliceStart = performance.now();
      let isDone = work.step(INDEX_STEP_EVENTS);
      while (!isDone && performance.now() - sliceStart < WORK_SLICE_MS) isDone = work.step(INDEX_STEP_EVENTS);
      if (isDone) break;
    }
    const index = work.finish();
    state = readyState(index, performance.now() - startedAt);
    return index;
  };
  const ready = run();
  ready.catch((error: unknown) => {
    state = { state: 'failed', message: error instanceof Error ? error.message : String(error) };
  });
  return {
    log,
    ready,
    status: () => (state.state === 'indexing' ? { state: 'indexing', progress: work.progress() } : state),
    cancel() {
      isCancelled = true;
    },
  };
}

/** Starts building the index of `log` (as it stands: a finished log, or the part read of a stopped load). */
export function startTextIndexing(log: OpenedLog, yieldToEventLoop: YieldToEventLoop): TextIndexJob {
  const builder = createTextIndexBuilder(log);
  const work: IndexWork = {
    step: (events) => builder.step(events),
    finish: () => builder.finish(),
    // The builder counts from 0 before its first step.
    progress: () => builder.progress,
  };
  return runIndexJob(log, work, yieldToEventLoop);
}

/**
 * The index of `log`, a state of a log still growing (a followed log), from `growth`, the index of
 * its store: the events it has not indexed yet are added in slices (all of them after a catch-up,
 * the last append's otherwise), then the snapshot of this state is taken.
 */
export function startGrowingTextIndexing(
  log: OpenedLog,
  growth: GrowingTextIndex,
  yieldToEventLoop: YieldToEventLoop,
): TextIndexJob {
  const work: IndexWork = {
    step: (events) => growth.advance(log, events),
    finish: () => growth.snapshot(log),
    progress: () => growth.progressOf(log),
  };
  return runIndexJob(log, work, yieldToEventLoop);
}

function readyState(index: TextIndex, buildMs: number): TextIndexState {
  return {
    state: 'ready',
    documents:
      index.latin1.docSeq.length +
      index.wide.docSeq.length +
      (index.tail === undefined ? 0 : index.tail.latin1.docSeq.length + index.tail.wide.docSeq.length),
    retainedBytes: index.retainedBytes,
    buildMs,
  };
}

/** A job whose index was built before (a kept session's, switched back to): ready at once, built in 0 ms. */
export function builtTextIndexJob(log: OpenedLog, index: TextIndex): TextIndexJob {
  const state = readyState(index, 0);
  return { log, ready: Promise.resolve(index), status: () => state, cancel() {} };
}
