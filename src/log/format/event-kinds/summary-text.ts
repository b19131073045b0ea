// Words for the row summaries of the event kinds (registry.ts): excerpts, labels and the
// describers of the payloads several kinds share. Log text is untrusted: every summary goes through
// the one cleaner (base/visible-text.ts) in projections/event-summary.ts before it is shown.

import { isRecord } from '../../event.ts';
import { expandStream } from '../generations/stream-records.ts';
import { readToolResultFacts } from '../generations/tool-result-facts.ts';
import { describeMessageSource } from '../message-sources.ts';

/** Longest quoted excerpt of message or chunk text inside a summary, in UTF-16 code units. */
const EXCERPT_MAX_CHARS = 80;

/** A subagent/catalog entry: its version and mode (1 adds "unknown", 2 is an external execution). */
export function describeCatalog(data: Record<string, unknown>): string {
  const label = typeof data.label === 'string' ? `: ${excerpt(data.label)}` : '';
  const mode =
    data.mode === 'external'
      ? 'external execution (no local child log)'
      : data.mode === 'unknown'
        ? 'child of unknown mode'
        : `${show(data.mode)} child`;
  return `v${show(data.version)} ${mode} ${show(data.childId)}${label}`;
}

export function describeAssistant(data: Record<string, unknown>, surfaceOp: unknown): string {
  const message = isRecord(data.message) ? data.message : {};
  const content = Array.isArray(message.content) ? message.content : [];
  const flags = data.interrupted === true ? ' (interrupted)' : '';
  if (content.length === 0) return `${opLabel(surfaceOp)}no content (usage only)${flags}`;
  return `${opLabel(surfaceOp)}${excerptContent(content)}${flags}`;
}

export function describeToolResult(data: Record<string, unknown>, surfaceOp: unknown): string {
  const message = isRecord(data.message) ? data.message : {};
  const source = isRecord(message.source) ? message.source : {};
  const facts = readToolResultFacts(message);
  const inner = facts.content;
  const isError = facts.isError;
  const error = isRecord(data.error) && typeof data.error.code === 'string' ? ` ${data.error.code}` : '';
  return `${opLabel(surfaceOp)}${show(source.callId)}${isError ? ` error${error}` : ''}: ${excerptContent(inner)}`;
}

/** A model attempt no message answered (generation 2 on): its finish, or that it never finished. */
export function describeAttempt(stream: unknown): string {
  const { chunks } = expandStream(stream);
  const finish = chunks.findLast(({ chunk }) => chunk.type === 'finish')?.chunk;
  const reason = isRecord(finish?.reason) ? finish.reason : null;
  const failure = reason !== null && isRecord(reason.failure) ? reason.failure : null;
  const outcome =
    reason === null
      ? 'stopped without a finish'
      : `finished ${show(reason.kind)}${failure !== null ? ` ${show(failure.code)}: ${excerpt(typeof failure.message === 'string' ? failure.message : '')}` : ''}`;
  return `attempt of ${chunks.length} chunks, ${outcome}`;
}

export function describeChunk(chunk: unknown): string {
  if (!isRecord(chunk)) return '';
  const index = typeof chunk.index === 'number' ? `#${chunk.index} ` : '';
  switch (chunk.type) {
    case 'block-start':
      return `${index}block-start ${show(chunk.blockType)}`;
    case 'text-delta':
    case 'reasoning-delta':
      return `${index}${chunk.type} ${quote(typeof chunk.text === 'string' ? chunk.text : '')}`;
    case 'tool-call-delta':
      return `${index}tool-call-delta ${typeof chunk.name === 'string' ? `${chunk.name} ` : ''}${quote(typeof chunk.argumentsDelta === 'string' ? chunk.argumentsDelta : '')}`;
    case 'block-end': {
      const block = isRecord(chunk.block) ? chunk.block : {};
      return `${index}block-end ${show(block.type)}`;
    }
    case 'usage': {
      const usage = isRecord(chunk.usage) ? chunk.usage : {};
      return `usage in ${show(usage.inputTokens)} out ${show(usage.outputTokens)}${typeof usage.cacheReadTokens === 'number' ? ` cache ${usage.cacheReadTokens}` : ''}`;
    }
    case 'finish':
      return `finish ${describeReason(chunk.reason)}`;
    default:
      return `${show(chunk.type)}`;
  }
}

export function describeReason(reason: unknown): string {
  if (!isRecord(reason)) return show(reason);
  const failure = isRecord(reason.failure) ? reason.failure : isRecord(reason.error) ? reason.error : null;
  if (failure !== null)
    return `${show(reason.kind)} ${show(failure.code)}${typeof failure.message === 'string' ? `: ${excerpt(failure.message)}` : ''}`;
  if (isRecord(reason.reason)) return `${show(reason.kind)} (${show(reason.reason.kind)})`;
  return show(reason.kind);
}

export function opLabel(surfaceOp: unknown): string {
  if (isRecord(surfaceOp) && surfaceOp.op === 'replace')
    return `replaces ${show(surfaceOp.start)}..${show(surfaceOp.end)}: `;
  return '';
}

export function sourceLabel(source: unknown): string {
  return describeMessageSource(source);
}

/** The first text-like piece of a content block list, or a list of block types. */
export function excerptContent(content: unknown): string {
  if (!Array.isArray(content)) return '';
  const types: string[] = [];
  for (const block of content) {
    if (!isRecord(block)) continue;
    if (
      (block.type === 'text' || block.type === 'reasoning') &&
      typeof block.text === 'string' &&
      block.text.trim() !== ''
    ) {
      const more = content.length > 1 ? ` (+${content.length - 1} blocks)` : '';
      return `${block.type === 'reasoning' ? 'thinking: ' : ''}${quote(block.text)}${more}`;
    }
    if (block.type === 'tool-call') types.push(`tool-call ${show(block.name)}`);
    else types.push(show(block.type));
  }
  return types.join(', ');
}

export function genericSummary(data: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of Object.keys(data)) {
    const value = data[key];
    if (typeof value === 'string') parts.push(`${key}=${excerpt(value)}`);
    else if (typeof value === 'number' || typeof value === 'boolean') parts.push(`${key}=${String(value)}`);
    if (parts.length >= 4) break;
  }
  return parts.join(' ');
}

function quote(text: string): string {
  return JSON.stringify(text.length > EXCERPT_MAX_CHARS ? `${text.slice(0, EXCERPT_MAX_CHARS)}…` : text);
}

export function excerpt(text: string): string {
  return text.length > EXCERPT_MAX_CHARS ? `${text.slice(0, EXCERPT_MAX_CHARS)}…` : text;
}

export function show(value: unknown): string {
  if (typeof value === 'string') return excerpt(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  return value === undefined ? '?' : excerpt(serialize(value));
}

/**
 * JSON text of a stored value for an excerpt. Data may nest deeper than JSON.stringify can walk
 * (it throws RangeError); such a value is named instead of serialized.
 */
function serialize(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return Array.isArray(value) ? '[… nested too deep to show]' : '{… nested too deep to show}';
  }
}
