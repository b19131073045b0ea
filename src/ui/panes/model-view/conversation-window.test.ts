import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeConversationWindow, leavesGap } from './conversation-window.ts';

const base = { viewportPx: 500, overscanPx: 100, maxItems: 60 };

describe('computeConversationWindow', () => {
  it('at the bottom renders the newest items that cover the viewport and its overscan', () => {
    const window = computeConversationWindow({
      ...base,
      count: 100,
      heightOf: () => 100,
      distanceFromBottomPx: 0,
    });
    // 0 … 600 px from the bottom: items 99 down to 94 (the one straddling 600 px included).
    expect(window).toMatchObject({
      end: 100,
      first: 94,
      bottomSpacerPx: 0,
      topSpacerPx: 9_400,
      totalPx: 10_000,
    });
  });

  it('scrolled up renders the slice around the viewport with both spacers', () => {
    const window = computeConversationWindow({
      ...base,
      count: 100,
      heightOf: () => 100,
      distanceFromBottomPx: 2_000,
    });
    // 1,900 … 2,600 px from the bottom: items 80 (1,900–2,000) down to 74 (2,500–2,600).
    expect(window).toMatchObject({ end: 81, first: 74, bottomSpacerPx: 1_900, topSpacerPx: 7_400 });
  });

  it('at the top renders the first item', () => {
    const window = computeConversationWindow({
      ...base,
      count: 100,
      heightOf: () => 100,
      distanceFromBottomPx: 9_500,
    });
    expect(window.first).toBe(0);
    expect(window.topSpacerPx).toBe(0);
  });

  it('renders one item when a single item is taller than everything', () => {
    const window = computeConversationWindow({
      ...base,
      count: 3,
      heightOf: (index) => (index === 2 ? 50_000 : 10),
      distanceFromBottomPx: 20_000,
    });
    expect(window).toMatchObject({ first: 2, end: 3, bottomSpacerPx: 0, topSpacerPx: 20 });
  });

  it('never renders more than maxItems', () => {
    const window = computeConversationWindow({
      ...base,
      maxItems: 5,
      count: 1_000,
      heightOf: () => 1,
      distanceFromBottomPx: 0,
    });
    expect(window.end - window.first).toBe(5);
  });

  it('is empty for no items', () => {
    expect(
      computeConversationWindow({ ...base, count: 0, heightOf: () => 1, distanceFromBottomPx: 0 }),
    ).toEqual({
      first: 0,
      end: 0,
      topSpacerPx: 0,
      bottomSpacerPx: 0,
      totalPx: 0,
    });
  });

  it('always covers the viewport with the rendered items, whatever the heights and position', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3_000 }), { minLength: 1, maxLength: 300 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (heights, where) => {
          const total = heights.reduce((sum, height) => sum + height, 0);
          const distance = Math.floor(where * Math.max(0, total - base.viewportPx));
          const window = computeConversationWindow({
            ...base,
            maxItems: 1_000,
            count: heights.length,
            heightOf: (index) => heights[index] ?? 1,
            distanceFromBottomPx: distance,
          });
          const rendered = heights.slice(window.first, window.end).reduce((sum, height) => sum + height, 0);
          expect(window.topSpacerPx + rendered + window.bottomSpacerPx).toBe(total);
          expect(window.bottomSpacerPx).toBeLessThanOrEqual(distance);
          expect(window.bottomSpacerPx + rendered).toBeGreaterThanOrEqual(
            Math.min(total, distance + base.viewportPx),
          );
          expect(
            leavesGap(window, rendered, {
              count: heights.length,
              distanceFromBottomPx: distance,
              viewportPx: base.viewportPx,
            }),
          ).toBe(false);
        },
      ),
    );
  });
});

describe('leavesGap', () => {
  const input = { count: 100, distanceFromBottomPx: 0, viewportPx: 500 };
  const window = computeConversationWindow({ ...base, ...input, heightOf: () => 100 });
  it('is false when the measured items still cover the viewport', () => {
    expect(leavesGap(window, 600, input)).toBe(false);
  });
  it('is true when the items turned out shorter than estimated and the top spacer shows', () => {
    expect(leavesGap(window, 300, input)).toBe(true);
  });
});
