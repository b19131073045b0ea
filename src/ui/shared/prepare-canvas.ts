// Readies a canvas for a redraw at device-pixel resolution: the one place that sizes and clears them.

/**
 * Sizes `canvas` to `widthPx` × `heightPx` CSS px at the device pixel ratio — only when the size
 * changed, since resizing reallocates the bitmap — scales the context to CSS px and clears it.
 * Returns null when no 2D context is available.
 */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  widthPx: number,
  heightPx: number,
): CanvasRenderingContext2D | null {
  const ratio = window.devicePixelRatio || 1;
  const deviceWidth = Math.round(widthPx * ratio);
  const deviceHeight = Math.round(heightPx * ratio);
  if (canvas.width !== deviceWidth) canvas.width = deviceWidth;
  if (canvas.height !== deviceHeight) canvas.height = deviceHeight;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, widthPx, heightPx);
  return context;
}
