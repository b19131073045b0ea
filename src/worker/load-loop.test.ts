// Tests of the worker's load loop over real fixtures, with the worker around it replaced by recorders.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeLog, deriveFormatVerdicts, type DecoderOptions, type OpenedLog } from '../log/index.ts';
import { LoadError } from './load-failure.ts';
import { runLoad, type ActiveLoad, type LoadDependencies } from './load-loop.ts';
import { buildLogSummary } from './log-summary.ts';
import type { LoadSource, WorkerToMain } from './protocol.ts';
import type { OpenedSource } from './read-source.ts';
import { WORK_SLICE_MS } from './work-slices.ts';

const fixture = (path: string) => new Uint8Array(readFileSync(resolve(path)));
const SOURCE: LoadSource = { kind: 'url', url: 'https://example.test/log', name: 'log.jsonl' };

/** A reader over `bytes` in chunks of `chunkBytes`; `beforeChunk` runs as each chunk is read. */
function streamOf(bytes: Uint8Array, chunkBytes: number, beforeChunk: () => void = () => undefined) {
  let offset = 0;
  let isCancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.length) {
          controller.close();
          return;
        }
        beforeChunk();
        controller.enqueue(bytes.slice(offset, offset + chunkBytes));
        offset += chunkBytes;
      },
      cancel() {
        isCancelled = true;
      },
      // No read-ahead: a chunk is produced (and `beforeChunk` runs) only when the loop reads it.
    },
    { highWaterMark: 0 },
  );
  const opened: OpenedSource = { reader: stream.getReader(), totalBytes: bytes.length };
  return { opened, isCancelled: () => isCancelled };
}

/** Runs one load with recorders for what it posts, the logs it hands to queries, and its yields. */
async function load(
  openSource: (source: LoadSource, signal: AbortSignal) => Promise<OpenedSource>,
  options: {
    active?: ActiveLoad;
    onPost?: (message: WorkerToMain, active: ActiveLoad) => void;
    decoderOptions?: DecoderOptions;
    keepLog?: LoadDependencies['keepLog'];
  } = {},
) {
  const active = options.active ?? {
    loadId: 7,
    isCancelled: false,
    isStopRequested: false,
    fallbackLog: null,
  };
  const posted: WorkerToMain[] = [];
  const currentLogs: (OpenedLog | null)[] = [];
  /** Each log handed to onLogRead, with how many messages had been posted then. */
  const readLogs: { log: OpenedLog; afterPosts: number }[] = [];
  let yields = 0;
  const deps: LoadDependencies = {
    post(message) {
      posted.push(message);
      options.onPost?.(message, active);
    },
    setCurrentLog: (log) => currentLogs.push(log),
    decoderOptions: Promise.resolve(options.decoderOptions ?? { checksum: null }),
    openSource,
    yieldToEventLoop: () => {
      yields += 1;
      return Promise.resolve();
    },
    onLogRead: (log) => readLogs.push({ log, afterPosts: posted.length }),
    keepLog: options.keepLog,
  };
  await runLoad(active, SOURCE, deps);
  return {
    posted,
    currentLogs,
    readLogs,
    yields: () => yields,
    types: posted.map((message) => message.type),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('runLoad', () => {
  it('posts a first summary with the first rows, then the final summary in parts, loaded and the format verdicts', async () => {
    const bytes = fixture('public/demo/demo-session.jsonl.zstd');
    const expected = buildLogSummary(decodeLog(bytes), SOURCE.kind === 'url' ? SOURCE.name : '');
    const { posted, currentLogs, readLogs, types } = await load(() =>
      Promise.resolve(streamOf(bytes, 4096).opened),
    );

    expect(types.filter((type) => type === 'load-failed')).toEqual([]);
    expect(types.slice(-2)).toEqual(['loaded', 'format-verdicts']);
    const summaries = posted.filter((message) => message.type === 'summary');
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries[0]?.firstRows?.length).toBeGreaterThan(0);
    expect(summaries[0]?.firstRows?.[0]?.seq).toBe(0);
    expect(summaries.slice(1).every((message) => message.firstRows === undefined)).toBe(true);
    expect(posted.every((message) => 'loadId' in message && message.loadId === 7)).toBe(true);

    const turns = posted.flatMap((message) => (message.type === 'turns' ? message.turns : []));
    const loaded = posted.at(-2);
    if (loaded?.type !== 'loaded') throw new Error('no loaded message');
    // The verdicts' audit waits until the page has the log: they follow 'loaded' in a message of their own.
    const verdicts = posted.at(-1);
    expect(verdicts?.type === 'format-verdicts' ? verdicts.verdicts.generation : null).toBe(0);
    expect([...turns, ...loaded.summary.turns]).toEqual(expected.turns);
    expect(loaded.summary.eventCount).toBe(expected.eventCount);
    expect(loaded.progress).toMatchObject({ bytesRead: bytes.length, totalBytes: bytes.length });

    // Queries see the live log from the start, then the finished one.
    expect(currentLogs).toHaveLength(2);
    expect(currentLogs[1]?.isComplete).toBe(true);
    expect(currentLogs[1]?.store.eventCount).toBe(expected.eventCount);
    // What needs the whole log (the text index) hears of it once, right after 'loaded'.
    expect(readLogs).toEqual([{ log: currentLogs[1], afterPosts: posted.length - 1 }]);
  });

  it('derives the format verdicts from the audit made while decoding: no event of the log is read back for them', async () => {
    const bytes = fixture('public/demo/demo-session.jsonl.zstd');
    const expected = deriveFormatVerdicts(decodeLog(bytes));
    let readsBeforeVerdicts = -1;
    let unchunked = 0;
    let reads = 0;
    const { posted } = await load(() => Promise.resolve(streamOf(bytes, 4096).opened), {
      keepLog: {
        afterLoad(log) {
          // The finished log: count what is read back from its store from here until the verdicts.
          const chunkTypeId = log.store.typeNames.indexOf('assistant/chunk');
          unchunked = log.store.eventType.view().filter((typeId) => typeId !== chunkTypeId).length;
          const readEvent = log.store.readEvent.bind(log.store);
          log.store.readEvent = (seq) => {
            reads += 1;
            return readEvent(seq);
          };
          return null;
        },
        afterVerdicts() {
          readsBeforeVerdicts = reads;
        },
      },
    });
    const verdicts = posted.find((message) => message.type === 'format-verdicts');
    expect(verdicts?.type === 'format-verdicts' ? verdicts.verdicts : null).toEqual(expected);
    expect(expected.generation).toBe(0);
    // A generation-0 audit over the store reads every event but the chunks; triage reads a few.
    expect(unchunked).toBeGreaterThan(10);
    expect(readsBeforeVerdicts).toBeGreaterThanOrEqual(0);
    expect(readsBeforeVerdicts).toBeLessThan(unchunked / 4);
  });

  it('hands the whole log and its whole summary to the keeper before loaded, which says what is kept', async () => {
    const bytes = fixture('public/demo/demo-session.jsonl.zstd');
    const kept: { log: OpenedLog; turns: number; contentKey: string | null }[] = [];
    let verdictsFor: OpenedLog | null = null;
    const { posted } = await load(() => Promise.resolve(streamOf(bytes, 4096).opened), {
      keepLog: {
        afterLoad(log, summary) {
          kept.push({ log, turns: summary.turns.length, contentKey: summary.contentKey });
          return ['s-1', 's-2'];
        },
        afterVerdicts(log) {
          verdictsFor = log;
        },
      },
    });
    const loaded = posted.find((message) => message.type === 'loaded');
    if (loaded?.type !== 'loaded') throw new Error('no loaded message');
    expect(loaded.keptSessions).toEqual(['s-1', 's-2']);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.log.isComplete).toBe(true);
    // The whole turn list, not the tail 'loaded' carries after the 'turns' parts.
    expect(kept[0]?.turns).toBe(buildLogSummary(decodeLog(bytes), 'x').turns.length);
    expect(kept[0]?.contentKey).toMatch(/^[0-9a-f]{64}$/);
    expect(verdictsFor).toBe(kept[0]?.log);
  });

  it(`yields after every ${WORK_SLICE_MS} ms of decoding, reports progress at its pace and partial summaries at theirs`, async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const bytes = fixture('fixtures/tool-error.jsonl');
    const chunkBytes = 1024;
    // Each chunk costs 13 ms of (fake) time: every chunk ends a work slice.
    const stream = streamOf(bytes, chunkBytes, () => vi.advanceTimersByTime(WORK_SLICE_MS + 1));
    const { posted, yields } = await load(() => Promise.resolve(stream.opened));

    // One yield per decoding slice, and one after 'loaded' before the format verdicts' audit.
    expect(yields()).toBe(Math.ceil(bytes.length / chunkBytes) + 1);
    const progressTimes = posted.flatMap((message) =>
      message.type === 'progress' ? [message.progress.elapsedMs] : [],
    );
    expect(progressTimes.length).toBeGreaterThan(1);
    for (let index = 1; index < progressTimes.length; index++)
      expect((progressTimes[index] as number) - (progressTimes[index - 1] as number)).toBeGreaterThanOrEqual(
        100,
      );
    // 34 chunks × 13 ms is under the 700 ms between partial summaries: only the first one is sent.
    expect(posted.filter((message) => message.type === 'summary')).toHaveLength(1);
  });

  it('refuses a file that is not a log: one load-failed, the reader cancelled, queries see no log', async () => {
    const stream = streamOf(fixture('fixtures/adversarial/random-binary.jsonl'), 1024);
    const { posted, currentLogs, readLogs, types } = await load(() => Promise.resolve(stream.opened));
    expect(readLogs).toEqual([]);
    expect(types).not.toContain('summary');
    expect(types.filter((type) => type !== 'progress')).toEqual(['load-failed']);
    expect(posted.at(-1)).toMatchObject({ type: 'load-failed', loadId: 7, failure: { kind: 'not-a-log' } });
    expect(stream.isCancelled()).toBe(true);
    expect(currentLogs.at(-1)).toBeNull();
  });

  it('keeps the log that was open when the new file is not a log: queries see it again, the failure says so', async () => {
    const previous = decodeLog(fixture('fixtures/tool-error.jsonl'));
    const stream = streamOf(fixture('fixtures/adversarial/random-binary.jsonl'), 1024);
    const { posted, currentLogs } = await load(() => Promise.resolve(stream.opened), {
      active: { loadId: 7, isCancelled: false, isStopRequested: false, fallbackLog: previous },
    });
    expect(posted.at(-1)).toMatchObject({
      type: 'load-failed',
      failure: { kind: 'not-a-log', isPreviousLogKept: true },
    });
    expect(currentLogs.at(-1)).toBe(previous);
  });

  it('shows the part read when the reader cancels: a partial summary marked cancelled, queries on it', async () => {
    const bytes = fixture('public/demo/demo-session.jsonl.zstd');
    const stream = streamOf(bytes, 2048);
    const { posted, currentLogs, readLogs, types } = await load(() => Promise.resolve(stream.opened), {
      onPost: (message, active) => {
        if (message.type === 'summary') active.isStopRequested = true;
      },
    });
    // The part read is the log from now on: it is indexed as it stands.
    expect(readLogs.map(({ log }) => log)).toEqual([currentLogs.at(-1)]);
    expect(types).not.toContain('load-failed');
    expect(types).not.toContain('format-verdicts');
    const loaded = posted.at(-1);
    if (loaded?.type !== 'loaded') throw new Error(`ended with ${loaded?.type}`);
    expect(loaded.summary).toMatchObject({ isCancelled: true, isComplete: false });
    expect(loaded.summary.eventCount).toBeGreaterThan(0);
    expect(loaded.summary.eventCount).toBeLessThan(decodeLog(bytes).store.eventCount);
    expect(loaded.progress.bytesRead).toBeLessThan(bytes.length);
    expect(currentLogs.at(-1)?.store.eventCount).toBe(loaded.summary.eventCount);
    expect(stream.isCancelled()).toBe(true);
  });

  it('a cancel while the download has not answered aborts it and ends the load as cancelled', async () => {
    const active: ActiveLoad = { loadId: 7, isCancelled: false, isStopRequested: false, fallbackLog: null };
    const stalled = (_source: LoadSource, signal: AbortSignal) =>
      new Promise<OpenedSource>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const running = load(stalled, { active });
    await Promise.resolve();
    active.isStopRequested = true;
    active.stopReading?.();
    const { posted } = await running;
    expect(posted).toEqual([
      {
        type: 'load-failed',
        loadId: 7,
        failure: { kind: 'cancelled', message: 'Loading was cancelled before any event was read.' },
      },
    ]);
  });

  it('a cancel before anything was read keeps the log that was open', async () => {
    const previous = decodeLog(fixture('fixtures/tool-error.jsonl'));
    const stream = streamOf(fixture('fixtures/tool-error.jsonl'), 1024, () => undefined);
    const active = { loadId: 7, isCancelled: false, isStopRequested: true, fallbackLog: previous };
    const { posted, currentLogs } = await load(() => Promise.resolve(stream.opened), { active });
    expect(posted.at(-1)).toMatchObject({
      type: 'load-failed',
      failure: { kind: 'cancelled', isPreviousLogKept: true },
    });
    expect(currentLogs.at(-1)).toBe(previous);
  });

  it('opens an empty file as a log without events whose verdict is corrupt (CLI.md "Sniffing")', async () => {
    const { posted, types } = await load(() => Promise.resolve(streamOf(new Uint8Array(0), 1024).opened));
    expect(types).not.toContain('load-failed');
    const loaded = posted.find((message) => message.type === 'loaded');
    expect(loaded?.type === 'loaded' && loaded.summary).toMatchObject({
      eventCount: 0,
      header: null,
      problemCount: 1,
      verdict: { status: 'corrupt', reason: expect.stringMatching(/empty/) as unknown },
    });
  });

  it('stops reading and posts nothing more once cancelled', async () => {
    const stream = streamOf(fixture('fixtures/tool-error.jsonl'), 1024);
    const { types } = await load(() => Promise.resolve(stream.opened), {
      onPost: (message, active) => {
        if (message.type === 'summary') active.isCancelled = true;
      },
    });
    expect(types.at(-1)).toBe('summary');
    expect(types).not.toContain('loaded');
    expect(types).not.toContain('load-failed');
    expect(stream.isCancelled()).toBe(true);
  });

  it('closes a source that opened after its load was cancelled, without a word', async () => {
    const stream = streamOf(fixture('fixtures/tool-error.jsonl'), 1024);
    const { posted, currentLogs } = await load(() => Promise.resolve(stream.opened), {
      active: { loadId: 7, isCancelled: true, isStopRequested: false, fallbackLog: null },
    });
    expect(posted).toEqual([]);
    expect(currentLogs).toEqual([]);
    expect(stream.isCancelled()).toBe(true);
  });

  it('reports a source that cannot be opened with its own failure', async () => {
    const failure = { kind: 'read-error', message: 'The server answered 404 Not Found.' } as const;
    const { posted } = await load(() => Promise.reject(new LoadError(failure)));
    expect(posted).toEqual([{ type: 'load-failed', loadId: 7, failure }]);
  });

  it('reports running out of memory mid-read as too large, with the bytes read so far', async () => {
    let reads = 0;
    const opened: OpenedSource = {
      reader: new ReadableStream<Uint8Array>({
        pull(controller) {
          reads += 1;
          if (reads > 2) throw new RangeError('Array buffer allocation failed');
          controller.enqueue(new TextEncoder().encode('{"type":"session"'.padEnd(1000, ' ')));
        },
      }).getReader(),
      totalBytes: 10_000,
    };
    const { posted } = await load(() => Promise.resolve(opened));
    const failed = posted.at(-1);
    expect(failed).toMatchObject({ type: 'load-failed', failure: { kind: 'too-large' } });
    expect(failed?.type === 'load-failed' && failed.failure.message).toContain('after 2.0 KiB');
  });

  it('shows a header followed by a zstd bomb as the header, with the viewer limit, instead of failing', async () => {
    const header = readFileSync(resolve('fixtures/tool-error.jsonl'), 'utf8').split('\n')[0] ?? '';
    const rle = new Uint8Array(6 + 64 * 4);
    rle.set([0x28, 0xb5, 0x2f, 0xfd, 0x00, 7 << 3]);
    for (let i = 0; i < 64; i++) {
      const value = ((128 * 1024) << 3) | (1 << 1) | (i === 63 ? 1 : 0);
      rle.set([value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, 0x0a], 6 + i * 4);
    }
    const bytes = new Uint8Array([...rawFrame(new TextEncoder().encode(`${header}\n`)), ...rle]);
    const { posted, types } = await load(() => Promise.resolve(streamOf(bytes, 4096).opened), {
      decoderOptions: { checksum: null, maxFrameBytes: 1024 * 1024 },
    });
    expect(types).not.toContain('load-failed');
    const loaded = posted.find((message) => message.type === 'loaded');
    expect(loaded?.type === 'loaded' && loaded.summary).toMatchObject({
      eventCount: 0,
      isTruncated: true,
      header: { type: 'session' },
      verdict: { status: 'ok', viewerLimit: expect.stringMatching(/only the header was read/) as unknown },
    });
  });
});

/** One frame of RAW blocks with a declared size and no checksum (what a header frame needs to be). */
function rawFrame(text: Uint8Array): Uint8Array {
  const out = new Uint8Array(9 + 3 + text.length);
  out.set([0x28, 0xb5, 0x2f, 0xfd, (2 << 6) | 0x20]);
  new DataView(out.buffer).setUint32(5, text.length, true);
  const value = (text.length << 3) | 1;
  out.set([value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff], 9);
  out.set(text, 12);
  return out;
}
