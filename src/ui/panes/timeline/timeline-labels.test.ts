// Tests of the timeline's labels: shortened to fit, never dropped while one fits; what a screen reader says.
import { describe, expect, it } from 'vitest';
import type { TimelineSpan } from './timeline-geometry.ts';
import {
  chooseLabel,
  describeSpan,
  labelCandidates,
  LABEL_PADDING_PX,
  pickLabelColor,
} from './timeline-labels.ts';

function span(overrides: Partial<TimelineSpan>): TimelineSpan {
  return {
    lane: 'turn',
    startSeq: 10,
    endSeq: 40,
    isHanging: false,
    isRunning: false,
    turn: 3,
    step: 0,
    reason: 'completed',
    isZeroStep: false,
    toolName: null,
    stepCount: 4,
    ...overrides,
  };
}

/** 6 px per character, as a 10 px font roughly measures. */
const measure = (text: string) => text.length * 6;

describe('labels on bars', () => {
  it('offers a turn label from the full text down to the bare number', () => {
    expect(labelCandidates(span({}), 4)).toEqual(['T3 completed · 4 steps', 'T3 completed', 'T3', '3']);
    expect(labelCandidates(span({ isHanging: true, reason: null }), 0)).toEqual([
      'T3 hanging · 0 steps',
      'T3 hanging',
      'T3',
      '3',
    ]);
    expect(labelCandidates(span({ isRunning: true, reason: null }), 2)).toEqual([
      'T3 running · 2 steps',
      'T3 running',
      'T3',
      '3',
    ]);
    expect(labelCandidates(span({ lane: 'step', step: 2 }), null)).toEqual(['step 2', 'S2', '2']);
  });

  it('picks the longest label that fits, shortening instead of vanishing', () => {
    const candidates = labelCandidates(span({}), 4);
    expect(chooseLabel(candidates, 500, measure)).toBe('T3 completed · 4 steps');
    expect(chooseLabel(candidates, 12 * 6 + LABEL_PADDING_PX, measure)).toBe('T3 completed');
    expect(chooseLabel(candidates, 30, measure)).toBe('T3');
    expect(chooseLabel(candidates, 6 + LABEL_PADDING_PX, measure)).toBe('3');
    expect(chooseLabel(candidates, 6, measure)).toBeNull();
  });

  it('writes dark text on light bars and white on dark ones', () => {
    expect(pickLabelColor('#10b981')).toBe('#09090b');
    expect(pickLabelColor('#1e3a8a')).toBe('#ffffff');
  });
});

describe('describeSpan', () => {
  it('says a turn with its end, its steps and its duration', () => {
    expect(describeSpan(span({}), 4200, 4)).toBe('turn 3, completed, 4 steps, 4.20 s, seq 10 to 40');
  });

  it('says a step inside its turn', () => {
    expect(describeSpan(span({ lane: 'step', step: 2 }), 4200, null)).toBe(
      'turn 3, step 2, completed, 4.20 s, seq 10 to 40',
    );
  });

  it('says a hanging turn, and no duration while times are unknown', () => {
    expect(describeSpan(span({ isHanging: true, reason: null }), null, 1)).toBe(
      'turn 3, hanging, no end event, 1 step, seq 10 to 40',
    );
    expect(describeSpan(span({ isRunning: true, reason: null }), null, 1)).toBe(
      'turn 3, running, no end event yet, 1 step, seq 10 to 40',
    );
  });
});
