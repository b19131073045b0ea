// Component tests of the approval box (Vitest browser mode, real Chromium): what it says of an
// approval at the cursor, and that it names who or what decided with the words the CLI prints.
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { APPROVAL_DECIDER_WORDS, type ApprovalFacts } from '../../../log/index.ts';
import { ApprovalBox } from './ApprovalBox.tsx';

function approval(overrides: Partial<ApprovalFacts> = {}): ApprovalFacts {
  return {
    askedSeq: 10,
    askedTime: 1_000,
    reason: null,
    decidedSeq: 12,
    decidedTime: 3_500,
    outcome: 'rejected',
    waitedMs: 2_500,
    policy: null,
    ...overrides,
  };
}

describe('ApprovalBox', () => {
  it('before the decision: awaiting, with no decider and no wait', async () => {
    const screen = await render(<ApprovalBox approval={approval()} atSeq={11} onJump={undefined} />);
    const box = screen.getByTestId('approval-box');
    await expect.element(box).toHaveAttribute('data-outcome', 'pending');
    await expect.element(box).toHaveTextContent(/awaiting decision/);
    expect(box.element().textContent).not.toMatch(/waited|decided seq/);
    expect(screen.getByTestId('approval-decider').query()).toBeNull();
  });

  it('a rejection says the user decided, as the CLI does (FORMAT.md §5.3: user-approval)', async () => {
    const screen = await render(<ApprovalBox approval={approval()} atSeq={12} onJump={undefined} />);
    await expect.element(screen.getByTestId('approval-box')).toHaveAttribute('data-outcome', 'rejected');
    await expect
      .element(screen.getByTestId('approval-decider'))
      .toHaveTextContent(APPROVAL_DECIDER_WORDS.user);
    expect(screen.getByTestId('approval-box').element().textContent).not.toMatch(/does not name/);
    await expect.element(screen.getByTestId('approval-box')).toHaveTextContent(/waited 2\.50 s/);
  });

  it('unavailable is no one’s decision: it failed closed', async () => {
    const screen = await render(
      <ApprovalBox approval={approval({ outcome: 'unavailable' })} atSeq={20} onJump={undefined} />,
    );
    await expect
      .element(screen.getByTestId('approval-decider'))
      .toHaveTextContent(APPROVAL_DECIDER_WORDS.policy);
  });

  it('an ask never decided in the log says so; its seq links jump', async () => {
    const onJump = vi.fn();
    const screen = await render(
      <ApprovalBox
        approval={approval({ decidedSeq: null, decidedTime: null, outcome: null, waitedMs: null })}
        atSeq={99}
        onJump={onJump}
      />,
    );
    await expect.element(screen.getByTestId('approval-box')).toHaveTextContent(/never decided in this log/);
    await screen.getByRole('button', { name: /seq 10/ }).click();
    expect(onJump).toHaveBeenCalledWith(10);
  });
});
