// Tests of the timeline's ticks: round seqs, round UTC times, none inside an idle gap.
import { describe, expect, it } from 'vitest';
import { createTimeAxis } from './timeline-axis.ts';
import {
  buildSeqTicks,
  buildTimeTicks,
  chooseSeqStep,
  chooseTimeStep,
  formatEdgeTime,
  formatTickTime,
} from './timeline-ticks.ts';

describe('seq ticks', () => {
  it('steps by 1, 2 or 5 × 10^k, at least the spacing apart', () => {
    expect(chooseSeqStep(1000, 1000, 90)).toBe(100);
    expect(chooseSeqStep(1_300_000, 1400, 90)).toBe(100_000);
    expect(chooseSeqStep(10, 1000, 90)).toBe(1);
  });

  it('puts ticks at round seqs inside the window', () => {
    expect(buildSeqTicks({ start: 150, end: 520 }, 400, 90).map((tick) => tick.label)).toEqual([
      '200',
      '300',
      '400',
      '500',
    ]);
  });
});

describe('time ticks', () => {
  const HOUR = 3_600_000;
  const START = Date.UTC(2026, 6, 6, 15, 36, 0);
  // Ten minutes of work, four idle hours, ten minutes of work.
  const axis = createTimeAxis(
    [
      { seq: 0, time: START },
      { seq: 100, time: START + 600_000 },
      { seq: 101, time: START + 600_000 + 4 * HOUR },
      { seq: 200, time: START + 1_200_000 + 4 * HOUR },
    ],
    201,
    (fromSeq) => fromSeq === 100,
  );

  it('chooses round time steps', () => {
    expect(chooseTimeStep(60_000, 600, 90)).toBe(10_000);
    expect(chooseTimeStep(3_600_000, 1200, 90)).toBe(300_000);
  });

  it('ticks at round clock times on both sides of a gap and none inside it', () => {
    if (!axis) throw new Error('no time axis');
    const ticks = buildTimeTicks(axis, { start: 0, end: axis.extent }, 1400, 90);
    expect(ticks.map((tick) => tick.label)).toEqual([
      ...['15:36', '15:38', '15:40', '15:42', '15:44', '15:46'],
      ...['19:46', '19:48', '19:50', '19:52', '19:54', '19:56'],
    ]);
    const gap = axis.gaps[0];
    if (!gap) throw new Error('no gap');
    expect(ticks.every((tick) => tick.pos <= gap.startPos || tick.pos >= gap.endPos)).toBe(true);
  });

  it('names the day on the first tick after the date changed', () => {
    const night = Date.UTC(2026, 6, 6, 23, 40);
    const overnight = createTimeAxis(
      [
        { seq: 0, time: night },
        { seq: 10, time: night + 600_000 },
        { seq: 11, time: night + 600_000 + 7 * HOUR },
        { seq: 20, time: night + 1_200_000 + 7 * HOUR },
      ],
      21,
      (fromSeq) => fromSeq === 10,
    );
    if (!overnight) throw new Error('no time axis');
    const labels = buildTimeTicks(overnight, { start: 0, end: overnight.extent }, 1400, 90).map(
      (tick) => tick.label,
    );
    expect(labels[0]).toBe('23:40');
    expect(labels).toContain('07-07 06:50');
    expect(labels.filter((label) => label.includes('-'))).toHaveLength(1);
  });

  it('formats tick times as precisely as their step, and edges with the date', () => {
    const time = Date.UTC(2026, 6, 9, 8, 44, 46, 250);
    expect(formatTickTime(time, 60_000)).toBe('08:44');
    expect(formatTickTime(time, 1000)).toBe('08:44:46');
    expect(formatTickTime(time, 100)).toBe('08:44:46.250');
    expect(formatTickTime(Date.UTC(2026, 6, 9), 3_600_000)).toBe('07-09');
    expect(formatEdgeTime(time, 60_000)).toBe('2026-07-09 08:44:46Z');
    expect(formatEdgeTime(time, 5_000)).toBe('2026-07-09 08:44:46.250Z');
  });
});
