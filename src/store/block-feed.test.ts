// The block feed against a fetcher whose answers the test releases.
import { describe, expect, it } from 'vitest';
import { createBlockFeed } from './block-feed.ts';

function createHeldFetcher() {
  const asked: {
    start: number;
    count: number;
    answer: (items: number[]) => void;
    fail: (error: Error) => void;
  }[] = [];
  const fetchBlock = (start: number, count: number) =>
    new Promise<number[]>((answer, fail) => asked.push({ start, count, answer, fail }));
  /** Answers request `index` with the items start … start+length−1. */
  const answer = (index: number, length?: number) => {
    const request = asked[index]!;
    request.answer(Array.from({ length: length ?? request.count }, (_, offset) => request.start + offset));
  };
  return { asked, fetchBlock, answer };
}

describe('block feed', () => {
  it('prepares a range in one request and is ready at once when it is cached', async () => {
    const held = createHeldFetcher();
    const feed = createBlockFeed(held.fetchBlock, 4, 16);
    const first = feed.prepareRange(3, 9);
    // Blocks 0, 1 and 2 in one request; an overlapping range joins the request in flight.
    const second = feed.prepareRange(8, 9);
    expect(held.asked.map(({ start, count }) => [start, count])).toEqual([[0, 12]]);
    held.answer(0);
    expect(await first).toBe('ready');
    expect(await second).toBe('ready');
    expect(feed.prepareRange(0, 11)).toBe('ready');
    expect(feed.getItem(9)).toBe(9);
    expect(feed.getBlock(1)).toEqual([4, 5, 6, 7]);
  });

  it('asks for each run of missing blocks around the cached ones', async () => {
    const held = createHeldFetcher();
    const feed = createBlockFeed(held.fetchBlock, 4, 16);
    const middle = feed.prepareRange(8, 11);
    held.answer(0);
    expect(await middle).toBe('ready');
    const around = feed.prepareRange(0, 19);
    expect(held.asked.slice(1).map(({ start, count }) => [start, count])).toEqual([
      [0, 8],
      [12, 8],
    ]);
    held.answer(1);
    held.answer(2);
    expect(await around).toBe('ready');
    expect(feed.getBlock(4)).toEqual([16, 17, 18, 19]);
  });

  it('fetches a short block again when an item past its end is needed', async () => {
    const held = createHeldFetcher();
    const feed = createBlockFeed(held.fetchBlock, 4, 16);
    const short = feed.prepareRange(0, 1);
    held.answer(0, 2);
    expect(await short).toBe('ready');
    expect(feed.prepareRange(0, 1)).toBe('ready');
    const longer = feed.prepareRange(0, 3);
    held.answer(1);
    expect(await longer).toBe('ready');
    expect(held.asked).toHaveLength(2);
  });

  it('caches seeded items by block, keeps what is cached or in flight, and fetches past a short seed', () => {
    const held = createHeldFetcher();
    const feed = createBlockFeed(held.fetchBlock, 4, 16);
    let notified = 0;
    feed.subscribe(() => notified++);
    feed.ensureRange(8, 11); // block 2 in flight
    feed.seed(0, [0, 1, 2, 3, 4, 5, 6, 7, 80, 90]);
    expect(notified).toBe(1);
    expect(feed.getBlock(0)).toEqual([0, 1, 2, 3]);
    expect(feed.getBlock(1)).toEqual([4, 5, 6, 7]);
    expect(feed.getBlock(2)).toBeUndefined();
    expect(feed.prepareRange(0, 7)).toBe('ready');
    expect(held.asked).toHaveLength(1);
    // A short seeded block (a log still loading) is fetched again when an item past its end is needed.
    feed.seed(12, [12]);
    feed.ensureRange(12, 13);
    expect(held.asked.map(({ start, count }) => [start, count])).toEqual([
      [8, 4],
      [12, 4],
    ]);
    // Not at a block boundary: ignored.
    feed.seed(5, [5]);
    expect(feed.getItem(5)).toBe(5);
    expect(notified).toBe(2);
  });

  it('reports a failed block as unavailable and keeps the message', async () => {
    const held = createHeldFetcher();
    const feed = createBlockFeed(held.fetchBlock, 4, 16);
    const outcome = feed.prepareRange(0, 3);
    held.asked[0]!.fail(new Error('The log worker stopped.'));
    expect(await outcome).toBe('unavailable');
    expect(feed.error()).toBe('The log worker stopped.');
  });

  it('drops answers to requests made before a reset', async () => {
    const held = createHeldFetcher();
    const feed = createBlockFeed(held.fetchBlock, 4, 16);
    const outcome = feed.prepareRange(0, 3);
    feed.reset();
    held.answer(0);
    expect(await outcome).toBe('unavailable');
    expect(feed.getBlock(0)).toBeUndefined();
  });

  it('extends a short last block with rows that follow it and fills the blocks after, never over a gap', async () => {
    const held = createHeldFetcher();
    const feed = createBlockFeed(held.fetchBlock, 4, 16);
    // The list's end was at 6: block 1 is cached short (4, 5).
    const asked = feed.prepareRange(0, 5);
    held.answer(0, 6);
    expect(await asked).toBe('ready');
    let notified = 0;
    feed.subscribe(() => (notified += 1));
    feed.extend(6, [6, 7, 8, 9, 10]);
    expect(feed.getBlock(1)).toEqual([4, 5, 6, 7]);
    expect(feed.getBlock(2)).toEqual([8, 9, 10]);
    expect(notified).toBe(1);
    // Ready without a request: the rows came with the append.
    expect(feed.prepareRange(0, 10)).toBe('ready');
    expect(held.asked).toHaveLength(1);
    // A block of its own starts where its items start; rows that leave a gap (14) are left to a fetch.
    feed.extend(12, [12, 13]);
    expect(feed.getBlock(3)).toEqual([12, 13]);
    feed.extend(15, [15]);
    expect(feed.getBlock(3)).toEqual([12, 13]);
    // Items already cached stay as they are (the rows of events before the end do not change).
    feed.extend(9, [90, 100, 11]);
    expect(feed.getBlock(2)).toEqual([8, 9, 10, 11]);
    expect(notified).toBe(3);
  });

  it('leaves a block being fetched to its fetch when rows follow it', () => {
    const held = createHeldFetcher();
    const feed = createBlockFeed(held.fetchBlock, 4, 16);
    feed.ensureRange(4, 5);
    feed.extend(6, [6, 7]);
    expect(feed.getBlock(1)).toBeUndefined();
  });
});
