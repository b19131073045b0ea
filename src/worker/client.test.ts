// Tests of the worker client with a fake worker: request ids, results, and crash handling.
/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { createLogClient } from './client.ts';
import type { LoadFailure, LogSummary, MainToWorker, WorkerToMain } from './protocol.ts';

class FakeWorker extends EventTarget {
  readonly posted: MainToWorker[] = [];
  /** The 'configure' messages, kept apart from the rest (each worker gets one, first). */
  readonly configured: MainToWorker[] = [];
  isTerminated = false;
  postMessage(message: MainToWorker): void {
    if (message.type === 'configure') {
      expect(this.posted).toEqual([]);
      this.configured.push(message);
    } else this.posted.push(message);
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

function setup(allowedSourceOrigins: string[] = []) {
  const workers: FakeWorker[] = [];
  const client = createLogClient(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  }, allowedSourceOrigins);
  return { client, workers };
}

const NOOP_LISTENER = {
  onProgress() {},
  onSummary() {},
  onLoaded() {},
  onFormatVerdicts() {},
  onFailed() {},
};

describe('createLogClient', () => {
  it('gives the verdicts derived after a switch to that switch, and not once another load replaced it', () => {
    const { client, workers } = setup();
    const heard: string[] = [];
    client.switchToKept('child', {
      onSwitched: () => heard.push('switched'),
      onMissed: () => heard.push('missed'),
      onFormatVerdicts: (verdicts) => heard.push(`verdicts ${String(verdicts.generation)}`),
    });
    const sent = workers[0]!.posted.at(-1);
    if (sent?.type !== 'switch') throw new Error('no switch sent');
    const verdicts = { generation: 3 } as unknown as Extract<
      WorkerToMain,
      { type: 'format-verdicts' }
    >['verdicts'];
    workers[0]!.reply({ type: 'switched', loadId: sent.loadId, keptSessions: ['child'], verdicts: null });
    workers[0]!.reply({ type: 'format-verdicts', loadId: sent.loadId, verdicts });
    expect(heard).toEqual(['switched', 'verdicts 3']);
    client.openLog({ kind: 'url', url: 'http://x/a.jsonl', name: 'a.jsonl' }, NOOP_LISTENER);
    workers[0]!.reply({ type: 'format-verdicts', loadId: sent.loadId, verdicts });
    expect(heard).toEqual(['switched', 'verdicts 3']);
  });

  it('tells each new worker first which origins it may read logs from', () => {
    const { client, workers } = setup(['https://logs.example']);
    client.warmUp();
    expect(workers[0]!.configured).toEqual([
      { type: 'configure', allowedSourceOrigins: ['https://logs.example'] },
    ]);
  });

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

  it('cancels a load by asking the worker, which answers with the part read or a cancelled failure', () => {
    const { client, workers } = setup();
    const loaded: boolean[] = [];
    const failed: string[] = [];
    const loadId = client.openLog(
      { kind: 'url', url: 'http://x/a', name: 'a' },
      {
        ...NOOP_LISTENER,
        onLoaded: (summary) => loaded.push(summary.isCancelled === true),
        onFailed: (failure) => failed.push(failure.kind),
      },
    );
    client.cancelLoad();
    expect(workers[0]!.posted.at(-1)).toEqual({ type: 'cancel', loadId, keepsWhatWasRead: true });
    expect(failed).toEqual([]);
    const summary = { turns: [], isCancelled: true } as unknown as LogSummary;
    const progress = { bytesRead: 1, totalBytes: 9, events: 1, lines: 1, elapsedMs: 1 };
    workers[0]!.reply({ type: 'loaded', loadId, summary, progress });
    expect(loaded).toEqual([true]);
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

  it("puts the 'turns' parts in front of the loaded summary's turns, and drops parts of a replaced load", () => {
    const { client, workers } = setup();
    const loaded: number[][] = [];
    const file = new File(['x'], 'a.jsonl');
    client.openLog({ kind: 'file', file }, NOOP_LISTENER);
    const loadId = client.openLog(
      { kind: 'file', file },
      {
        ...NOOP_LISTENER,
        onLoaded: (summary) => loaded.push(summary.turns.map((turn) => turn.turn)),
      },
    );
    const turn = (n: number) => ({
      turn: n,
      startSeq: n,
      endSeq: n,
      reason: null,
      reasonDetail: null,
      steps: [],
    });
    const worker = workers[0]!;
    worker.reply({ type: 'turns', loadId: loadId - 1, turns: [turn(99)] });
    worker.reply({ type: 'turns', loadId, turns: [turn(1), turn(2)] });
    worker.reply({ type: 'turns', loadId, turns: [turn(3), turn(4)] });
    const summary = { turns: [turn(5)] } as unknown as LogSummary;
    const progress = { bytesRead: 1, totalBytes: 1, events: 5, lines: 5, elapsedMs: 1 };
    worker.reply({ type: 'loaded', loadId, summary, progress });
    expect(loaded).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('tells crash listeners when the worker stops after it loaded a log, and not before it had one', () => {
    const { client, workers } = setup();
    const crashes: string[] = [];
    const failures: LoadFailure[] = [];
    client.onCrash((message) => crashes.push(message));
    client.warmUp();
    workers[0]!.crash('before any log');
    expect(crashes).toEqual([]);

    const loadId = client.openLog(
      { kind: 'url', url: 'http://x/a', name: 'a' },
      { ...NOOP_LISTENER, onFailed: (failure) => failures.push(failure) },
    );
    const summary = { turns: [] } as unknown as LogSummary;
    const progress = { bytesRead: 1, totalBytes: 1, events: 1, lines: 1, elapsedMs: 1 };
    workers[1]!.reply({ type: 'loaded', loadId, summary, progress });
    workers[1]!.crash('Out of memory');
    // The finished load hears nothing; the app hears that its log is gone.
    expect(failures).toEqual([]);
    expect(crashes).toHaveLength(1);
    expect(crashes[0]).toMatch(/Out of memory/);
  });
});
