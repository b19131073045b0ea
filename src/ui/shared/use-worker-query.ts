// The one way a component asks the worker (or anything else async) for data it shows: a question
// per set of inputs, and the rule that an answer is shown only for the inputs it was asked for.
import { useEffect, useState, useSyncExternalStore, type DependencyList } from 'react';
import { describeError } from '../../log/index.ts';

/** What a component shows for its current inputs. */
type QueryAnswer<T> =
  /** No answer for these inputs yet: being asked, or `ask` returned null (nothing to ask). */
  | { status: 'waiting' }
  | { status: 'ready'; value: T }
  /** The question failed; `message` is the error's, for people. */
  | { status: 'failed'; message: string };

/**
 * Asks a question for a set of inputs. `ask` returns the answer's promise, or null when there is
 * nothing to ask for these inputs; `signal` aborts when the question is overtaken or abandoned.
 */
type AskQuestion<T> = (signal: AbortSignal) => Promise<T> | null;

/** The state behind useWorkerQuery, without React (so the stale-answer rule is tested in Node). */
interface QuerySlot<T> {
  /**
   * Asks `ask` for `inputs` unless the last answer landed is for equal inputs (compared item by item
   * with Object.is). Aborts the question still in flight, if any: an aborted question's answer is
   * dropped. Returns the function that abandons (aborts) this question.
   */
  ask: (inputs: DependencyList, ask: AskQuestion<T>) => () => void;
  /** The answer for `inputs`: the last one landed if it was asked for equal inputs, else waiting. */
  read: (inputs: DependencyList) => QueryAnswer<T>;
  /** Calls `listener` whenever an answer lands; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** Changes whenever an answer lands (for useSyncExternalStore). */
  version: () => number;
}

const WAITING: QueryAnswer<never> = { status: 'waiting' };

function doNothing(): void {}

function areSameInputs(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

/** Creates an empty slot: nothing asked, nothing answered. */
export function createQuerySlot<T>(): QuerySlot<T> {
  let landed: { inputs: DependencyList; answer: QueryAnswer<T> } | null = null;
  /** The question being asked, if any: aborted by the next ask. */
  let inFlight: AbortController | null = null;
  let version = 0;
  const listeners = new Set<() => void>();
  const land = (inputs: DependencyList, answer: QueryAnswer<T>): void => {
    landed = { inputs, answer };
    version += 1;
    for (const listener of listeners) listener();
  };
  return {
    ask(inputs, ask) {
      inFlight?.abort();
      inFlight = null;
      if (landed !== null && areSameInputs(landed.inputs, inputs)) return doNothing;
      const controller = new AbortController();
      const promise = ask(controller.signal);
      if (promise === null) return doNothing;
      const askedInputs = [...inputs];
      inFlight = controller;
      promise.then(
        (value) => {
          if (controller.signal.aborted) return;
          inFlight = null;
          land(askedInputs, { status: 'ready', value });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          inFlight = null;
          land(askedInputs, { status: 'failed', message: describeError(error) });
        },
      );
      return () => {
        controller.abort();
        if (inFlight === controller) inFlight = null;
      };
    },
    read(inputs) {
      return landed !== null && areSameInputs(landed.inputs, inputs) ? landed.answer : WAITING;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

/** When and about what useWorkerQuery asks, beyond the values `ask` reads. */
interface WorkerQueryOptions {
  /**
   * The loaded log the question is about (the store's logGeneration): part of the inputs, since
   * the same client answers about whichever log is loaded.
   */
  log?: number;
  /** Whether to ask now (default true); while false, an answer held for the inputs is still shown. */
  shouldAsk?: boolean;
}

/**
 * The answer to `ask` for the inputs `deps` (every value `ask` reads, as for useEffect; the lint
 * checks them) and `options.log`. Asks after a render with new inputs, and not again for inputs it
 * holds the answer to: that answer stays readable while `shouldAsk` is false or `ask` returns null,
 * and is shown again when the inputs come back to the ones it was asked for. An answer to inputs
 * that have since changed is never shown.
 */
export function useWorkerQuery<T>(
  ask: AskQuestion<T>,
  deps: DependencyList,
  { log, shouldAsk = true }: WorkerQueryOptions = {},
): QueryAnswer<T> {
  const [slot] = useState(createQuerySlot<T>);
  useSyncExternalStore(slot.subscribe, slot.version);
  const inputs = [log, ...deps];
  // `ask` is a new closure at every render, called only when the inputs change (the lint checks the
  // caller's deps at the call site: useWorkerQuery is in exhaustive-deps' additionalHooks).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the inputs, spread
  useEffect(() => (shouldAsk ? slot.ask(inputs, ask) : undefined), [slot, shouldAsk, ...inputs]);
  return slot.read(inputs);
}
