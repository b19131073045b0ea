// Component tests of the aligned strip (Vitest browser mode, real Chromium): a compare of two long
// runs renders only the columns on screen, scrolled to the compare position through the virtualizer.
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { AlignedTurn, OutlineTurn, RunOutline } from '../../log/index.ts';
import { CompareTimelines } from './CompareTimelines.tsx';

const TURNS = 2_000;

function outline(turns: number): RunOutline {
  return {
    id: 's',
    parentSession: null,
    generation: 3,
    eventCount: turns * 10,
    inheritedLength: null,
    turns: Array.from({ length: turns }, (_, index): OutlineTurn => ({
      turn: index,
      startSeq: index * 10,
      endSeq: index * 10 + 9,
      reason: 'completed',
      key: index,
      steps: [],
      tokens: { input: 1, output: 1 },
      durationMs: 1,
      toolCalls: 0,
      toolErrors: 0,
    })),
  };
}

const aligned: AlignedTurn[] = Array.from({ length: TURNS }, (_, index) => ({
  a: index,
  b: index,
  status: index === 1_500 ? 'changed' : 'same',
  isShared: false,
  isKeyMatch: true,
  isEndChanged: false,
  steps: [],
}));

describe('CompareTimelines', () => {
  it('renders the columns on screen only, around the position, and a click moves the position', async () => {
    const base = outline(TURNS);
    const onPosition = vi.fn();
    const screen = await render(
      <div style={{ width: 800 }}>
        <CompareTimelines
          base={base}
          run={base}
          turns={aligned}
          position={{ turnIndex: 1_500, stepIndex: null }}
          isLocked
          onPosition={onPosition}
          onSideSeq={() => undefined}
        />
      </div>,
    );
    await expect.element(screen.getByTestId('compare-timelines')).toHaveAttribute('data-turn-count', '2000');
    await vi.waitFor(() => {
      expect(screen.container.querySelector('[data-column="1500"] [aria-current="true"]')).not.toBeNull();
    });
    const columns = screen.container.querySelectorAll('[data-column]');
    expect(columns.length).toBeGreaterThan(5);
    expect(columns.length).toBeLessThan(60);
    expect(screen.container.querySelector('[data-column="0"]')).toBeNull();
    const strip = screen.getByTestId('compare-timelines').element();
    // Centred on the position: column 1500 starts at 1500 × 68 px.
    await vi.waitFor(() => {
      expect(Math.abs(strip.scrollLeft + strip.clientWidth / 2 - (1_500 * 68 + 34))).toBeLessThan(40);
    });
    await screen.getByTestId('compare-turn-b').first().click();
    expect(onPosition).toHaveBeenCalledTimes(1);
    const [{ turnIndex }] = onPosition.mock.calls[0] as [{ turnIndex: number }];
    expect(Math.abs(turnIndex - 1_500)).toBeLessThan(30);
  });
});
