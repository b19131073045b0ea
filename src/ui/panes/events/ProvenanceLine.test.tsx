// Component tests of the provenance line (Vitest browser mode): one line for many sources, whose
// links go to the range's ends.
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { ProvenanceLine } from './ProvenanceLine.tsx';

describe('ProvenanceLine', () => {
  it('says how many chunks built the message and where they are; the arrow goes to the first', async () => {
    const onJump = vi.fn();
    const screen = await render(
      <ProvenanceLine
        provenance={{ count: 314, firstSeq: 735, lastSeq: 1047, type: 'assistant/chunk' }}
        onJump={onJump}
      />,
    );
    const line = screen.getByTestId('event-provenance');
    await expect.element(line).toHaveTextContent('built from 314 chunks, seq 735–1047 →');
    await screen.getByRole('button', { name: 'Go to the first source, seq 735' }).click();
    expect(onJump).toHaveBeenLastCalledWith(735);
    await screen.getByRole('button', { name: '1047' }).click();
    expect(onJump).toHaveBeenLastCalledWith(1047);
  });

  it('names mixed sources as events, in the right number', async () => {
    const screen = await render(
      <ProvenanceLine provenance={{ count: 3, firstSeq: 2, lastSeq: 23, type: null }} onJump={() => {}} />,
    );
    await expect
      .element(screen.getByTestId('event-provenance'))
      .toHaveTextContent('built from 3 events, seq 2–23');
  });
});
