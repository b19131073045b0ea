// Content as two runs are compared (CLI.md `diff`: "compared on content, not on seqs, ids or times"):
// a canonical text per message, tool call and request, free of ids, seqs, times and `source`, and the
// same whichever format generation stored it (a v0 tool result is a user message wrapping a
// tool-result block, a v4 one a tool-role message: both read as the result's content and error flag).

import type { ContentBlock } from '../event.ts';
import { isRecord } from '../event.ts';
import { readToolResultFacts } from '../format/generations/tool-result-facts.ts';

/** Keys that name a thing rather than say what it is: never compared. */
const IDENTITY_KEYS: ReadonlySet<string> = new Set(['id', 'toolCallId', 'callId', 'seq', 'time', 'source']);

/** Object keys as JSON text: a log's messages use a few dozen keys, quoted once. */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_MAX = 4_096;

function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < QUOTED_KEYS_MAX) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/**
 * JSON with object keys sorted and identity keys dropped at every level, so two values that say
 * the same thing give the same text. Cycles cannot occur (values come from JSON.parse), nor depth
 * beyond MAX_VALUE_DEPTH (events are read with it bounded). Written as loops that append to one
 * string: a cross-generation compare writes every message of both runs (issue 23).
 */
export function stableJson(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      text += stableJson(value[index]);
    }
    return `${text}]`;
  }
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    let text = '{';
    let isFirst = true;
    for (const key of keys) {
      const member = value[key];
      if (member === undefined || IDENTITY_KEYS.has(key)) continue;
      if (!isFirst) text += ',';
      isFirst = false;
      text += `${quoteKey(key)}:${stableJson(member)}`;
    }
    return `${text}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Tool-call arguments as compared: the parsed JSON in stable form, or the raw text when it is not JSON. */
export function canonicalArguments(argumentsText: string): string {
  try {
    return stableJson(JSON.parse(argumentsText));
  } catch {
    return JSON.stringify(argumentsText);
  }
}

/** One content block without its ids (a tool-call block keeps name and canonical arguments). */
function canonicalBlock(block: ContentBlock): string {
  if (block.type === 'tool-call' && typeof block.arguments === 'string')
    return `{"call":${JSON.stringify(block.name)},"args":${canonicalArguments(block.arguments)}}`;
  return stableJson(block);
}

/**
 * A message as the model saw it: role and content. A tool result of either shape reads as role
 * `tool` with its inner content and error flag (docs/format-generations.md "Tool results").
 */
export function canonicalMessage(message: unknown): string {
  if (!isRecord(message)) return 'null';
  const facts = readToolResultFacts(message);
  if (message['role'] === 'tool' || facts.toolCallId !== null)
    return `{"role":"tool","isError":${facts.isError},"content":[${facts.content.map(canonicalBlock).join(',')}]}`;
  const content = Array.isArray(message['content']) ? (message['content'] as unknown[]) : [];
  const blocks = content.filter(isRecord) as ContentBlock[];
  return `{"role":${JSON.stringify(message['role'] ?? null)},"content":[${blocks.map(canonicalBlock).join(',')}]}`;
}

/**
 * An assistant answer without its tool-call blocks: calls are compared as calls (name, arguments,
 * result), so a changed argument is a `tool-call` difference, not a different answer.
 */
export function canonicalAnswer(message: unknown): string {
  if (!isRecord(message) || !Array.isArray(message['content'])) return canonicalMessage(message);
  const content = (message['content'] as unknown[]).filter(
    (block) => !(isRecord(block) && block['type'] === 'tool-call'),
  );
  return canonicalMessage({ ...message, content });
}

/**
 * cyrb53: a 53-bit string hash, exact in a double. Keys are compared by hash so an outline of a
 * 1.3 M-event log holds numbers, not texts; a collision (about 1 in 2^53 per pair) would make two
 * different items look alike, and every shown difference is re-read from the logs.
 */
export function hashText(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const EMPTY_TEXT_HASH = hashText('');

/**
 * One hash of several (53-bit hashes, as hashText gives): order matters; none gives hashText('').
 * Mixes the numbers themselves (each as two 32-bit words, in two lanes of multiply + xorshift)
 * instead of hashing their decimal text: an outline combines some 50,000 per run.
 */
export function combineHashes(hashes: readonly number[]): number {
  if (hashes.length === 0) return EMPTY_TEXT_HASH;
  let h1 = 0xdeadbeef ^ hashes.length;
  let h2 = 0x41c6ce57;
  for (const hash of hashes) {
    const low = hash >>> 0;
    const high = Math.floor(hash / 4294967296) >>> 0;
    h1 = Math.imul(h1 ^ low, 2654435761);
    h1 ^= h1 >>> 15;
    h1 = Math.imul(h1 ^ high, 2654435761);
    h1 ^= h1 >>> 15;
    h2 = Math.imul(h2 ^ high, 1597334677);
    h2 ^= h2 >>> 13;
    h2 = Math.imul(h2 ^ low, 1597334677);
    h2 ^= h2 >>> 13;
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
