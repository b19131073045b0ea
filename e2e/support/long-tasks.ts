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

/**
 * Waits until `selector`'s `attribute` reads `value`, checked inside the page every 50 ms.
 * Inside a measured window, wait with this and not with `expect(...).toHaveAttribute`: Playwright's
 * expect takes an aria snapshot of the element on every poll that does not match yet (1.65), and on
 * megabytes of text that snapshot is itself the page's longest task.
 */
export async function waitForAttributeInPage(
  page: Page,
  selector: string,
  attribute: string,
  value: string,
  timeoutMs: number,
): Promise<void> {
  await page.waitForFunction(
    ([selector, attribute, value]) => document.querySelector(selector)?.getAttribute(attribute) === value,
    [selector, attribute, value] as const,
    { polling: 50, timeout: timeoutMs },
  );
}
