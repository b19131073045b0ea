// When optional, DOM-heavy work may run (parsing markdown into elements): a scheduler provided by
// the app. Shared widgets take it from this context instead of reading the store; the app's
// scheduler waits until the cursor has settled (store/cursor/cursor-settle.ts), the default for an idle period.
import { createContext, useContext } from 'react';
import { requestIdle } from '../../browser/idle.ts';

/** Runs `job` later, at most once; returns a function that cancels it. */
export type DeferredWorkScheduler = (job: () => void) => () => void;

const IDLE_TIMEOUT_MS = 400;

/** Outside the app's provider: the next idle period (at most IDLE_TIMEOUT_MS away). */
const scheduleWhenIdle: DeferredWorkScheduler = (job) => requestIdle(job, IDLE_TIMEOUT_MS);

export const DeferredWorkContext = createContext<DeferredWorkScheduler>(scheduleWhenIdle);

/** The scheduler for optional work in this part of the tree. */
export function useDeferredWork(): DeferredWorkScheduler {
  return useContext(DeferredWorkContext);
}
