// Tests of the worker client with a fake worker: request ids, results, and crash handling.
/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { createLogClient } from './client.ts';
import type { LoadFailure, MainToWorker, WorkerToMain } from './protocol.ts';

class FakeWorker extends EventTarget {
  readonly posted: MainToWorker[] = [];
  isTerminated = false;
  postMessage(message: MainToWorker): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.isTerminated = true;
  }
  reply(message: WorkerToMain): void {
    this.dispatchEvent(new MessageEvent('message', { data: message }));
  }
  crash(message: string): void {
    const event = new Event('error') as Event & { message: string };
    event.message = message;
    this.dispatchEvent(event);
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const client = createLogClient(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  });
  return { client, workers };
}

const NOOP_LISTENER = {
  onProgress() {},
  onSummary() {},
  onLoaded() {},
  onFailed() {},
};

describe('createLogClient', () => {
  it('matches each result to its request by id', async () => {
    const { client, workers } = setup();
    const first = client.query({ kind: 'times', seqs: [1] });
    const second = client.query({ kind: 'times', seqs: [2] });
    const [a, b] = workers[0]!.posted as Extract<MainToWorker, { type: 'query' }>[];
    workers[0]!.reply({ type: 'result', requestId: b!.requestId, result: [20] });
    workers[0]!.reply({ type: 'result', requestId: a!.requestId, result: [10] });
    expect(await first).toEqual([10]);
    expect(await second).toEqual([20]);
  });

  it('turns a failed query into a rejected promise with the worker message', async () => {
    const { client, workers } = setup();
    const pending = client.query({ kind: 'event', seq: 5 });
    const request = workers[0]!.posted[0] as Extract<MainToWorker, { type: 'query' }>;
    workers[0]!.reply({ type: 'query-failed', requestId: request.requestId, message: 'No log is open.' });
    await expect(pending).rejects.toThrow('No log is open.');
  });

  it('rejects everything pending and fails the load when the worker crashes, then starts a fresh worker', async () => {
    const { client, workers } = setup();
    const failures: LoadFailure[] = [];
    client.openLog(
      { kind: 'url', url: 'http://x/a', name: 'a' },
      { ...NOOP_LISTENER, onFailed: (failure) => failures.push(failure) },
    );
    const pending = client.query({ kind: 'transcript' });
    workers[0]!.crash('Out of memory');
    await expect(pending).rejects.toThrow(/Out of memory/);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.kind).toBe('internal');
    expect(workers[0]!.isTerminated).toBe(true);
    client.openLog({ kind: 'url', url: 'http://x/b', name: 'b' }, NOOP_LISTENER);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.posted[0]).toMatchObject({ type: 'open' });
  });

  it('ignores messages of a load that was replaced', () => {
    const { client, workers } = setup();
    const loaded: string[] = [];
    const failed: string[] = [];
    const first = client.openLog(
      { kind: 'url', url: 'http://x/a', name: 'a' },
      { ...NOOP_LISTENER, onLoaded: () => loaded.push('a'), onFailed: (f) => failed.push(f.kind) },
    );
    client.openLog(
      { kind: 'url', url: 'http://x/b', name: 'b' },
      { ...NOOP_LISTENER, onLoaded: () => loaded.push('b') },
    );
    expect(failed).toEqual(['cancelled']);
    expect(workers[0]!.posted.map((message) => message.type)).toEqual(['open', 'cancel', 'open']);
    workers[0]!.reply({ type: 'load-failed', loadId: first, failure: { kind: 'cancelled', message: '' } });
    expect(loaded).toEqual([]);
  });
});
