// Component tests of the request card's tool list (real Chromium): the list and each tool row are
// disclosure buttons whose aria-expanded follows the click and whose aria-controls names what opens.
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { RequestTool } from '../../../log/index.ts';
import { RequestToolList } from './RequestToolList.tsx';

const TOOLS = [
  { name: 'bash', description: 'Run a shell command.\nMore lines.', parameters: { type: 'object' } },
  { name: 'read_file', description: 'Read a file.', parameters: { type: 'object' } },
] as unknown as RequestTool[];

describe('RequestToolList', () => {
  it('a request without tools says "No tools", and that cannot open', async () => {
    const view = await render(<RequestToolList tools={[]} unreadableCount={0} />);
    const button = view.getByRole('button');
    await expect.element(button).toHaveTextContent('No tools');
    await expect.element(button).toBeDisabled();
  });

  it('the list and each tool row expand with aria-expanded and aria-controls naming the opened part', async () => {
    const view = await render(<RequestToolList tools={TOOLS} unreadableCount={0} />);
    const list = view.getByRole('button', { name: /2 tools/ });
    await expect.element(list).toHaveAttribute('aria-expanded', 'false');
    await list.click();
    await expect.element(list).toHaveAttribute('aria-expanded', 'true');
    const listId = list.element().getAttribute('aria-controls');
    expect(listId).toBeTruthy();
    expect(document.getElementById(listId!)?.tagName).toBe('UL');

    const row = view.getByRole('button', { name: /^bash/ });
    await expect.element(row).toHaveAttribute('aria-expanded', 'false');
    await row.click();
    await expect.element(row).toHaveAttribute('aria-expanded', 'true');
    const panelId = row.element().getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    const panel = document.getElementById(panelId!);
    expect(panel?.textContent).toContain('More lines.');
    await row.click();
    await expect.element(row).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(panelId!)).toBeNull();
  });
});
