// A React hook that loads fixed-size blocks of a long list from the worker on demand and keeps the
// most recent ones in an LRU (event rows, problems). Only what is on screen is ever fetched.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LruCache } from './lru-cache.ts';

/** Blocks kept per list by default; with 256-item blocks this is ~16k items on the main thread at most. */
const CACHED_BLOCKS_MAX = 64;

/** What a pane uses: the item at an index (undefined while its block loads) and a range request. */
export interface BlockCache<T> {
  getItem(index: number): T | undefined;
  /** The items of block `block` (indexes `block * blockSize …`), the same array until it is refetched; undefined while loading. */
  getBlock(block: number): readonly T[] | undefined;
  /** Asks for every block overlapping `[start, end]` (indexes, inclusive). */
  ensureRange(start: number, end: number): void;
  /** Set when a block could not be loaded (message for people), else null. */
  error: string | null;
}

/**
 * `fetchBlock(start, count)` returns the items `start .. start+count)`; `resetKey` changes when the
 * underlying list changes (another log, more events loaded), which drops the cache. `cachedBlocksMax`
 * bounds how many blocks stay on the main thread.
 */
export function useBlockCache<T>(
  fetchBlock: (start: number, count: number) => Promise<T[]>,
  blockSize: number,
  resetKey: unknown,
  cachedBlocksMax: number = CACHED_BLOCKS_MAX,
): BlockCache<T> {
  const cacheRef = useRef(new LruCache<number, T[]>(cachedBlocksMax));
  const inFlightRef = useRef(new Set<number>());
  const resetKeyRef = useRef(resetKey);
  const [, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    resetKeyRef.current = resetKey;
    cacheRef.current.clear();
    inFlightRef.current.clear();
    setVersion((version) => version + 1);
  }, [resetKey]);

  const ensureRange = useCallback(
    (start: number, end: number) => {
      const firstBlock = Math.floor(Math.max(0, start) / blockSize);
      const lastBlock = Math.floor(Math.max(0, end) / blockSize);
      for (let block = firstBlock; block <= lastBlock; block++) {
        if (inFlightRef.current.has(block)) continue;
        // A block fetched while the log was still loading may be short: refetch when more is needed.
        const cached = cacheRef.current.get(block);
        const lastNeeded = Math.min(end, block * blockSize + blockSize - 1);
        if (cached && block * blockSize + cached.length > lastNeeded) continue;
        inFlightRef.current.add(block);
        const requestKey = resetKeyRef.current;
        fetchBlock(block * blockSize, blockSize).then(
          (items) => {
            if (requestKey !== resetKeyRef.current) return;
            inFlightRef.current.delete(block);
            cacheRef.current.set(block, items);
            setVersion((version) => version + 1);
          },
          (reason: unknown) => {
            if (requestKey !== resetKeyRef.current) return;
            inFlightRef.current.delete(block);
            setError(reason instanceof Error ? reason.message : String(reason));
          },
        );
      }
    },
    [blockSize, fetchBlock],
  );

  const getItem = useCallback(
    (index: number) => cacheRef.current.get(Math.floor(index / blockSize))?.[index % blockSize],
    [blockSize],
  );

  const getBlock = useCallback((block: number) => cacheRef.current.get(block), []);

  return { getItem, getBlock, ensureRange, error };
}
