// The model view's data on the main thread: the worker's model views and message bodies, cached,
// fetched one model view at a time (the newest wanted seq wins). The store asks it to *prepare* a seq
// before moving the cursor there, so every pane moves in the same render as a model view that is
// already complete (its newest message bodies included): no frame shows panes at different seqs,
// and the model view never waits behind the other panes' render and layout.

import { packedMessageCount, type ModelMessageDetail, type PackedModelView } from '../log/index.ts';
import type { LogClient } from '../worker/client.ts';
import { LruCache } from './lru-cache.ts';

/** How a `prepare` ended: its data is cached, a newer `prepare` replaced it, or the worker failed. */
export type PrepareOutcome = 'ready' | 'superseded' | 'unavailable';

/** The model views a pane shows, and what a cursor move prepares (store/cursor/cursor-slice.ts). */
export interface ModelViewFeed {
  /**
   * Fetches the view at `seq` and its tail bodies: 'ready' at once when they are cached, else a
   * promise. The newest call wins: an older one ends 'superseded', and only the newest can end 'ready'.
   */
  prepare: (seq: number) => PrepareOutcome | Promise<PrepareOutcome>;
  /** Forgets everything cached: a new log (or a finished load) changes what each seq shows. */
  reset: () => void;
  /** The model view at `seq`, if cached. */
  view: (seq: number) => PackedModelView | undefined;
  /** A message body, if cached. */
  body: (seq: number) => ModelMessageDetail | undefined;
  /** The last worker failure's message, or null (cleared by the next answer). */
  error: () => string | null;
  /** Asks for the view at `seq` (a pane showing it), after any prepared seq; never supersedes a prepare. */
  show: (seq: number) => void;
  /** Asks for the bodies not cached yet (what a pane scrolled into view). */
  requestBodies: (seqs: readonly number[]) => void;
  /** Called after anything new is cached or failed; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** Changes whenever `subscribe` listeners are called (for useSyncExternalStore). */
  version: () => number;
}

export interface ModelViewFeedOptions {
  /** Bodies of the newest messages a prepare fetches too: what the pane shows pinned to the bottom,
   * with its overscan, so a move lands without placeholder cards to fill in a frame later. */
  tailBodies: number;
  viewsCached?: number;
  bodiesCached?: number;
}

const VIEWS_CACHED = 64;
const BODIES_CACHED = 4_000;

interface Waiter {
  seq: number;
  settle: (outcome: PrepareOutcome) => void;
}

export function createModelViewFeed(client: LogClient, options: ModelViewFeedOptions): ModelViewFeed {
  const views = new LruCache<number, PackedModelView>(options.viewsCached ?? VIEWS_CACHED);
  const bodies = new LruCache<number, ModelMessageDetail>(options.bodiesCached ?? BODIES_CACHED);
  const tailCount = options.tailBodies;
  const listeners = new Set<() => void>();
  /** Bumped by reset(): answers to queries asked before it are dropped. */
  let epoch = 0;
  let changes = 0;
  let lastError: string | null = null;
  /** The prepared seq and whoever waits for it (at most one seq: the newest wins). */
  let waiter: Waiter | null = null;
  /** The seq a pane shows; fetched after the prepared one. */
  let shown: number | null = null;
  let viewInFlight: number | null = null;
  const bodiesInFlight = new Set<number>();

  function notify(): void {
    changes += 1;
    for (const listener of [...listeners]) listener();
  }

  function settle(outcome: PrepareOutcome): void {
    const current = waiter;
    waiter = null;
    current?.settle(outcome);
  }

  /** The seqs of the newest messages of a view, whose bodies a prepare waits for. */
  function tailSeqs(view: PackedModelView): number[] {
    const count = packedMessageCount(view);
    return tailCount > 0 ? Array.from(view.seqs.subarray(Math.max(0, count - tailCount))) : [];
  }

  /** The view at `seq` and its tail bodies, in one round trip. */
  function fetchView(seq: number): void {
    viewInFlight = seq;
    const askedIn = epoch;
    client.query({ kind: 'model-view', seq, tailBodies: tailCount }).then(
      ({ view, tailBodies }) => {
        if (askedIn !== epoch) return;
        viewInFlight = null;
        lastError = null;
        views.set(seq, view);
        for (const detail of tailBodies) bodies.set(detail.seq, detail);
        // A prepared move lands now and renders what it reads from the cache: no render before it.
        // Unless a pane already shows this seq (the hold timer landed the move before its view came):
        // then the landing changes nothing and only this notification renders the view.
        if (waiter?.seq !== seq || shown === seq) notify();
        pump();
      },
      (reason: unknown) => {
        if (askedIn !== epoch) return;
        viewInFlight = null;
        lastError = reason instanceof Error ? reason.message : String(reason);
        if (waiter?.seq === seq) settle('unavailable');
        if (shown === seq) shown = null;
        notify();
        pump();
      },
    );
  }

  function fetchBodies(seqs: readonly number[]): void {
    const missing = seqs.filter((seq) => bodies.get(seq) === undefined && !bodiesInFlight.has(seq));
    if (missing.length === 0) return;
    for (const seq of missing) bodiesInFlight.add(seq);
    const askedIn = epoch;
    client.query({ kind: 'messages', seqs: missing }).then(
      (details) => {
        if (askedIn !== epoch) return;
        for (const detail of details) bodies.set(detail.seq, detail);
        for (const seq of missing) bodiesInFlight.delete(seq);
        notify();
        pump();
      },
      () => {
        if (askedIn !== epoch) return;
        for (const seq of missing) bodiesInFlight.delete(seq);
        // The pane shows placeholders and asks again when it scrolls; a prepare does not wait for them.
        if (waiter !== null && waiter.seq === seqWaitingFor(missing)) settle('unavailable');
        notify();
      },
    );
  }

  /** The prepared seq when `missing` holds one of its tail bodies, else null. */
  function seqWaitingFor(missing: readonly number[]): number | null {
    if (waiter === null) return null;
    const view = views.get(waiter.seq);
    if (!view) return null;
    const tail = new Set(tailSeqs(view));
    return missing.some((seq) => tail.has(seq)) ? waiter.seq : null;
  }

  /** One step of work: the prepared seq's view, then its tail bodies, then the shown seq's view. */
  function pump(): void {
    if (waiter !== null) {
      const view = views.get(waiter.seq);
      if (!view) {
        if (viewInFlight === null) fetchView(waiter.seq);
        return;
      }
      const tail = tailSeqs(view);
      const missing = tail.filter((seq) => bodies.get(seq) === undefined);
      if (missing.length === 0) {
        settle('ready');
      } else {
        fetchBodies(missing);
        return;
      }
    }
    if (shown !== null && views.get(shown) === undefined && viewInFlight === null) fetchView(shown);
  }

  return {
    prepare(seq) {
      if (waiter?.seq !== seq) settle('superseded');
      const view = views.get(seq);
      if (view && tailSeqs(view).every((tail) => bodies.get(tail) !== undefined)) return 'ready';
      return new Promise<PrepareOutcome>((resolve) => {
        const previous = waiter;
        waiter = {
          seq,
          settle: (outcome) => {
            previous?.settle(outcome);
            resolve(outcome);
          },
        };
        pump();
      });
    },
    reset() {
      epoch += 1;
      views.clear();
      bodies.clear();
      bodiesInFlight.clear();
      viewInFlight = null;
      shown = null;
      lastError = null;
      // Whoever waits moves on: there is nothing of the old log left to wait for.
      settle('unavailable');
      notify();
    },
    view: (seq) => views.get(seq),
    body: (seq) => bodies.get(seq),
    error: () => lastError,
    show(seq) {
      shown = seq;
      pump();
    },
    requestBodies: fetchBodies,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => changes,
  };
}
