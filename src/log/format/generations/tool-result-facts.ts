// What a tool/result says, read from either message shape (docs/format-generations.md "Tool
// results"): up to generation 3 a user message wrapping one tool-result block, from 4 a tool-role
// message with top-level toolCallId/isError. The index and triage ask here instead of reading blocks.

import type { ContentBlock } from '../../event.ts';
import { isRecord } from '../../event.ts';

/** The facts of one tool result message; fields are null when the message does not say. */
export interface ToolResultFacts {
  toolCallId: string | null;
  isError: boolean;
  /** The result content the model sees (the wrapper's inner content, or the tool message's content). */
  content: ContentBlock[];
}

/** Reads a tool/result `data.message` of either shape. Never throws on malformed input. */
export function readToolResultFacts(message: unknown): ToolResultFacts {
  if (!isRecord(message)) return { toolCallId: null, isError: false, content: [] };
  const content = Array.isArray(message['content']) ? (message['content'] as unknown[]) : [];
  if (message['role'] === 'tool') {
    return {
      toolCallId: typeof message['toolCallId'] === 'string' ? message['toolCallId'] : null,
      isError: message['isError'] === true,
      content: content.filter(isRecord) as ContentBlock[],
    };
  }
  const block = content[0];
  if (!isRecord(block) || block['type'] !== 'tool-result')
    return { toolCallId: null, isError: false, content: [] };
  return {
    toolCallId: typeof block['toolCallId'] === 'string' ? block['toolCallId'] : null,
    isError: block['isError'] === true,
    content: Array.isArray(block['content'])
      ? ((block['content'] as unknown[]).filter(isRecord) as ContentBlock[])
      : [],
  };
}
