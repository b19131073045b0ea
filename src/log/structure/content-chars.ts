// Character counts of what a request carries (message content, tool schemas), measured once while
// the index is built so a token estimate at any seq never re-reads an event
// (projections/request-context.ts turns them into tokens).

import { isRecord } from '../event.ts';

/**
 * Characters of model-readable text in a message's content blocks (FORMAT.md §5.1): the text of
 * text and reasoning blocks, a tool call's name and arguments, the nested content of a tool-result
 * block, the tool name of a developer tool-addition/-removal (generation 4), and the `text` of any
 * other block that has one. Images count 0 (adapters send them as images or placeholders, not as
 * text, FORMAT.md §6.6). A non-array `content` counts 0. Iterative: content may nest deeper than
 * the call stack allows.
 */
export function countContentChars(content: unknown): number {
  if (!Array.isArray(content)) return 0;
  let chars = 0;
  const pending: unknown[] = [content];
  while (pending.length > 0) {
    const blocks = pending.pop() as unknown[];
    for (const block of blocks) {
      if (!isRecord(block)) continue;
      if (typeof block.text === 'string') chars += block.text.length;
      if (block.type === 'tool-call') {
        if (typeof block.name === 'string') chars += block.name.length;
        if (typeof block.arguments === 'string') chars += block.arguments.length;
      } else if (block.type === 'tool-result') {
        if (Array.isArray(block.content)) pending.push(block.content);
      } else if (typeof block.toolName === 'string') chars += block.toolName.length;
    }
  }
  return chars;
}

/**
 * The length of `value` written as compact JSON, counted without writing it (strings as their
 * length plus quotes, not their escapes): how many characters a tool schema costs in a prompt.
 * Values JSON cannot write (functions, undefined) count 0. Iterative, like countContentChars.
 */
export function estimateJsonChars(value: unknown): number {
  let chars = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') chars += item.length + 2;
    else if (typeof item === 'number' || typeof item === 'boolean') chars += String(item).length;
    else if (item === null) chars += 4;
    else if (Array.isArray(item)) {
      // Brackets plus a comma between members.
      chars += 2 + Math.max(0, item.length - 1);
      for (const member of item) pending.push(member);
    } else if (isRecord(item)) {
      const keys = Object.keys(item);
      chars += 2 + Math.max(0, keys.length - 1);
      for (const key of keys) {
        // "key": value
        chars += key.length + 3;
        pending.push(item[key]);
      }
    }
  }
  return chars;
}
