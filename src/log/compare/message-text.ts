// What the compare view shows of a message and how it pairs messages across runs: a display text
// (blocks as a person reads them; untrusted, shown as text) and the hash of its canonical content.

import type { ContentBlock } from '../event.ts';
import { isRecord } from '../event.ts';
import { readToolResultFacts } from '../format/generations/tool-result-facts.ts';
import { canonicalMessage, hashText } from './canonical.ts';

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function blockText(block: ContentBlock): string {
  const record = block as Record<string, unknown>;
  switch (block.type) {
    case 'text':
      return str(record.text);
    case 'reasoning':
      return `[reasoning] ${str(record.text)}`;
    case 'tool-call':
      return `→ ${str(record.name)}(${str(record.arguments)})`;
    case 'image': {
      const attachment = isRecord(record.attachment) ? record.attachment : {};
      return `[image ${str(attachment.attachmentId)}]`;
    }
    default:
      return `[${block.type}]`;
  }
}

/** The role as compared (a v0 user-wrapped tool result is `tool`), its text, its hash and error flag. */
export interface CompareMessageText {
  role: string;
  text: string;
  hash: number;
  isError: boolean;
}

export function describeMessageForCompare(message: unknown): CompareMessageText {
  const hash = hashText(canonicalMessage(message));
  if (!isRecord(message)) return { role: '?', text: '', hash, isError: false };
  const facts = readToolResultFacts(message);
  if (message.role === 'tool' || facts.toolCallId !== null)
    return { role: 'tool', text: facts.content.map(blockText).join('\n'), hash, isError: facts.isError };
  const content = Array.isArray(message.content) ? (message.content as unknown[]).filter(isRecord) : [];
  return {
    role: typeof message.role === 'string' ? message.role : '?',
    text: (content as ContentBlock[]).map(blockText).join('\n'),
    hash,
    isError: false,
  };
}
