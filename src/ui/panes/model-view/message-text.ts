// What "Copy text" puts on the clipboard for a message: the stored text of its text blocks (a tool
// result's inner text blocks too), exactly as the log holds it. Pure, so it is tested without a DOM.

import type { ContentBlock } from '../../../log/index.ts';

function collect(blocks: readonly ContentBlock[], into: string[]): void {
  for (const block of blocks) {
    const record = block as Record<string, unknown>;
    if (block.type === 'text' && typeof record.text === 'string') into.push(record.text);
    else if (block.type === 'tool-result' && Array.isArray(record.content))
      collect(record.content as ContentBlock[], into);
  }
}

/**
 * The exact stored text of a message's text blocks, or null when it has none. One block's text is
 * returned as it is, byte for byte; several are joined by one blank line (the only added characters).
 */
export function messageText(content: readonly ContentBlock[]): string | null {
  const texts: string[] = [];
  collect(content, texts);
  return texts.length === 0 ? null : texts.join('\n\n');
}
