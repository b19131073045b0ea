// Cancel stops the work (issue 27): a cancelled workspace scan must let the worker go within
// CANCEL_GRACE_MS; a worker that does not answer by then is terminated and the next use starts a
// fresh one, so a stuck scan keeps neither a core nor its memory. Before, Cancel only posted a flag.
/// <reference lib="dom" />
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_GRACE_MS, createLogClient } from './client.ts';
import type { MainToWorker, WorkerToMain } from './protocol.ts';

class SilentWorker extends EventTarget {
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
}

function setup() {
  const workers: SilentWorker[] = [];
  const client = createLogClient(() => {
    const worker = new SilentWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  });
  return { client, workers };
}

const SCAN_LISTENER = { onProgress() {}, onSnapshot() {}, onFailed() {} };

afterEach(() => {
  vi.useRealTimers();
});

describe('cancelling a workspace scan', () => {
  it('terminates a worker that does not answer within the grace period, and starts a new one next', () => {
    vi.useFakeTimers();
    const { client, workers } = setup();
    const crashes: string[] = [];
    client.onCrash((message) => crashes.push(message));
    client.openWorkspace([], SCAN_LISTENER);
    client.cancelWorkspace();
    const ping = workers[0]!.posted.at(-1);
    expect(ping).toMatchObject({ type: 'query', query: { kind: 'ping' } });
    vi.advanceTimersByTime(CANCEL_GRACE_MS - 1);
    expect(workers[0]!.isTerminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(workers[0]!.isTerminated).toBe(true);
    expect(crashes).toEqual([expect.stringMatching(/did not stop within a second of Cancel/)]);
    client.warmUp();
    expect(workers).toHaveLength(2);
  });

  it('keeps a worker that answers the ping in time', () => {
    vi.useFakeTimers();
    const { client, workers } = setup();
    client.openWorkspace([], SCAN_LISTENER);
    client.cancelWorkspace();
    const ping = workers[0]!.posted.at(-1);
    if (ping?.type !== 'query') throw new Error('no ping');
    workers[0]!.reply({ type: 'result', requestId: ping.requestId, result: true });
    vi.advanceTimersByTime(CANCEL_GRACE_MS * 5);
    expect(workers[0]!.isTerminated).toBe(false);
  });
});
