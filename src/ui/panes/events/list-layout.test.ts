import { describe, expect, it } from 'vitest';
import {
  BLOCK_ROWS,
  MIN_ROW_HEIGHT_PX,
  ROW_HEIGHT_PX,
  computeListLayout,
  computeWindowRows,
  placeRowWindow,
  scrollTopToKeepInView,
  scrollTopToReveal,
} from './list-layout.ts';

const CHROMIUM_MAX_PX = 33_554_428;
const FIREFOX_MAX_PX = 17_895_697;

describe('computeListLayout', () => {
  it('keeps the normal row height when the list fits', () => {
    const layout = computeListLayout(1_000, CHROMIUM_MAX_PX);
    expect(layout.rowHeightPx).toBe(ROW_HEIGHT_PX);
    expect(layout.totalHeightPx).toBe(1_000 * ROW_HEIGHT_PX);
  });

  it('groups rows into blocks whose heights add up to the whole list, the last block holding the rest', () => {
    const layout = computeListLayout(BLOCK_ROWS * 3 + 5, CHROMIUM_MAX_PX);
    expect(layout.blockCount).toBe(4);
    expect(layout.lastBlockHeightPx).toBe(5 * ROW_HEIGHT_PX);
    expect(layout.blockHeightPx * 3 + layout.lastBlockHeightPx).toBe(layout.totalHeightPx);
  });

  it('fits 1.3 M rows at the normal height in Chromium', () => {
    const layout = computeListLayout(1_300_327, CHROMIUM_MAX_PX);
    expect(layout.rowHeightPx).toBe(ROW_HEIGHT_PX);
    expect(layout.totalHeightPx).toBeLessThan(CHROMIUM_MAX_PX);
  });

  it('shrinks rows so 1.3 M rows stay under Firefox’s limit and the last row is reachable', () => {
    const layout = computeListLayout(1_300_327, FIREFOX_MAX_PX);
    expect(layout.rowHeightPx).toBeLessThan(ROW_HEIGHT_PX);
    expect(layout.rowHeightPx).toBeGreaterThanOrEqual(MIN_ROW_HEIGHT_PX);
    expect(layout.totalHeightPx).toBeLessThan(FIREFOX_MAX_PX);
  });

  it('never shrinks rows below the minimum', () => {
    expect(computeListLayout(100_000_000, CHROMIUM_MAX_PX).rowHeightPx).toBe(MIN_ROW_HEIGHT_PX);
  });

  it('has no blocks for an empty list', () => {
    const layout = computeListLayout(0, CHROMIUM_MAX_PX);
    expect(layout.blockCount).toBe(0);
    expect(layout.totalHeightPx).toBe(0);
  });
});

describe('scrollTopToReveal', () => {
  it('leaves the scroll alone when the row is fully visible', () => {
    expect(scrollTopToReveal(10, 20, 100, 400)).toBeNull();
  });

  it('scrolls up so a row above the viewport is its first row', () => {
    expect(scrollTopToReveal(2, 20, 100, 400)).toBe(40);
  });

  it('scrolls down so a row below the viewport is its last row', () => {
    expect(scrollTopToReveal(30, 20, 100, 400)).toBe(31 * 20 - 400);
  });
});

describe('scrollTopToKeepInView (a bar above the list shrinks it)', () => {
  // Rows of 20 px, scrolled to 100: the viewport shows rows 5–24 at 400 px, rows 5–22 at 372 px.
  it('scrolls the cursor row back into view when the shrink cut it off', () => {
    expect(
      scrollTopToKeepInView(24, 20, { offsetPx: 100, heightPx: 400 }, { offsetPx: 100, heightPx: 372 }),
    ).toBe(25 * 20 - 372);
  });

  it('leaves a row that is still in view, and one the reader had scrolled away from', () => {
    expect(
      scrollTopToKeepInView(10, 20, { offsetPx: 100, heightPx: 400 }, { offsetPx: 100, heightPx: 372 }),
    ).toBeNull();
    expect(
      scrollTopToKeepInView(40, 20, { offsetPx: 100, heightPx: 400 }, { offsetPx: 100, heightPx: 372 }),
    ).toBeNull();
  });
});

describe('placeRowWindow (logs longer than the browser can lay out)', () => {
  const windowRows = computeWindowRows(33_554_400);

  it('shows the whole log when it fits, returning the same window once placed', () => {
    const placed = placeRowWindow({ firstRow: 0, rowCount: 0 }, 10, 1_300_000, windowRows);
    expect(placed).toEqual({ firstRow: 0, rowCount: 1_300_000 });
    expect(placeRowWindow(placed, 1_000_000, 1_300_000, windowRows)).toBe(placed);
  });

  it('keeps rows at full height and the window within the height limit', () => {
    expect(windowRows % BLOCK_ROWS).toBe(0);
    expect((windowRows + BLOCK_ROWS) * ROW_HEIGHT_PX).toBeLessThanOrEqual(33_554_400);
  });

  it('moves the window to the cursor when the cursor leaves it, and keeps it while inside', () => {
    const total = 15_600_165;
    const atEnd = placeRowWindow({ firstRow: 0, rowCount: 0 }, total - 1, total, windowRows);
    expect(atEnd.firstRow % BLOCK_ROWS).toBe(0);
    expect(atEnd.firstRow + atEnd.rowCount).toBe(total);
    expect(total - 1).toBeGreaterThanOrEqual(atEnd.firstRow);
    const stay = placeRowWindow(atEnd, total - 100_000, total, windowRows);
    expect(stay).toBe(atEnd);
    const middle = placeRowWindow(atEnd, 5_000_000, total, windowRows);
    expect(5_000_000).toBeGreaterThanOrEqual(middle.firstRow);
    expect(5_000_000).toBeLessThan(middle.firstRow + middle.rowCount);
    const start = placeRowWindow(middle, 0, total, windowRows);
    expect(start.firstRow).toBe(0);
  });
});
