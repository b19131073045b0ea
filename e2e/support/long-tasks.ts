// Long main-thread tasks as the page reports them (a PerformanceObserver installed before the app
// starts): what a spec checks to say the page stayed responsive.
import type { Page } from '@playwright/test';

/** Long main-thread tasks (ms) from a PerformanceObserver installed before the app starts. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as { longTasks: number[] };
    page.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) page.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

export function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (globalThis as unknown as { longTasks: number[] }).longTasks.slice());
}

export function clearLongTasks(page: Page): Promise<void> {
  return page.evaluate(() => {
    (globalThis as unknown as { longTasks: number[] }).longTasks.length = 0;
  });
}
