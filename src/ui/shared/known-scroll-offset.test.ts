// Tests of the scroll-offset observer that reports the app's own scroll writes without reading the DOM.
/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { createKnownScrollOffset } from './known-scroll-offset.ts';

/** A scroll element that counts scrollTop reads (each would be a forced layout in a browser). */
class FakeScroller extends EventTarget {
  reads = 0;
  private top = 0;
  get scrollTop(): number {
    this.reads += 1;
    return this.top;
  }
  set scrollTop(value: number) {
    this.top = value;
  }
  userScrollTo(value: number): void {
    this.top = value;
    this.dispatchEvent(new Event('scroll'));
  }
}

function setup() {
  const element = new FakeScroller();
  const known = createKnownScrollOffset();
  const reports: [number, boolean][] = [];
  const instance = {
    scrollElement: element as unknown as HTMLElement,
    options: { isScrollingResetDelay: 1 },
  };
  const stop = known.observe(instance, (offset, isScrolling) => reports.push([offset, isScrolling]));
  return { element, known, reports, stop };
}

describe('createKnownScrollOffset', () => {
  it('reports its own write, clamped to the known maximum and settled, without reading scrollTop', () => {
    const { element, known, reports } = setup();
    const readsBefore = element.reads;
    known.scrollTo(element as unknown as HTMLElement, 1e9, 500);
    element.dispatchEvent(new Event('scroll'));
    expect(reports.at(-1)).toEqual([500, false]);
    expect(element.reads).toBe(readsBefore);
  });

  it("reads scrollTop for the user's scrolls, including the one after a reported write", () => {
    const { element, known, reports } = setup();
    known.scrollTo(element as unknown as HTMLElement, 40, 500);
    element.dispatchEvent(new Event('scroll'));
    element.userScrollTo(123);
    expect(reports.at(-1)).toEqual([123, true]);
    expect(element.reads).toBe(1);
  });

  it("skips the virtualizer's write of the offset the element is already at, and makes other writes", () => {
    const { element, known } = setup();
    const writes: number[] = [];
    const scrollElement = { scrollTo: ({ top }: { top: number }) => writes.push(top) } as unknown as Element;
    known.scrollToFn(0, {}, { scrollElement });
    element.userScrollTo(50);
    known.scrollToFn(50, {}, { scrollElement });
    known.scrollToFn(40, { adjustments: 5 }, { scrollElement });
    expect(writes).toEqual([45]);
  });

  it('reports offset 0 when it starts observing, without reading scrollTop (a layout at mount)', () => {
    const { element, reports } = setup();
    expect(reports).toEqual([[0, false]]);
    expect(element.reads).toBe(0);
  });

  it('says scrolling ended after the reset delay, and stops listening when unsubscribed', async () => {
    const { element, reports, stop } = setup();
    element.userScrollTo(7);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports.at(-1)).toEqual([7, false]);
    stop?.();
    const count = reports.length;
    element.userScrollTo(9);
    expect(reports).toHaveLength(count);
  });
});
