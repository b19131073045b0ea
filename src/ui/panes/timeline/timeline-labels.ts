// Pure labels of the timeline: the text a bar shows (shortened to fit, never dropped while something
// fits) and the words a screen reader says for a turn or a step.

import { formatDuration } from '../../shared/format.ts';
import type { TimelineSpan } from './timeline-geometry.ts';

/** Pixels a label keeps free inside its bar (left and right together). */
export const LABEL_PADDING_PX = 6;

/** What a turn or step bar can say, longest first; the last is the bare number. */
export function labelCandidates(span: TimelineSpan, stepCount: number | null): string[] {
  if (span.lane === 'step') return [`step ${span.step}`, `S${span.step}`, String(span.step)];
  const state = span.isHanging ? 'hanging' : span.isRunning ? 'running' : (span.reason ?? '');
  const steps =
    span.isZeroStep || stepCount === 0
      ? ' · 0 steps'
      : stepCount === null
        ? ''
        : ` · ${stepCount} ${stepCount === 1 ? 'step' : 'steps'}`;
  const full = `T${span.turn}${state ? ` ${state}` : ''}`;
  return [...new Set([`${full}${steps}`, full, `T${span.turn}`, String(span.turn)])];
}

/**
 * The longest candidate whose measured width plus LABEL_PADDING_PX fits in `availablePx`, or null
 * when not even the shortest does (then only the bar's tooltip names it).
 */
export function chooseLabel(
  candidates: readonly string[],
  availablePx: number,
  measure: (text: string) => number,
): string | null {
  for (const candidate of candidates) {
    if (measure(candidate) + LABEL_PADDING_PX <= availablePx) return candidate;
  }
  return null;
}

/**
 * A turn or step as a screen reader says it: "turn 3, completed, 4 steps, 4.2 s" or "turn 3, step 2,
 * completed, 4.2 s". `durationMs` null or not finite: no duration (times not known yet).
 */
export function describeSpan(
  span: TimelineSpan,
  durationMs: number | null,
  stepCount: number | null,
): string {
  const parts = [`turn ${span.turn}`];
  if (span.lane === 'step') parts.push(`step ${span.step}`);
  parts.push(
    span.isHanging
      ? 'hanging, no end event'
      : span.isRunning
        ? 'running, no end event yet'
        : span.lane === 'step'
          ? 'completed'
          : (span.reason ?? 'ended'),
  );
  if (span.lane === 'turn' && stepCount !== null)
    parts.push(`${stepCount} ${stepCount === 1 ? 'step' : 'steps'}`);
  if (durationMs !== null && Number.isFinite(durationMs)) parts.push(formatDuration(durationMs));
  parts.push(`seq ${span.startSeq} to ${span.endSeq}`);
  return parts.join(', ');
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function relativeLuminance(hex: string): number {
  const channel = (offset: number): number => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Near-black or white, whichever contrasts more with a `#rrggbb` bar (labels drawn on bars). */
export function pickLabelColor(barHex: string): '#09090b' | '#ffffff' {
  const luminance = relativeLuminance(barHex);
  const onWhite = 1.05 / (luminance + 0.05);
  const onBlack = (luminance + 0.05) / (relativeLuminance('#09090b') + 0.05);
  return onBlack >= onWhite ? '#09090b' : '#ffffff';
}
