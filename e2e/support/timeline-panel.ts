// Page object for the timeline: its visible window (read from the data attributes it exposes), the
// canvas gestures, the overview strip and the keyboard listbox, so specs never spell test ids.
import { expect, type Locator, type Page } from '@playwright/test';

/** The seqs at the visible window's left and right edges. */
export interface VisibleWindow {
  start: number;
  end: number;
}

/** The timeline region (src/ui/panes/timeline/TimelinePane.tsx). */
export class TimelinePanel {
  readonly page: Page;
  readonly root: Locator;
  readonly canvas: Locator;
  readonly overview: Locator;
  readonly overviewWindow: Locator;
  /** The focusable listbox over the canvas (turns or steps by keyboard). */
  readonly keyboard: Locator;
  readonly startLabel: Locator;
  readonly endLabel: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByRole('region', { name: 'Timeline' });
    this.canvas = page.getByTestId('timeline-canvas');
    this.overview = page.getByTestId('timeline-overview');
    this.overviewWindow = page.getByTestId('timeline-overview-window');
    this.keyboard = page.getByTestId('timeline-keyboard');
    this.startLabel = page.getByTestId('timeline-window-start-label');
    this.endLabel = page.getByTestId('timeline-window-end-label');
  }

  async window(): Promise<VisibleWindow> {
    return {
      start: Number(await this.root.getAttribute('data-window-start')),
      end: Number(await this.root.getAttribute('data-window-end')),
    };
  }

  /** Waits until the window differs from `before` and has stopped changing (a gesture's last frame), and returns it. */
  async windowChangedFrom(before: VisibleWindow): Promise<VisibleWindow> {
    let last: VisibleWindow = before;
    await expect
      .poll(
        async () => {
          const now = await this.window();
          const isSettled = now.start === last.start && now.end === last.end;
          last = now;
          return isSettled && (now.start !== before.start || now.end !== before.end);
        },
        { intervals: [100] },
      )
      .toBe(true);
    return last;
  }

  /** The canvas's box (throws when it is not laid out). */
  async box(): Promise<{ x: number; y: number; width: number; height: number }> {
    const box = await this.canvas.boundingBox();
    if (!box) throw new Error('timeline canvas not laid out');
    return box;
  }

  /** `notches` mouse-wheel notches over the canvas at `fraction` of its width (negative: zoom in). */
  async wheel(fraction: number, notches: number, y = 26): Promise<void> {
    const box = await this.box();
    await this.page.mouse.move(box.x + box.width * fraction, box.y + y);
    for (let notch = 0; notch < Math.abs(notches); notch++) {
      await this.page.mouse.wheel(0, Math.sign(notches) * 100);
    }
  }

  /** Drags across the canvas from `fromFraction` to `toFraction` of its width. */
  async drag(fromFraction: number, toFraction: number): Promise<void> {
    const box = await this.box();
    await this.page.mouse.move(box.x + box.width * fromFraction, box.y + 50);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * toFraction, box.y + 50, { steps: 8 });
    await this.page.mouse.up();
  }

  /** The text of the listbox's active option (what a screen reader says). */
  async activeOption(): Promise<string> {
    const id = await this.keyboard.getAttribute('aria-activedescendant');
    if (!id) throw new Error('no active option');
    return (await this.page.locator(`[id="${id}"]`).textContent()) ?? '';
  }
}
