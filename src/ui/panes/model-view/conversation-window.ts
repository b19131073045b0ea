// Which items of the model view's conversation are rendered, for a scroller whose position is
// counted from its bottom (a column-reverse scroller: scrollTop 0 is the newest message, more
// negative is further up). Items are laid out in normal flow between two spacers:
//
//   [top spacer: items 0 … first-1] [items first … end-1, rendered] [bottom spacer: end … count-1]
//
// Normal flow is what keeps a cursor move cheap: at the bottom the window is the newest items, laid
// out in one frame with no measurement or scroll write. Heights of items outside the window come from
// what was measured when they were last rendered, or from an estimate; an estimate that is wrong only
// changes the top spacer, which lies above the viewport, and a column-reverse scroller keeps its
// distance from the bottom when content above it changes, so nothing on screen moves.

/** The rendered slice of the conversation and the spacers around it. */
export interface ConversationWindow {
  /** First rendered item (inclusive). */
  first: number;
  /** One past the last rendered item. */
  end: number;
  /** Height standing in for items 0 … first-1 (px). */
  topSpacerPx: number;
  /** Height standing in for items end … count-1 (px). */
  bottomSpacerPx: number;
  /** Estimated height of the whole conversation (px). */
  totalPx: number;
}

export interface ConversationWindowInput {
  count: number;
  /** Item `index`'s height: measured when known, else estimated (px, > 0). */
  heightOf: (index: number) => number;
  /** How far the viewport's bottom edge is above the conversation's bottom (px, ≥ 0). */
  distanceFromBottomPx: number;
  viewportPx: number;
  /** Rendered beyond each edge of the viewport, so a fast scroll or a short estimate shows no gap (px). */
  overscanPx: number;
  /** Most items rendered at once, whatever the estimates say (a bound on one commit's work). */
  maxItems: number;
}

/**
 * The items whose estimated extent meets the viewport widened by `overscanPx` on both sides, counted
 * from the bottom; always at least one item when there are any, at most `maxItems`. O(count).
 */
export function computeConversationWindow(input: ConversationWindowInput): ConversationWindow {
  const { count, heightOf, viewportPx, overscanPx } = input;
  if (count <= 0) return { first: 0, end: 0, topSpacerPx: 0, bottomSpacerPx: 0, totalPx: 0 };
  const low = Math.max(0, input.distanceFromBottomPx - overscanPx);
  const high = input.distanceFromBottomPx + viewportPx + overscanPx;
  const maxItems = Math.max(1, input.maxItems);
  let fromBottom = 0;
  let bottomSpacerPx = 0;
  let renderedPx = 0;
  let end = -1;
  let first = -1;
  let index = count - 1;
  for (; index >= 0; index -= 1) {
    const height = Math.max(1, heightOf(index));
    const top = fromBottom + height;
    if (end === -1) {
      // Below the window until an item reaches `low` (or it is the first item: at least one).
      if (top > low || index === 0) {
        end = index + 1;
        first = index;
        renderedPx = height;
      } else bottomSpacerPx += height;
    } else if (fromBottom < high && end - index <= maxItems) {
      first = index;
      renderedPx += height;
    } else break;
    fromBottom = top;
  }
  let topSpacerPx = 0;
  for (let above = first - 1; above >= 0; above -= 1) topSpacerPx += Math.max(1, heightOf(above));
  return { first, end, topSpacerPx, bottomSpacerPx, totalPx: topSpacerPx + renderedPx + bottomSpacerPx };
}

/**
 * Whether the rendered items, at their measured heights, leave part of the widened viewport to a
 * spacer: then the window must be computed again (an estimate was too tall). `renderedPx` is the sum
 * of the rendered items' measured heights.
 */
export function leavesGap(
  window: ConversationWindow,
  renderedPx: number,
  input: Pick<ConversationWindowInput, 'count' | 'distanceFromBottomPx' | 'viewportPx'>,
): boolean {
  if (window.end <= window.first) return false;
  const coversBottom = window.end === input.count || window.bottomSpacerPx <= input.distanceFromBottomPx;
  const reachesTop =
    window.first === 0 || window.bottomSpacerPx + renderedPx >= input.distanceFromBottomPx + input.viewportPx;
  return !(coversBottom && reachesTop);
}
