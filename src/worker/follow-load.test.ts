// The worker's follow load over real fixture bytes: a handle whose file grows, and a URL served
// by a fake fetch that answers Range requests the way a static server does (206 / 416 / If-Range).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog, type OpenedLog } from '../log/index.ts';
import { runFollowLoad } from './follow-load.ts';
import type { ActiveLoad } from './load-loop.ts';
import type { FollowedSource, WorkerToMain } from './protocol.ts';
import { NO_RANGE_MESSAGE, createRangeSource } from './range-source.ts';

const text = new Uint8Array(readFileSync(resolve('fixtures/tool-error.jsonl')));
const lineEnds: number[] = [];
text.forEach((byte, at) => byte === 0x0a && lineEnds.push(at + 1));

/** A file the test grows: its bytes and a modification time that moves with each change. */
function growingFile(initial: Uint8Array) {
  const file = { bytes: initial, modified: 1 };
  const handle = {
    name: 'session.jsonl',
    getFile: () =>
      Promise.resolve(
        new File([file.bytes.slice()], 'session.jsonl', {
          lastModified: file.modified,
        }),
      ),
  } as unknown as FileSystemFileHandle;
  const set = (bytes: Uint8Array) => {
    file.bytes = bytes;
    file.modified += 1;
  };
  return { handle, set };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function startFollow(source: FollowedSource, fetchBytes: typeof fetch = fetch) {
  const load: ActiveLoad = { loadId: 3, isCancelled: false, isStopRequested: false, fallbackLog: null };
  const posted: WorkerToMain[] = [];
  let current: OpenedLog | null = null;
  const done = runFollowLoad(load, source, {
    post: (message) => posted.push(message),
    setCurrentLog: (log) => (current = log),
    decoderOptions: Promise.resolve({}),
    openSource: () => Promise.reject(new Error('not used')),
    yieldToEventLoop: () => new Promise((resolve) => setTimeout(resolve, 0)),
    fetch: fetchBytes,
    onLogGrew: () => undefined,
  });
  const lives = () => posted.filter((message) => message.type === 'live');
  return { load, posted, lives, done, current: () => current };
}

describe('runFollowLoad', () => {
  it('loads what is there, then posts each append as a live summary with only the changed turns', async () => {
    const file = growingFile(text.subarray(0, lineEnds[6]));
    const run = startFollow({ kind: 'follow-handle', handle: file.handle, name: 'session.jsonl' });
    await until(() => run.posted.some((message) => message.type === 'loaded'), 'loaded');
    const loaded = run.posted.find((message) => message.type === 'loaded');
    expect(loaded?.type === 'loaded' && loaded.summary.eventCount).toBe(6);
    expect(run.posted.find((message) => message.type === 'summary')).toMatchObject({
      firstRows: expect.any(Array),
    });

    file.set(text.subarray(0, lineEnds[12]));
    const grownCount = decodeLog(text.subarray(0, lineEnds[12])).store.eventCount;
    await until(
      () => run.lives().some((message) => message.summary?.eventCount === grownCount),
      'the append',
    );
    const grown = run.lives().find((message) => message.summary?.eventCount === grownCount);
    expect(grown).toMatchObject({ turnsFrom: 0, status: { state: 'following', restarts: 0 } });
    expect(run.current()?.store.eventCount).toBe(grownCount);

    // Truncated: the page hears of a restart with the new file's summary, never both files mixed.
    file.set(text.subarray(0, lineEnds[3]));
    await until(() => run.lives().some((message) => message.restart !== undefined), 'the restart');
    await until(() => run.current()?.store.eventCount === 3, 'the new file');
    expect(run.lives().find((message) => message.restart !== undefined)?.status.restarts).toBe(1);

    run.load.isStopRequested = true;
    run.load.stopReading?.();
    await run.done;
    expect(run.lives().at(-1)?.status.state).toBe('stopped');
  }, 20_000);

  it('posts the format verdicts of the log as read so far, and again when an append brings a refusal', async () => {
    // max-tokens: a v0 log whose seq 4 (line 6) is a version-2 subagent/descriptor, which current
    // dsh refuses to migrate; its first 5 lines migrate.
    const refused = new Uint8Array(readFileSync(resolve('fixtures/max-tokens.jsonl')));
    const ends: number[] = [];
    refused.forEach((byte, at) => byte === 0x0a && ends.push(at + 1));
    const file = growingFile(refused.subarray(0, ends[4]));
    const run = startFollow({ kind: 'follow-handle', handle: file.handle, name: 'session.jsonl' });
    const verdicts = () =>
      run.posted.flatMap((message) => (message.type === 'format-verdicts' ? [message] : []));
    await until(() => verdicts().length > 0, 'the first verdicts');
    expect(verdicts()[0]?.verdicts).toMatchObject({ generation: 0, current: { status: 'migrates' } });

    file.set(refused.subarray(0, ends[7]));
    await until(() => verdicts().at(-1)?.verdicts.current.status === 'refuses', 'the refusal');
    expect(verdicts().at(-1)?.verdicts.current.refusals[0]).toMatchObject({
      rule: 'descriptor-version',
      seq: 4,
    });

    run.load.isStopRequested = true;
    run.load.stopReading?.();
    await run.done;
  }, 20_000);
});

/** A fake static server for one URL: Range, 416 past the end, If-Range against its ETag. */
function rangeServer(initial: Uint8Array, supportsRange = true) {
  const state = { bytes: initial, etag: '"v1"' };
  const fetchBytes = ((_url: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const range = /^bytes=(\d+)-$/.exec(headers.get('range') ?? '');
    const ifRange = headers.get('if-range');
    const whole = () => new Response(state.bytes.slice(), { status: 200, headers: { etag: state.etag } });
    if (!supportsRange || range === null || (ifRange !== null && ifRange !== state.etag))
      return Promise.resolve(whole());
    const start = Number(range[1]);
    if (start >= state.bytes.length)
      return Promise.resolve(
        new Response(null, { status: 416, headers: { 'content-range': `bytes */${state.bytes.length}` } }),
      );
    return Promise.resolve(
      new Response(state.bytes.slice(start), {
        status: 206,
        headers: {
          etag: state.etag,
          'accept-ranges': 'bytes',
          'content-range': `bytes ${start}-${state.bytes.length - 1}/${state.bytes.length}`,
        },
      }),
    );
  }) as typeof fetch;
  return { state, fetchBytes };
}

describe('createRangeSource', () => {
  it('reads from the offset, says nothing new past the end, and restarts when If-Range fails', async () => {
    const server = rangeServer(text.subarray(0, lineEnds[4]));
    const source = createRangeSource('https://logs.test/s.jsonl', server.fetchBytes);
    const first = await source.read(0, new Uint8Array());
    expect(first.kind === 'bytes' && first.bytes.length).toBe(lineEnds[4]);
    expect((await source.read(lineEnds[4] as number, new Uint8Array())).kind).toBe('same');
    server.state.bytes = text.subarray(0, lineEnds[7]);
    const next = await source.read(lineEnds[4] as number, new Uint8Array());
    expect(next.kind === 'bytes' && next.bytes.length).toBe(
      (lineEnds[7] as number) - (lineEnds[4] as number),
    );
    server.state.etag = '"v2"';
    const replaced = await source.read(lineEnds[7] as number, new Uint8Array());
    expect(replaced).toMatchObject({ kind: 'restart', reason: 'replaced' });
  });

  it('says so when the server ignores Range', async () => {
    const server = rangeServer(text.subarray(0, lineEnds[4]), false);
    const source = createRangeSource('https://logs.test/s.jsonl', server.fetchBytes);
    expect((await source.read(0, new Uint8Array())).kind).toBe('bytes');
    expect(await source.read(lineEnds[4] as number, new Uint8Array())).toEqual({
      kind: 'failed',
      message: NO_RANGE_MESSAGE,
    });
  });
});
