// Component tests of the one seq link (Vitest browser mode, real Chromium): the button e2e finds by
// data-seq-link hands its seq to onJump; no seq shows a dash, no onJump plain text.
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { SeqLink } from './SeqLink.tsx';

describe('SeqLink', () => {
  it('a click hands its seq to onJump; the label and tooltip default to the seq', async () => {
    const onJump = vi.fn();
    const screen = await render(<SeqLink seq={42} onJump={onJump} />);
    const link = screen.getByRole('button', { name: '#42' });
    await expect.element(link).toHaveAttribute('data-seq-link', '42');
    await expect.element(link).toHaveAttribute('title', 'Go to seq 42');
    await link.click();
    expect(onJump).toHaveBeenCalledExactlyOnceWith(42);
  });

  it('takes its label and tooltip from the caller', async () => {
    const onJump = vi.fn();
    const screen = await render(
      <SeqLink seq={7} onJump={onJump} title="Go to the tool/call event">
        call 7
      </SeqLink>,
    );
    const link = screen.getByRole('button', { name: 'call 7' });
    await expect.element(link).toHaveAttribute('title', 'Go to the tool/call event');
    await link.click();
    expect(onJump).toHaveBeenCalledWith(7);
  });

  it('without onJump the label is plain text, and without a seq a dash: no button either way', async () => {
    const plain = await render(
      <SeqLink seq={3} onJump={undefined} title="t">
        seq 3
      </SeqLink>,
    );
    await expect.element(plain.getByText('seq 3')).toBeVisible();
    expect(plain.getByRole('button').query()).toBeNull();
    await plain.unmount();
    const none = await render(<SeqLink seq={null} onJump={vi.fn()} />);
    await expect.element(none.getByText('—')).toBeVisible();
    expect(none.getByRole('button').query()).toBeNull();
  });
});
