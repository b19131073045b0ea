// Geometry of the events list: rows grouped into fixed-size blocks (the virtualizer's items), and a
// row height that keeps the whole list under the browser's maximum element height so the last seq
// stays reachable at millions of events.

import type { EventListGeometry } from '../../../store/cursor/cursor-slice.ts';

/**
 * Rows per virtual item: the virtualizer sees eventCount / BLOCK_ROWS items, never one per event.
 * Small, so the blocks that cover a viewport hold few rows beyond it (building rows is most of a far
 * jump's cost); large enough that the virtualizer's item count stays far below the event count.
 */
export const BLOCK_ROWS = 16;
/** Rows on each side of a cursor target fetched before the list shows it: more than a tall list shows. */
const ROWS_AROUND_CURSOR = 48;
/** What the store's cursor protocol and row cache follow: the same blocks, so a prepared move finds them cached. */
export const EVENT_LIST_GEOMETRY: EventListGeometry = {
  rowsPerBlock: BLOCK_ROWS,
  rowsAroundCursor: ROWS_AROUND_CURSOR,
};
/** Row height (px) when the list fits. */
export const ROW_HEIGHT_PX = 22;
/** Smallest row height (px) the list shrinks to for very long logs (text stays legible). */
export const MIN_ROW_HEIGHT_PX = 12;
/** Height (px) assumed when the browser's limit cannot be measured: Firefox's, the lowest in use. */
const FALLBACK_MAX_ELEMENT_HEIGHT_PX = 17_000_000;
/** Share of the browser's limit the list may use (margin for the detail panel and rounding). */
const MAX_HEIGHT_SHARE = 0.95;

/** Layout of one log's events list. All lengths in CSS px. */
export interface ListLayout {
  rowHeightPx: number;
  blockCount: number;
  /** Height of every block but the last. */
  blockHeightPx: number;
  /** Height of the last block (it may hold fewer than BLOCK_ROWS rows); 0 when there are no rows. */
  lastBlockHeightPx: number;
  totalHeightPx: number;
}

/**
 * Chooses the row height for `rowCount` rows so that the list is at most `maxElementHeightPx` tall:
 * ROW_HEIGHT_PX when it fits, else the largest whole px that fits, never below MIN_ROW_HEIGHT_PX
 * (past that, which is > 2.6 M rows in Chromium, the tail is cut by the browser: see the report).
 */
export function computeListLayout(rowCount: number, maxElementHeightPx: number): ListLayout {
  const rows = Math.max(0, Math.floor(rowCount));
  const budget = Math.max(0, maxElementHeightPx) * MAX_HEIGHT_SHARE;
  const fitting = rows === 0 ? ROW_HEIGHT_PX : Math.floor(budget / rows);
  const rowHeightPx = Math.max(MIN_ROW_HEIGHT_PX, Math.min(ROW_HEIGHT_PX, fitting));
  const blockCount = Math.ceil(rows / BLOCK_ROWS);
  const lastRows = rows - (blockCount - 1) * BLOCK_ROWS;
  return {
    rowHeightPx,
    blockCount,
    blockHeightPx: BLOCK_ROWS * rowHeightPx,
    lastBlockHeightPx: blockCount === 0 ? 0 : lastRows * rowHeightPx,
    totalHeightPx: rows * rowHeightPx,
  };
}

/**
 * The scrollTop (px) that brings row `seq` fully into a viewport of `viewportPx` currently scrolled to
 * `scrollTopPx`, moving as little as possible; null when it is already fully visible.
 */
export function scrollTopToReveal(
  seq: number,
  rowHeightPx: number,
  scrollTopPx: number,
  viewportPx: number,
): number | null {
  const top = seq * rowHeightPx;
  const bottom = top + rowHeightPx;
  if (top < scrollTopPx) return top;
  if (bottom > scrollTopPx + viewportPx) return Math.max(0, bottom - viewportPx);
  return null;
}

/**
 * Where to scroll when the viewport changed height under a row (a bar above the list showed): the
 * smallest scroll that shows `row` whole again if it was whole in view before and is not now; null
 * when nothing need move (it is still in view, or the reader had scrolled it out of view already).
 */
export function scrollTopToKeepInView(
  row: number,
  rowHeightPx: number,
  before: { offsetPx: number; heightPx: number },
  after: { offsetPx: number; heightPx: number },
): number | null {
  if (scrollTopToReveal(row, rowHeightPx, before.offsetPx, before.heightPx) !== null) return null;
  return scrollTopToReveal(row, rowHeightPx, after.offsetPx, after.heightPx);
}

let measuredMaxElementHeightPx: number | null = null;

/**
 * The tallest element this browser lays out (px), measured once by asking for a 10⁹ px tall element
 * and reading back the clamped height (Chromium ≈ 33.5 M, Firefox ≈ 17.9 M).
 */
export function measureMaxElementHeightPx(): number {
  if (measuredMaxElementHeightPx !== null) return measuredMaxElementHeightPx;
  let measured = FALLBACK_MAX_ELEMENT_HEIGHT_PX;
  if (typeof document !== 'undefined' && document.body) {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:absolute;visibility:hidden;top:0;left:0;width:1px;height:1000000000px';
    document.body.appendChild(probe);
    const height = probe.getBoundingClientRect().height;
    probe.remove();
    if (Number.isFinite(height) && height > 1_000_000) measured = Math.min(height, 1_000_000_000);
  }
  measuredMaxElementHeightPx = measured;
  return measured;
}

/**
 * How many rows the list holds at ROW_HEIGHT_PX within the browser's height limit, as whole blocks,
 * minus one block of margin. Longer logs are shown through a window of this many rows (plus one
 * block) that follows the cursor, so rows keep their height and every seq stays reachable.
 */
export function computeWindowRows(maxElementHeightPx: number): number {
  const budgetRows = Math.floor((Math.max(0, maxElementHeightPx) * MAX_HEIGHT_SHARE) / ROW_HEIGHT_PX);
  return Math.max(BLOCK_ROWS, (Math.floor(budgetRows / BLOCK_ROWS) - 1) * BLOCK_ROWS);
}

/** The rows the list shows: `[firstRow, firstRow + rowCount)`, firstRow a multiple of BLOCK_ROWS. */
export interface RowWindow {
  firstRow: number;
  rowCount: number;
}

/**
 * The window to show for `cursorSeq`: the current one while the cursor is inside it, else one
 * centred on the cursor (block-aligned, clamped to the log). With `totalRows <= windowRows` it is
 * the whole log.
 */
export function placeRowWindow(
  current: RowWindow,
  cursorSeq: number | null,
  totalRows: number,
  windowRows: number,
): RowWindow {
  const visibleRows = (firstRow: number) => Math.min(windowRows + BLOCK_ROWS, totalRows - firstRow);
  if (totalRows <= windowRows) {
    const rowCount = Math.max(0, totalRows);
    return current.firstRow === 0 && current.rowCount === rowCount ? current : { firstRow: 0, rowCount };
  }
  const isInside =
    cursorSeq === null || (cursorSeq >= current.firstRow && cursorSeq < current.firstRow + current.rowCount);
  if (isInside && current.rowCount === visibleRows(current.firstRow)) return current;
  const target = cursorSeq ?? current.firstRow;
  const lastStart = Math.floor(Math.max(0, totalRows - windowRows) / BLOCK_ROWS) * BLOCK_ROWS;
  const centred = Math.floor(Math.max(0, target - windowRows / 2) / BLOCK_ROWS) * BLOCK_ROWS;
  const firstRow = isInside ? current.firstRow : Math.min(centred, lastStart);
  return { firstRow, rowCount: visibleRows(firstRow) };
}
