// React access to a block feed (src/store/block-feed.ts): either one the store owns (the event rows,
// which cursor moves prepare) or one per component (the problems list).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createBlockFeed, type BlockFeed } from './block-feed.ts';

/** Blocks kept per list by default; with 256-item blocks this is ~16k items on the main thread at most. */
const CACHED_BLOCKS_MAX = 64;

/** What a pane uses: a block's items (undefined while it loads) and range requests. */
export interface BlockCache<T> {
  /** The item at `index`, undefined while its block loads. */
  getItem(index: number): T | undefined;
  /** The items of block `block` (indexes `block * blockSize …`), the same array until it is refetched; undefined while loading. */
  getBlock(block: number): readonly T[] | undefined;
  /** Asks for every block overlapping `[start, end]` (indexes, inclusive). */
  ensureRange(start: number, end: number): void;
  /** Set when a block could not be loaded (message for people), else null. */
  error: string | null;
}

/** Follows `feed`: re-renders when a block arrives or the feed is reset. */
export function useBlockFeed<T>(feed: BlockFeed<T>): BlockCache<T> {
  useSyncExternalStore(feed.subscribe, feed.version);
  return {
    getItem: feed.getItem,
    getBlock: feed.getBlock,
    ensureRange: feed.ensureRange,
    error: feed.error(),
  };
}

/**
 * A component's own block feed: `fetchBlock(start, count)` returns the items `start .. start+count)`;
 * `resetKey` changes when the underlying list changes (another log, more events loaded), which drops
 * the cache. `cachedBlocksMax` bounds how many blocks stay on the main thread.
 */
export function useBlockCache<T>(
  fetchBlock: (start: number, count: number) => Promise<T[]>,
  blockSize: number,
  resetKey: unknown,
  cachedBlocksMax: number = CACHED_BLOCKS_MAX,
): BlockCache<T> {
  const [feed] = useState(() => createBlockFeed(fetchBlock, blockSize, cachedBlocksMax));
  useEffect(() => {
    feed.reset();
  }, [feed, resetKey]);
  return useBlockFeed(feed);
}
