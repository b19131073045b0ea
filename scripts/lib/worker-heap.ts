// The log worker's JS heap as the benchmarks read it (CDP), shared by bench:browser's workspace
// case and bench:hostile-browser's cancel case.

import type { Page } from '@playwright/test';

/**
 * The log worker's JS heap after a GC, through CDP: the page's session auto-attaches to its worker
 * (non-flattened, so Playwright's CDPSession can talk to it with Target.sendMessageToTarget), then
 * HeapProfiler.collectGarbage and Runtime.getHeapUsage there. performance.memory is main-thread only.
 */
export async function readWorkerHeap(page: Page): Promise<number | null> {
  const client = await page.context().newCDPSession(page);
  const workers: string[] = [];
  const answers = new Map<number, (result: { usedSize?: number }) => void>();
  client.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker') workers.push(event.sessionId);
  });
  client.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: { usedSize?: number } };
    if (message.id !== undefined) answers.get(message.id)?.(message.result ?? {});
  });
  let nextId = 1;
  const ask = (sessionId: string, method: string) =>
    new Promise<{ usedSize?: number }>((resolve, reject) => {
      const id = nextId++;
      answers.set(id, resolve);
      setTimeout(() => reject(new Error(`${method} timed out`)), 10_000);
      void client.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
    });
  try {
    await client.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    await page.waitForTimeout(300);
    let total: number | null = null;
    for (const sessionId of workers) {
      await ask(sessionId, 'HeapProfiler.collectGarbage');
      const { usedSize } = await ask(sessionId, 'Runtime.getHeapUsage');
      if (typeof usedSize === 'number') total = (total ?? 0) + usedSize;
    }
    return total;
  } catch {
    return null; // This Chromium refused the deprecated non-flat messages: RSS still says it all.
  } finally {
    await client.detach().catch(() => undefined);
  }
}
