// The model view feed against a client whose answers the test releases one by one.
import { describe, expect, it } from 'vitest';
import { packModelView, type ModelMessageDetail, type PackedModelView } from '../log/index.ts';
import type { LogClient, Query } from '../worker/client.ts';
import { createModelViewFeed, type PrepareOutcome } from './model-view-feed.ts';

interface Asked {
  query: Query;
  answer: (value: unknown) => void;
  fail: (error: Error) => void;
}

function createHeldClient() {
  const asked: Asked[] = [];
  const client: LogClient = {
    openLog: () => 1,
    switchToKept: () => undefined,
    cancelLoad: () => undefined,
    stopFollowing: () => undefined,
    openWorkspace: () => undefined,
    cancelWorkspace: () => undefined,
    searchWorkspace: () => undefined,
    cancelWorkspaceSearch: () => undefined,
    query: ((query: Query): Promise<unknown> =>
      new Promise((answer, fail) => asked.push({ query, answer, fail }))) as LogClient['query'],
    warmUp: () => undefined,
    onCrash: () => () => undefined,
    dispose: () => undefined,
  };
  return { client, asked };
}

/** The worker's answer at `seq`: its messages are `messageSeqs`, with the bodies of `bodySeqs`. */
function answerAt(seq: number, messageSeqs: readonly number[], bodySeqs: readonly number[] = []) {
  return { view: viewAt(seq, messageSeqs), tailBodies: bodiesOf(bodySeqs) };
}

/** A view at `seq` whose messages are the seqs `messageSeqs` (packed, as the worker sends it). */
function viewAt(seq: number, messageSeqs: readonly number[]): PackedModelView {
  return packModelView({
    atSeq: seq,
    nodeCount: messageSeqs.length,
    messages: messageSeqs.map((message) => ({
      seq: message,
      type: 'user/message',
      role: 'user',
      isReplacement: false,
    })),
    streaming: null,
  });
}

function bodiesOf(seqs: readonly number[]): ModelMessageDetail[] {
  return seqs.map((seq) => ({ seq }) as unknown as ModelMessageDetail);
}

const flushPromises = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('model view feed', () => {
  it('prepares a seq by fetching its view, then the bodies of its newest messages', async () => {
    const held = createHeldClient();
    const feed = createModelViewFeed(held.client, { tailBodies: 2 });
    let outcome: PrepareOutcome | null = null;
    void Promise.resolve(feed.prepare(9)).then((result) => (outcome = result));
    expect(held.asked.map((ask) => ask.query)).toEqual([{ kind: 'model-view', seq: 9, tailBodies: 2 }]);
    held.asked[0]!.answer(answerAt(9, [1, 4, 8], [4, 8]));
    await flushPromises();
    expect(outcome).toBe('ready');
    // Everything is cached now: preparing it again is ready at once, without a query.
    expect(feed.prepare(9)).toBe('ready');
    expect(held.asked).toHaveLength(1);
    expect(feed.view(9)?.atSeq).toBe(9);
    expect(feed.body(8)).toBeDefined();
    expect(feed.body(1)).toBeUndefined();
  });

  it('asks for tail bodies the answer lacked (evicted or unreadable) before it is ready', async () => {
    const held = createHeldClient();
    const feed = createModelViewFeed(held.client, { tailBodies: 2 });
    let outcome: PrepareOutcome | null = null;
    void Promise.resolve(feed.prepare(9)).then((result) => (outcome = result));
    held.asked[0]!.answer(answerAt(9, [4, 8], [8]));
    await flushPromises();
    expect(held.asked[1]!.query).toEqual({ kind: 'messages', seqs: [4] });
    expect(outcome).toBeNull();
    held.asked[1]!.answer(bodiesOf([4]));
    await flushPromises();
    expect(outcome).toBe('ready');
  });

  it('keeps one model view query in flight and skips the moves that were overtaken', async () => {
    const held = createHeldClient();
    const feed = createModelViewFeed(held.client, { tailBodies: 0 });
    const outcomes: PrepareOutcome[] = [];
    for (const seq of [1, 2, 3])
      void Promise.resolve(feed.prepare(seq)).then((result) => outcomes.push(result));
    expect(held.asked).toHaveLength(1);
    held.asked[0]!.answer(answerAt(1, []));
    await flushPromises();
    expect(held.asked.map((ask) => ask.query)).toEqual([
      { kind: 'model-view', seq: 1, tailBodies: 0 },
      { kind: 'model-view', seq: 3, tailBodies: 0 },
    ]);
    held.asked[1]!.answer(answerAt(3, []));
    await flushPromises();
    expect(outcomes).toEqual(['superseded', 'superseded', 'ready']);
  });

  it('reports a failed query as unavailable, with the error for the pane', async () => {
    const held = createHeldClient();
    const feed = createModelViewFeed(held.client, { tailBodies: 12 });
    const outcome = feed.prepare(5);
    held.asked[0]!.fail(new Error('The log worker stopped.'));
    expect(await outcome).toBe('unavailable');
    expect(feed.error()).toBe('The log worker stopped.');
  });

  it('drops answers to queries asked before a reset', async () => {
    const held = createHeldClient();
    const feed = createModelViewFeed(held.client, { tailBodies: 12 });
    const outcome = feed.prepare(5);
    feed.reset();
    expect(await outcome).toBe('unavailable');
    held.asked[0]!.answer(answerAt(5, []));
    await flushPromises();
    expect(feed.view(5)).toBeUndefined();
  });

  it('fetches the seq a pane shows after the prepared one, without overtaking it', async () => {
    const held = createHeldClient();
    const feed = createModelViewFeed(held.client, { tailBodies: 0 });
    let changes = 0;
    feed.subscribe(() => (changes += 1));
    const outcome = feed.prepare(7);
    feed.show(2);
    expect(held.asked).toHaveLength(1);
    held.asked[0]!.answer(answerAt(7, []));
    expect(await outcome).toBe('ready');
    expect(held.asked[1]!.query).toEqual({ kind: 'model-view', seq: 2, tailBodies: 0 });
    held.asked[1]!.answer(answerAt(2, []));
    await flushPromises();
    expect(feed.view(2)?.atSeq).toBe(2);
    // The prepared view is read by the render that moves the cursor: only the shown one notifies.
    expect(changes).toBe(1);
  });

  it('tells the pane when a prepared view arrives that the pane already shows (the hold timer landed the move)', async () => {
    const held = createHeldClient();
    const feed = createModelViewFeed(held.client, { tailBodies: 1 });
    let notified = 0;
    feed.subscribe(() => (notified += 1));
    // A view in flight (the end of the log after a load), then a move that waits behind it …
    feed.show(100);
    void feed.prepare(50);
    // … outwaits the hold, so the cursor is at 50 and the pane shows (asks for) 50 itself.
    feed.show(50);
    held.asked[0]!.answer(answerAt(100, [1], [1]));
    await flushPromises();
    const before = notified;
    expect(held.asked[1]!.query).toEqual({ kind: 'model-view', seq: 50, tailBodies: 1 });
    held.asked[1]!.answer(answerAt(50, [1], [1]));
    await flushPromises();
    // The landing sets a cursor that is already 50: nothing else re-renders the pane.
    expect(feed.view(50)).toBeDefined();
    expect(notified).toBeGreaterThan(before);
  });
});
