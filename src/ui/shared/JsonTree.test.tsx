// Component tests of the JSON tree (Vitest browser mode, real Chromium): with a search text, the
// branch that holds it opens (however deep) and is scrolled into view; without one, deep branches
// stay closed.
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { JsonTree } from './JsonTree.tsx';

const FILLER = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`field${index}`, index]));
const EVENT = {
  type: 'assistant/message',
  seq: 9,
  data: {
    ...FILLER,
    message: { role: 'assistant', content: [{ type: 'text', text: 'the MARMALADE is in the pantry' }] },
    other: { nested: { deeper: 'nothing here' } },
  },
};

function renderTree(searchText?: string) {
  return render(
    <div data-testid="box" style={{ height: 200, overflow: 'auto' }}>
      <JsonTree value={EVENT} rawText={JSON.stringify(EVENT)} searchText={searchText} />
    </div>,
  );
}

describe('JsonTree', () => {
  it('keeps branches below the second level closed without a search', async () => {
    const screen = await renderTree();
    expect(screen.getByTestId('box').element().textContent).not.toContain('MARMALADE');
  });

  it('opens the branch that holds the searched text, ignoring case, and scrolls it into view', async () => {
    const screen = await renderTree('marmalade');
    await expect.element(screen.getByText(/MARMALADE is in the pantry/)).toBeInTheDocument();
    // Only the branch with the match opens: its sibling stays closed.
    expect(screen.getByTestId('box').element().textContent).not.toContain('nothing here');
    const box = screen.getByTestId('box').element().getBoundingClientRect();
    const match = screen
      .getByText(/MARMALADE is in the pantry/)
      .element()
      .getBoundingClientRect();
    expect(match.top).toBeGreaterThanOrEqual(box.top - 1);
    expect(match.bottom).toBeLessThanOrEqual(box.bottom + 1);
  });
});
