// Tests of the timeline's window math: zoom about a point, pan, fit, follow the cursor, the wheel.
import { describe, expect, it } from 'vitest';
import {
  clampWindow,
  createWindowScale,
  fitAll,
  fitSpan,
  keepInView,
  panWindow,
  wheelDeltaPx,
  wheelZoomFactor,
  zoomWindow,
} from './timeline-window.ts';

const EXTENT = 1000;
const MIN_SPAN = 10;

describe('zoomWindow', () => {
  it('keeps the anchor at the same place on screen', () => {
    const before = { start: 100, end: 500 };
    const after = zoomWindow(before, 2, 200, EXTENT, MIN_SPAN);
    expect(after.end - after.start).toBe(200);
    const fraction = (anchor: number, window: { start: number; end: number }) =>
      (anchor - window.start) / (window.end - window.start);
    expect(fraction(200, after)).toBeCloseTo(fraction(200, before));
  });

  it('stops at the narrowest window and at the whole axis', () => {
    expect(zoomWindow({ start: 0, end: 20 }, 100, 10, EXTENT, MIN_SPAN)).toEqual({ start: 5, end: 15 });
    expect(zoomWindow({ start: 400, end: 600 }, 0.01, 500, EXTENT, MIN_SPAN)).toEqual(fitAll(EXTENT));
  });

  it('zooming out near an edge stays inside the axis', () => {
    const after = zoomWindow({ start: 0, end: 100 }, 0.5, 10, EXTENT, MIN_SPAN);
    expect(after).toEqual({ start: 0, end: 200 });
  });
});

describe('panWindow and clampWindow', () => {
  it('moves the window and stops at an edge, keeping its width', () => {
    expect(panWindow({ start: 100, end: 200 }, 50, EXTENT, MIN_SPAN)).toEqual({ start: 150, end: 250 });
    expect(panWindow({ start: 100, end: 200 }, -500, EXTENT, MIN_SPAN)).toEqual({ start: 0, end: 100 });
    expect(panWindow({ start: 800, end: 900 }, 500, EXTENT, MIN_SPAN)).toEqual({ start: 900, end: 1000 });
  });

  it('widens a window narrower than the minimum and narrows one wider than the axis', () => {
    expect(clampWindow({ start: 50, end: 52 }, EXTENT, MIN_SPAN)).toEqual({ start: 50, end: 60 });
    expect(clampWindow({ start: -100, end: 2000 }, EXTENT, MIN_SPAN)).toEqual({ start: 0, end: 1000 });
  });
});

describe('fitSpan', () => {
  it('shows the span with a small margin on each side', () => {
    const window = fitSpan(400, 500, EXTENT, MIN_SPAN);
    expect(window.start).toBeLessThan(400);
    expect(window.end).toBeGreaterThan(500);
    expect(window.end - window.start).toBeLessThan(120);
    expect((window.start + window.end) / 2).toBeCloseTo(450);
  });

  it('fits a span shorter than the narrowest window around its middle', () => {
    const window = fitSpan(500, 501, EXTENT, MIN_SPAN);
    expect(window.start).toBeLessThan(500);
    expect(window.end).toBeGreaterThan(501);
  });
});

describe('keepInView', () => {
  const window = { start: 200, end: 300 };

  it('leaves the window alone while the cursor is inside it', () => {
    expect(keepInView(window, 250, EXTENT, MIN_SPAN)).toBe(window);
  });

  it('turns the page when the cursor steps past an edge, so what lies ahead shows', () => {
    expect(keepInView(window, 310, EXTENT, MIN_SPAN)).toEqual({ start: 300, end: 400 });
    expect(keepInView(window, 190, EXTENT, MIN_SPAN)).toEqual({ start: 100, end: 200 });
  });

  it('centres a cursor that jumped far away, within the axis', () => {
    expect(keepInView(window, 700, EXTENT, MIN_SPAN)).toEqual({ start: 650, end: 750 });
    expect(keepInView(window, 990, EXTENT, MIN_SPAN)).toEqual({ start: 900, end: 1000 });
  });
});

describe('the wheel', () => {
  it('zooms in on a wheel up or a pinch outwards, and out the other way', () => {
    expect(wheelZoomFactor(-100, false)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100, false)).toBeLessThan(1);
    expect(wheelZoomFactor(-100, false) * wheelZoomFactor(100, false)).toBeCloseTo(1);
    // A pinch sends small deltas: the same delta zooms further.
    expect(wheelZoomFactor(-10, true)).toBeGreaterThan(wheelZoomFactor(-10, false));
  });

  it('reads line and page deltas as pixels', () => {
    expect(wheelDeltaPx(3, 0)).toBe(3);
    expect(wheelDeltaPx(3, 1)).toBe(48);
    expect(wheelDeltaPx(1, 2)).toBe(400);
  });
});

describe('createWindowScale', () => {
  it('maps the window onto the width minus the padding, and back', () => {
    const scale = createWindowScale({ start: 100, end: 200 }, 120, 10);
    expect(scale.toX(100)).toBe(10);
    expect(scale.toX(200)).toBe(110);
    expect(scale.toPos(60)).toBe(150);
    expect(scale.posPerPx).toBe(1);
  });
});
