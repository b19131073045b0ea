// Tests of the stale-answer rule behind useWorkerQuery: an answer is shown only for the inputs it was asked for.
import { describe, expect, it } from 'vitest';
import { createQuerySlot } from './use-worker-query.ts';

/** A question whose answer the test gives (or refuses) when it wants, and the signal it was asked with. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  let signal: AbortSignal | null = null;
  const ask = (given: AbortSignal) => {
    signal = given;
    return promise;
  };
  return { ask, resolve, reject, signal: () => signal };
}

/** Lets the promise callbacks run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

describe('createQuerySlot', () => {
  it('shows an answer for the inputs it was asked for, and waits for any other inputs', async () => {
    const slot = createQuerySlot<string>();
    const question = deferred<string>();
    slot.ask([1], question.ask);
    expect(slot.read([1])).toEqual({ status: 'waiting' });
    question.resolve('one');
    await settle();
    expect(slot.read([1])).toEqual({ status: 'ready', value: 'one' });
    expect(slot.read([2])).toEqual({ status: 'waiting' });
  });

  it('drops the answer to a question overtaken by a newer one, even when it arrives last', async () => {
    const slot = createQuerySlot<string>();
    const older = deferred<string>();
    const newer = deferred<string>();
    slot.ask([1], older.ask);
    slot.ask([2], newer.ask);
    expect(older.signal()?.aborted).toBe(true);
    newer.resolve('two');
    await settle();
    older.resolve('one');
    await settle();
    expect(slot.read([2])).toEqual({ status: 'ready', value: 'two' });
    expect(slot.read([1])).toEqual({ status: 'waiting' });
  });

  it('drops the answer to an abandoned question (the inputs changed or the component went away)', async () => {
    const slot = createQuerySlot<string>();
    const question = deferred<string>();
    let landings = 0;
    slot.subscribe(() => (landings += 1));
    const abandon = slot.ask([1], question.ask);
    abandon();
    expect(question.signal()?.aborted).toBe(true);
    question.resolve('one');
    await settle();
    expect(slot.read([1])).toEqual({ status: 'waiting' });
    expect(landings).toBe(0);
  });

  it('keeps the last answer while there is nothing to ask, and shows it again without asking when the inputs come back', async () => {
    const slot = createQuerySlot<string>();
    const question = deferred<string>();
    slot.ask(['transcript', 7], question.ask);
    question.resolve('entries');
    await settle();
    let asked = 0;
    const counting = () => {
      asked += 1;
      return Promise.resolve('again');
    };
    slot.ask(['model', 7], () => null);
    expect(slot.read(['model', 7])).toEqual({ status: 'waiting' });
    slot.ask(['transcript', 7], counting);
    expect(asked).toBe(0);
    expect(slot.read(['transcript', 7])).toEqual({ status: 'ready', value: 'entries' });
  });

  it('reports a failed question with its error message, and counts a landing once per answer', async () => {
    const slot = createQuerySlot<string>();
    const versions: number[] = [];
    slot.subscribe(() => versions.push(slot.version()));
    const question = deferred<string>();
    slot.ask([1], question.ask);
    question.reject(new Error('The log is gone.'));
    await settle();
    expect(slot.read([1])).toEqual({ status: 'failed', message: 'The log is gone.' });
    expect(versions).toEqual([1]);
  });

  it('compares inputs item by item with Object.is, as React compares effect deps', async () => {
    const slot = createQuerySlot<number>();
    const seqs = [1, 2, 3];
    slot.ask([seqs, NaN], () => Promise.resolve(6));
    await settle();
    expect(slot.read([seqs, NaN])).toEqual({ status: 'ready', value: 6 });
    expect(slot.read([[1, 2, 3], NaN])).toEqual({ status: 'waiting' });
  });
});
