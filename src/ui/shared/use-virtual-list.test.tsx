// Component tests of the one virtual list (Vitest browser mode, real Chromium): the list's height
// follows its items' sizes, also when only a size changes (a followed log's events list grows
// inside its last block, so the block count stays and only the last block's estimate changes).
import { useCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { useVirtualList } from './use-virtual-list.ts';

function Blocks({ count, lastSizePx }: { count: number; lastSizePx: number }) {
  const estimateSize = useCallback(
    (index: number) => (index === count - 1 ? lastSizePx : 100),
    [count, lastSizePx],
  );
  const getItemKey = useCallback((index: number) => index, []);
  const { scrollRef, totalSizePx } = useVirtualList({ count, estimateSize, getItemKey, overscan: 0 });
  return (
    <div ref={scrollRef} style={{ height: 200, overflow: 'auto' }}>
      <div data-testid="content" style={{ height: totalSizePx }} />
    </div>
  );
}

describe('useVirtualList', () => {
  it('a new size of the last item with the same count changes the list height', async () => {
    const screen = await render(<Blocks count={4} lastSizePx={20} />);
    const content = screen.getByTestId('content');
    await expect.element(content).toHaveStyle({ height: '320px' });
    await screen.rerender(<Blocks count={4} lastSizePx={220} />);
    await expect.element(content).toHaveStyle({ height: '520px' });
    await screen.rerender(<Blocks count={5} lastSizePx={50} />);
    await expect.element(content).toHaveStyle({ height: '450px' });
  });
});
