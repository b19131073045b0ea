// Tests of the worker's text index build (in slices) and of the text-search answers: waiting for the
// log and the index, replacing older searches, transferring the seqs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogFollower, buildTextIndex, searchTextIndex, type OpenedLog } from '../log/index.ts';
import { appendBoundaries } from '../log/testing/append-boundaries.ts';
import { LogScript } from '../log/testing/event-builders.ts';
import { FIXTURES_DIR } from '../log/testing/make-decoder-fixtures.ts';
import type { WorkerToMain } from './protocol.ts';
import { startTextIndexing, type TextIndexState } from './text-indexing.ts';
import { createTextSearchService } from './text-search.ts';
import { WORK_SLICE_MS } from './work-slices.ts';

function bigLog(messages: number): OpenedLog {
  const script = new LogScript();
  for (let i = 0; i < messages; i++)
    script.userMessage(`u${i}`, i % 1000 === 7 ? `rare needle ${i}` : `message ${i}`);
  return script.build();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('startTextIndexing', () => {
  it(`indexes for about ${WORK_SLICE_MS} ms, yields, reports progress, and ends with the whole index`, async () => {
    const log = bigLog(5_000);
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += WORK_SLICE_MS / 2 + 1));
    const seen: TextIndexState[] = [];
    const job = startTextIndexing(log, () =>
      Promise.resolve().then(() => {
        seen.push(job.status());
      }),
    );
    const index = await job.ready;
    expect(seen.length).toBeGreaterThan(1);
    const progress = seen.map((state) => (state.state === 'indexing' ? state.progress : NaN));
    // The first slice waits for a yield too: queued queries go first.
    expect(progress[0]).toBe(0);
    expect(progress.slice(1).every((value) => value > 0 && value < 1)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(index).toEqual(buildTextIndex(log));
    expect(job.status()).toMatchObject({ state: 'ready', documents: 5_000 });
  });

  it('stops at its next yield once cancelled, and says so', async () => {
    const log = bigLog(5_000);
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += WORK_SLICE_MS));
    let yields = 0;
    const job = startTextIndexing(log, () =>
      Promise.resolve().then(() => {
        yields += 1;
        if (yields === 2) job.cancel();
      }),
    );
    await expect(job.ready).rejects.toThrow(/replaced/);
    expect(yields).toBe(2);
    expect(job.status().state).toBe('failed');
  });
});

describe('createTextSearchService', () => {
  function setUp(log: OpenedLog | null) {
    const posted: { message: WorkerToMain; transfer: Transferable[] }[] = [];
    let current = log;
    const service = createTextSearchService({
      post: (message, transfer = []) => posted.push({ message, transfer }),
      yieldToEventLoop: () => Promise.resolve(),
      currentLog: () => current,
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return {
      service,
      posted,
      settle,
      setCurrent: (next: OpenedLog | null) => (current = next),
    };
  }

  it('answers every match, transferring the seqs, once the index is built', async () => {
    const log = bigLog(3_000);
    const { service, posted, settle } = setUp(log);
    service.answer(1, { kind: 'text-search', text: 'RARE NEEDLE' }, log, false);
    await settle();
    expect(posted).toHaveLength(1);
    const { message, transfer } = posted[0] as (typeof posted)[number];
    expect(message).toMatchObject({ type: 'result', requestId: 1 });
    const result = (message as Extract<WorkerToMain, { type: 'result' }>).result as { seqs: Int32Array };
    expect([...result.seqs]).toEqual([7, 1007, 2007]);
    expect(result.seqs).toEqual(searchTextIndex(buildTextIndex(log), 'rare needle'));
    expect(transfer).toEqual([result.seqs.buffer]);
  });

  it('keeps a search that comes while the log is read until it is, the newest one only', async () => {
    const log = bigLog(50);
    const { service, posted, settle } = setUp(log);
    service.answer(1, { kind: 'text-index-status' }, log, true);
    service.answer(2, { kind: 'text-search', text: 'message 4' }, log, true);
    service.answer(3, { kind: 'text-search', text: 'message 1' }, log, true);
    await settle();
    expect(posted.map(({ message }) => message)).toEqual([
      { type: 'result', requestId: 1, result: { state: 'waiting-for-log' } },
      { type: 'query-failed', requestId: 2, message: 'Replaced by a newer search.' },
    ]);
    service.onLogRead(log);
    await settle();
    expect(posted).toHaveLength(3);
    const answer = posted[2]?.message as Extract<WorkerToMain, { type: 'result' }>;
    expect(answer.requestId).toBe(3);
    expect([...(answer.result as { seqs: Int32Array }).seqs]).toEqual([
      1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
  });

  it('fails a waiting search when the load ends without a log', async () => {
    const log = bigLog(5);
    const { service, posted, settle, setCurrent } = setUp(log);
    service.answer(1, { kind: 'text-search', text: 'message' }, log, true);
    setCurrent(null);
    service.onLoadEnded();
    await settle();
    expect(posted.map(({ message }) => message)).toEqual([
      { type: 'query-failed', requestId: 1, message: 'No log is open.' },
    ]);
  });

  it('fails the searches of a load another load replaced, and stops building the index it no longer needs', async () => {
    const first = bigLog(3_000);
    const { service, posted, settle } = setUp(first);
    service.answer(1, { kind: 'text-index-status' }, first, false);
    service.answer(2, { kind: 'text-search', text: 'message' }, first, true);
    service.onLoadStarted();
    await settle();
    expect(posted.map(({ message }) => message)).toEqual([
      { type: 'result', requestId: 1, result: { state: 'indexing', progress: 0 } },
      { type: 'query-failed', requestId: 2, message: 'Replaced by another log.' },
    ]);
    // The log stays open (the new load failed): a status starts its index again.
    service.answer(3, { kind: 'text-index-status' }, first, false);
    expect(posted.at(-1)?.message).toEqual({
      type: 'result',
      requestId: 3,
      result: { state: 'indexing', progress: 0 },
    });
  });

  it('reports the build until it is ready, then what the index holds', async () => {
    const log = bigLog(20);
    const { service, posted, settle } = setUp(log);
    service.answer(1, { kind: 'text-index-status' }, log, false);
    await settle();
    service.answer(2, { kind: 'text-index-status' }, log, false);
    const states = posted.map(({ message }) => (message as { result: TextIndexState }).result.state);
    expect(states).toEqual(['indexing', 'ready']);
  });

  it('gives the built index of the log it was built for only, and none once another load starts', async () => {
    const log = bigLog(30);
    const other = bigLog(3);
    const { service, settle } = setUp(log);
    service.onLogRead(log);
    expect(service.builtIndexOf(log)).toBeNull();
    await settle();
    expect(service.builtIndexOf(log)).toEqual(buildTextIndex(log));
    expect(service.builtIndexOf(other)).toBeNull();
    service.onLoadStarted();
    expect(service.builtIndexOf(log)).toBeNull();
  });

  it('answers from an adopted index without building one, and tells who asked when it built one', async () => {
    const log = bigLog(30);
    const built: OpenedLog[] = [];
    const posted: WorkerToMain[] = [];
    const service = createTextSearchService({
      post: (message) => posted.push(message),
      yieldToEventLoop: () => Promise.resolve(),
      currentLog: () => log,
      onIndexBuilt: (indexed) => built.push(indexed),
    });
    const index = buildTextIndex(log);
    service.adoptIndex(log, index);
    expect(service.builtIndexOf(log)).toBe(index);
    service.answer(1, { kind: 'text-index-status' }, log, false);
    expect(posted.at(-1)).toMatchObject({ result: { state: 'ready', buildMs: 0 } });
    service.answer(2, { kind: 'text-search', text: 'message 2' }, log, false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((posted.at(-1) as { result: { seqs: Int32Array } }).result.seqs).toEqual(
      searchTextIndex(index, 'message 2'),
    );
    expect(built).toEqual([]);
    const other = bigLog(3);
    service.onLogRead(other);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(built).toEqual([other]);
  });

  it('extends the index of a followed log as it grows, and answers a search made before an append', async () => {
    const bytes = readFileSync(join(FIXTURES_DIR, 'long-conversation.jsonl'));
    const ends = appendBoundaries(bytes);
    const follower = new LogFollower();
    follower.append(bytes.subarray(0, ends[12]));
    const first = follower.log;
    const { service, posted, settle, setCurrent } = setUp(first);
    service.onLogRead(first);
    await settle();
    const documentsOf = (requestId: number, log: OpenedLog) => {
      service.answer(requestId, { kind: 'text-index-status' }, log, false);
      return (posted.at(-1)?.message as { result: { documents?: number } }).result.documents ?? -1;
    };
    const before = documentsOf(1, first);
    expect(before).toBeGreaterThan(0);
    // A search about the first state, then an append before it is answered: still answered.
    service.answer(2, { kind: 'text-search', text: 'turn/start' }, first, false);
    follower.append(bytes.subarray(ends[12]));
    const grown = follower.log;
    setCurrent(grown);
    service.onLogGrew(grown);
    await settle();
    const answer = posted.find(({ message }) => 'requestId' in message && message.requestId === 2)?.message;
    expect(answer).toMatchObject({ type: 'result' });
    expect((answer as { result: { seqs: Int32Array } }).result.seqs).toEqual(
      searchTextIndex(buildTextIndex(first), 'turn/start'),
    );
    // The grown state: every search as a fresh index of it gives.
    for (const [requestId, text] of [
      [3, 'turn/start'],
      [4, 'assistant'],
    ] as const) {
      service.answer(requestId, { kind: 'text-search', text }, grown, false);
      await settle();
      expect((posted.at(-1)?.message as { result: { seqs: Int32Array } }).result.seqs).toEqual(
        searchTextIndex(buildTextIndex(grown), text),
      );
    }
    await settle();
    expect(documentsOf(5, grown)).toBeGreaterThan(before);
  });
});
