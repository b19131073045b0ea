// Fixed-size blocks of a long list (event rows, problems) fetched from the worker on demand and kept
// in an LRU, without React: the store prepares the rows around a cursor target before the cursor
// moves there, and panes read the same cache through useBlockCache.
import type { PrepareOutcome } from './model-view-feed.ts';
import { LruCache } from './lru-cache.ts';

export interface BlockFeed<T> {
  /** The item at `index`, undefined while its block loads. */
  getItem: (index: number) => T | undefined;
  /** The items of block `block` (indexes `block * blockSize …`), the same array until refetched; undefined while loading. */
  getBlock: (block: number) => readonly T[] | undefined;
  /** Asks for every block overlapping `[start, end]` (indexes, inclusive) that is not cached. */
  ensureRange: (start: number, end: number) => void;
  /**
   * Asks for the blocks overlapping `[start, end]` and tells when they are all cached: 'ready' at
   * once if they are, else a promise ('unavailable' when one failed).
   */
  prepareRange: (start: number, end: number) => PrepareOutcome | Promise<PrepareOutcome>;
  /**
   * Caches items the worker sent unasked, `items[0]` being index `start` (a block multiple): the first
   * rows of a log come with its first summary. A block already cached or being fetched is kept.
   */
  seed: (start: number, items: readonly T[]) => void;
  /**
   * Caches items that follow the list's end (a followed log's new rows), `items[0]` being index
   * `start`, at any offset: they join the cached block they continue (a short last block), and fill
   * the blocks after it they start. A block being fetched, or cached without the items before
   * `start`, is left to its fetch.
   */
  extend: (start: number, items: readonly T[]) => void;
  /** The last failure's message (for people), or null. */
  error: () => string | null;
  /** Drops every block: the list changed (another log, or more of it loaded). */
  reset: () => void;
  subscribe: (listener: () => void) => () => void;
  /** Changes whenever listeners are called (for useSyncExternalStore). */
  version: () => number;
}

export function createBlockFeed<T>(
  fetchBlock: (start: number, count: number) => Promise<T[]>,
  blockSize: number,
  cachedBlocksMax: number,
): BlockFeed<T> {
  const cache = new LruCache<number, T[]>(cachedBlocksMax);
  /** Each block being fetched, settling true when it is cached, false when it failed. */
  const inFlight = new Map<number, Promise<boolean>>();
  const listeners = new Set<() => void>();
  let epoch = 0;
  let changes = 0;
  let lastError: string | null = null;

  function notify(): void {
    changes += 1;
    for (const listener of [...listeners]) listener();
  }

  /** Whether block `block` is cached with every item up to `lastNeeded` (a block fetched while the
   * log was still loading may be short, and is fetched again when more of it is needed). */
  function isCached(block: number, lastNeeded: number): boolean {
    const cached = cache.get(block);
    return cached !== undefined && block * blockSize + cached.length > lastNeeded;
  }

  /** Fetches blocks `first … last` (all missing) in one request and caches each; true when cached. */
  function fetchRun(first: number, last: number): Promise<boolean> {
    const askedIn = epoch;
    const fetched = fetchBlock(first * blockSize, (last - first + 1) * blockSize).then(
      (items) => {
        if (askedIn !== epoch) return false;
        for (let block = first; block <= last; block++) {
          inFlight.delete(block);
          const offset = (block - first) * blockSize;
          // A short answer (the end of a log still loading) caches what there is.
          if (offset < items.length || block === first)
            cache.set(block, items.slice(offset, offset + blockSize));
        }
        notify();
        return true;
      },
      (reason: unknown) => {
        if (askedIn !== epoch) return false;
        for (let block = first; block <= last; block++) inFlight.delete(block);
        lastError = reason instanceof Error ? reason.message : String(reason);
        notify();
        return false;
      },
    );
    for (let block = first; block <= last; block++) inFlight.set(block, fetched);
    return fetched;
  }

  /** The fetches the range still needs: each block at most once in flight, and each run of missing
   * neighbouring blocks in one request (one message and one notification instead of one per block). */
  function fetchRange(start: number, end: number): Promise<boolean>[] {
    const pending = new Set<Promise<boolean>>();
    const firstBlock = Math.floor(Math.max(0, start) / blockSize);
    const lastBlock = Math.floor(Math.max(0, end) / blockSize);
    let runStart: number | null = null;
    for (let block = firstBlock; block <= lastBlock + 1; block++) {
      const running = block <= lastBlock ? inFlight.get(block) : undefined;
      if (running) pending.add(running);
      const isMissing =
        block <= lastBlock &&
        running === undefined &&
        !isCached(block, Math.min(end, block * blockSize + blockSize - 1));
      if (isMissing && runStart === null) runStart = block;
      if (!isMissing && runStart !== null) {
        pending.add(fetchRun(runStart, block - 1));
        runStart = null;
      }
    }
    return [...pending];
  }

  return {
    getItem: (index) => cache.get(Math.floor(index / blockSize))?.[index % blockSize],
    getBlock: (block) => cache.get(block),
    ensureRange(start, end) {
      // Failures are kept in error(); nobody waits here.
      void Promise.all(fetchRange(start, end));
    },
    prepareRange(start, end) {
      const pending = fetchRange(start, end);
      if (pending.length === 0) return 'ready';
      return Promise.all(pending).then((results) => (results.every(Boolean) ? 'ready' : 'unavailable'));
    },
    seed(start, items) {
      if (start % blockSize !== 0) return;
      let isAdded = false;
      for (let offset = 0; offset < items.length; offset += blockSize) {
        const block = (start + offset) / blockSize;
        if (cache.get(block) !== undefined || inFlight.has(block)) continue;
        cache.set(block, items.slice(offset, offset + blockSize));
        isAdded = true;
      }
      if (isAdded) notify();
    },
    extend(start, items) {
      const end = start + items.length;
      let isAdded = false;
      for (let block = Math.floor(Math.max(0, start) / blockSize); block * blockSize < end; block++) {
        if (inFlight.has(block)) continue;
        const cached = cache.get(block);
        // The block holds indexes blockStart … cachedEnd - 1: the items continue it from there.
        const cachedEnd = block * blockSize + (cached?.length ?? 0);
        if (cachedEnd < start) continue; // a gap: rows nobody fetched
        const fresh = items.slice(cachedEnd - start, Math.min(end, (block + 1) * blockSize) - start);
        if (fresh.length === 0) continue;
        cache.set(block, cached === undefined ? fresh : [...cached, ...fresh]);
        isAdded = true;
      }
      if (isAdded) notify();
    },
    error: () => lastError,
    reset() {
      epoch += 1;
      cache.clear();
      inFlight.clear();
      lastError = null;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => changes,
  };
}
