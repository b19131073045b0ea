// Tests of the worker's kept workspace logs: least recently used first out, by count and by bytes.
import { describe, expect, it } from 'vitest';
import type { OpenedLog, TextIndex } from '../log/index.ts';
import { KeptLogs, type KeptLog } from './kept-logs.ts';
import type { LogSummary } from './protocol.ts';

/** A kept entry of `bytes`; the log and summary are opaque to the LRU (it never reads them). */
function entry(bytes: number, log = {} as OpenedLog): KeptLog {
  return { log, summary: {} as LogSummary, verdicts: null, index: null, bytes };
}

describe('KeptLogs', () => {
  it('keeps a kept log’s text index with it, counting its bytes, and only for that very log', () => {
    const kept = new KeptLogs(3, 100);
    const log = {} as OpenedLog;
    kept.keep('a', entry(30));
    kept.keep('b', entry(30, log));
    const index = { retainedBytes: 50 } as TextIndex;
    // Another log of the same id (a stale one) gets nothing.
    kept.setIndex('b', {} as OpenedLog, index);
    expect(kept.take('b')?.index).toBeNull();
    kept.setIndex('b', log, index);
    expect(kept.take('b')?.index).toBe(index);
    // 30 + 30 + 50 is over the budget: the least recently used (a) is let go.
    expect(kept.ids()).toEqual(['b']);
    expect(kept.bytes).toBe(80);
  });

  it('lets the least recently used go past the count bound; a take refreshes', () => {
    const kept = new KeptLogs(3, 1_000);
    kept.keep('a', entry(1));
    kept.keep('b', entry(1));
    kept.keep('c', entry(1));
    expect(kept.take('a')).toBeDefined();
    kept.keep('d', entry(1));
    expect(kept.ids()).toEqual(['c', 'a', 'd']);
    expect(kept.take('b')).toBeUndefined();
  });

  it('keeps the total under the byte budget and never keeps a log larger than it', () => {
    const kept = new KeptLogs(10, 100);
    kept.keep('a', entry(40));
    kept.keep('b', entry(40));
    kept.keep('c', entry(40));
    expect(kept.ids()).toEqual(['b', 'c']);
    expect(kept.bytes).toBe(80);
    kept.keep('huge', entry(101));
    expect(kept.ids()).toEqual(['b', 'c']);
    // Keeping an id again replaces it (its bytes counted once).
    kept.keep('b', entry(10));
    expect(kept.ids()).toEqual(['c', 'b']);
    expect(kept.bytes).toBe(50);
    kept.clear();
    expect(kept.ids()).toEqual([]);
    expect(kept.bytes).toBe(0);
  });

  it('adds verdicts only to the log it kept under that id', () => {
    const kept = new KeptLogs();
    const first = entry(1);
    kept.keep('a', first);
    kept.setVerdicts('a', {} as OpenedLog, {} as never);
    expect(kept.take('a')?.verdicts).toBeNull();
    kept.setVerdicts('a', first.log, { generation: 4 } as never);
    expect(kept.take('a')?.verdicts).toEqual({ generation: 4 });
  });
});
