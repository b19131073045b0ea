// The one wakeable sleep of the CLI's and the worker's follow loops: a wake ends the sleep pending.

import { describe, expect, it } from 'vitest';
import { createWakeableSleep } from './follow-loop.ts';

const timers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

describe('createWakeableSleep', () => {
  it('ends a sleep early on wake, and a wake with nothing pending does nothing', async () => {
    const { sleep, wake } = createWakeableSleep(timers);
    wake();
    const started = Date.now();
    const sleeping = sleep(60_000);
    wake();
    await sleeping;
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('resolves on its own when not woken', async () => {
    const { sleep } = createWakeableSleep(timers);
    await expect(sleep(5)).resolves.toBeUndefined();
  });
});
