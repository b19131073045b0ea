// One short plain-text line per event for the events pane. Log text is untrusted: the summary goes
// through the one cleaner (base/visible-text.ts), so controls and bidi characters show as escapes.

import { PLAIN_LINE_MAX_CHARS, toPlainLine } from '../base/visible-text.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import { isRecord, type StoredEvent } from '../event.ts';
import { expandStream } from '../format/generations/stream-records.ts';
import { readToolResultFacts } from '../format/generations/tool-result-facts.ts';
import { generationsKnowingType } from '../format/generations/generation-rules.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { describeMessageSource } from '../format/message-sources.ts';
import { isPluginNamespaceType, isPluginRecordType } from '../format/plugin-records.ts';

/** Longest summary returned, in UTF-16 code units (an ellipsis marks the cut). */
export const SUMMARY_MAX_CHARS = PLAIN_LINE_MAX_CHARS;

/** Longest quoted excerpt of message or chunk text inside a summary, in UTF-16 code units. */
const EXCERPT_MAX_CHARS = 80;

/** What the row of an event type no dsh release knows says first. */
const UNKNOWN_TYPE_LABEL = 'not a type of any dsh release up to 0.2.1: written by a fork or a plugin?';

/**
 * A one-line plain-text summary of event `seq` (at most SUMMARY_MAX_CHARS): the salient payload
 * fields per type, generic for unknown types. Throws for a seq outside the log.
 */
export function summarizeEvent(log: OpenedLog, seq: number): string {
  if (seq < 0 || seq >= log.store.eventCount) throw new RangeError(`seq ${seq} is outside the log`);
  return summarizeUpgradedEvent(readUpgradedEventAt(log.store, seq));
}

/** summarizeEvent for an event already read with readUpgradedEventAt (search reads it once for several uses). */
export function summarizeUpgradedEvent(event: StoredEvent): string {
  const data = isRecord(event.data) ? event.data : {};
  return toPlainLine(describeEvent(event.type, data, event.surfaceOp), SUMMARY_MAX_CHARS);
}

function describeEvent(type: string, data: Record<string, unknown>, surfaceOp: unknown): string {
  switch (type) {
    case 'turn/start':
      return `turn ${show(data.turn)}`;
    case 'turn/end':
      return `turn ${show(data.turn)} ended: ${describeReason(data.reason)}`;
    case 'step/start':
    case 'step/end':
      return `turn ${show(data.turn)} step ${show(data.step)}`;
    case 'user/message':
      return `${opLabel(surfaceOp)}${sourceLabel(data.source)}: ${excerptContent(data.content)}`;
    case 'assistant/message':
      return describeAssistant(data, surfaceOp);
    case 'tool/result':
      return describeToolResult(data, surfaceOp);
    case 'system/message':
    case 'developer/message': {
      const message = isRecord(data.message) ? data.message : {};
      const content = Array.isArray(message.content) ? message.content : [];
      if (content.length === 0) return `${opLabel(surfaceOp)}${sourceLabel(message.source)}: no content`;
      return `${opLabel(surfaceOp)}${sourceLabel(message.source)}: ${excerptContent(content)}`;
    }
    case 'assistant/attempt':
      return describeAttempt(data.stream);
    case 'assistant/chunk':
      return describeChunk(data.chunk);
    case 'tool/call':
      return `${show(data.name)} ${show(data.callId)} ${excerpt(typeof data.arguments === 'string' ? data.arguments : '')}`;
    case 'request/header': {
      const header = isRecord(data.header) ? data.header : {};
      const config = isRecord(header.config) ? header.config : {};
      const tools = Array.isArray(header.tools) ? `, ${header.tools.length} tools` : '';
      return `${show(data.reason)}: ${show(config.provider)}/${show(config.model)}${tools}`;
    }
    case 'request/context':
      return `${show(data.provider)}/${show(data.model)}${typeof data.contextWindow === 'number' ? `, window ${data.contextWindow}` : ''}`;
    case 'llm/retry': {
      const failure = isRecord(data.failure) ? data.failure : {};
      return `retry ${show(data.retry)} after ${show(failure.code)}: ${excerpt(typeof failure.message === 'string' ? failure.message : '')}`;
    }
    case 'llm/retry-started':
      return `retry ${show(data.retry)} started`;
    case 'approval/asked':
      return `${show(data.toolName)}${typeof data.callId === 'string' ? ` ${data.callId}` : ''}${typeof data.reason === 'string' ? `: ${excerpt(data.reason)}` : ''}`;
    case 'approval/decided':
      return `${show(data.id)}: ${show(data.outcome)}`;
    case 'approval/policy':
      return `policy ${show(data.policy)}`;
    case 'command/run':
      return `/${show(data.name)}${typeof data.args === 'string' ? ` ${excerpt(data.args)}` : ''}`;
    case 'command/done':
      return `${show(data.kind)}${typeof data.text === 'string' ? `: ${excerpt(data.text)}` : ''}`;
    case 'compaction/start':
    case 'compaction/end':
      return `${show(data.compactionId)}${typeof data.error === 'string' ? ` error: ${excerpt(data.error)}` : ''}`;
    case 'compaction/summary':
    case 'compaction/prune': {
      const shadowed = Array.isArray(data.shadowedSeqs) ? data.shadowedSeqs.length : 0;
      return `shadows ${shadowed} node${shadowed === 1 ? '' : 's'}, ~${show(data.shadowedTokenCount)} tokens`;
    }
    case 'session/title':
      return excerpt(typeof data.title === 'string' ? data.title : '');
    case 'agent-preset/selected':
      return show(data.agentPreset);
    case 'sandbox/mode':
      return show(data.mode);
    case 'plan/mode':
      return data.active === true ? 'on' : 'off';
    case 'todo/write':
      return Array.isArray(data.todos) ? `${data.todos.length} todos` : '';
    case 'agent/inbox/spliced': {
      const inserted = Array.isArray(data.inserted) ? data.inserted.length : 0;
      return `${show(data.target)}: +${inserted} −${typeof data.removedCount === 'number' ? data.removedCount : 0}${data.outcome === 'canceled' ? ' (canceled)' : ''}`;
    }
    case 'hook/invoked':
    case 'hook/result':
      return `${show(data.point)} ${show(data.handlerId)}${typeof data.decision === 'string' ? `: ${data.decision}` : ''}`;
    case 'tool/code-dispatch-start':
    case 'tool/code-dispatch':
    case 'tool/ptc-dispatch-start':
    case 'tool/ptc-dispatch': {
      const error = isRecord(data.error) && typeof data.error.code === 'string' ? ` ${data.error.code}` : '';
      // 0.2.1 adds `meta` (presentation data beside the content, never sent to the model).
      const meta = data.meta !== undefined ? ' · meta' : '';
      return `${show(data.name)} ${show(data.subCallId)}${data.isError === true ? ` (error${error})` : ''}${meta}`;
    }
    case 'subagent/catalog':
      return describeCatalog(data);
    case 'session/title-llm-request': {
      const route = isRecord(data.route) ? data.route : {};
      const effort = typeof data.reasoningEffort === 'string' ? `, reasoning ${data.reasoningEffort}` : '';
      const cap = typeof data.maxTokens === 'number' ? `, max ${data.maxTokens} tokens` : '';
      return `${show(data.titleProvider)} via ${show(route.provider)}/${show(route.model)}${effort}${cap}`;
    }
    case 'subagent/descriptor':
      return `${show(data.mode)} via ${show(data.provider)}${typeof data.label === 'string' ? `: ${excerpt(data.label)}` : ''}`;
    case 'session/end-seed':
      return 'seed ends here (resume or fork point)';
    case 'feedback/record':
      return excerpt(typeof data.text === 'string' ? data.text : '');
    default:
      // A type no released dsh writes is named as such on its row (issue 20); the log reads on.
      if (isPluginNamespaceType(type)) return `${pluginRecordLabel(type)} · ${genericSummary(data)}`;
      if (generationsKnowingType(type).length === 0) return `${UNKNOWN_TYPE_LABEL} · ${genericSummary(data)}`;
      return genericSummary(data);
  }
}

/** A plugin record's row: a record of a plugin (upstream's grammar), or a name outside that grammar. */
function pluginRecordLabel(type: string): string {
  return isPluginRecordType(type)
    ? 'plugin record (dsh keeps it only when ignorable)'
    : `${UNKNOWN_TYPE_LABEL} (not a plugin record name)`;
}

/** A subagent/catalog entry: its version and mode (1 adds "unknown", 2 is an external execution). */
function describeCatalog(data: Record<string, unknown>): string {
  const label = typeof data.label === 'string' ? `: ${excerpt(data.label)}` : '';
  const mode =
    data.mode === 'external'
      ? 'external execution (no local child log)'
      : data.mode === 'unknown'
        ? 'child of unknown mode'
        : `${show(data.mode)} child`;
  return `v${show(data.version)} ${mode} ${show(data.childId)}${label}`;
}

function describeAssistant(data: Record<string, unknown>, surfaceOp: unknown): string {
  const message = isRecord(data.message) ? data.message : {};
  const content = Array.isArray(message.content) ? message.content : [];
  const flags = data.interrupted === true ? ' (interrupted)' : '';
  if (content.length === 0) return `${opLabel(surfaceOp)}no content (usage only)${flags}`;
  return `${opLabel(surfaceOp)}${excerptContent(content)}${flags}`;
}

function describeToolResult(data: Record<string, unknown>, surfaceOp: unknown): string {
  const message = isRecord(data.message) ? data.message : {};
  const source = isRecord(message.source) ? message.source : {};
  const facts = readToolResultFacts(message);
  const inner = facts.content;
  const isError = facts.isError;
  const error = isRecord(data.error) && typeof data.error.code === 'string' ? ` ${data.error.code}` : '';
  return `${opLabel(surfaceOp)}${show(source.callId)}${isError ? ` error${error}` : ''}: ${excerptContent(inner)}`;
}

/** A model attempt no message answered (generation 2 on): its finish, or that it never finished. */
function describeAttempt(stream: unknown): string {
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

function describeChunk(chunk: unknown): string {
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

function describeReason(reason: unknown): string {
  if (!isRecord(reason)) return show(reason);
  const failure = isRecord(reason.failure) ? reason.failure : isRecord(reason.error) ? reason.error : null;
  if (failure !== null)
    return `${show(reason.kind)} ${show(failure.code)}${typeof failure.message === 'string' ? `: ${excerpt(failure.message)}` : ''}`;
  if (isRecord(reason.reason)) return `${show(reason.kind)} (${show(reason.reason.kind)})`;
  return show(reason.kind);
}

function opLabel(surfaceOp: unknown): string {
  if (isRecord(surfaceOp) && surfaceOp.op === 'replace')
    return `replaces ${show(surfaceOp.start)}..${show(surfaceOp.end)}: `;
  return '';
}

function sourceLabel(source: unknown): string {
  return describeMessageSource(source);
}

/** The first text-like piece of a content block list, or a list of block types. */
function excerptContent(content: unknown): string {
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

function genericSummary(data: Record<string, unknown>): string {
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

function excerpt(text: string): string {
  return text.length > EXCERPT_MAX_CHARS ? `${text.slice(0, EXCERPT_MAX_CHARS)}…` : text;
}

function show(value: unknown): string {
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
