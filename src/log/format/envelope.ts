// Whole-log checks of one event (FORMAT.md §3.5): obsolete vocabulary, message shapes, the
// unknown-type gate and the envelope. Each returns null when the event passes, else a reason.

import type { MessageRole, StoredEvent } from '../event.ts';
import { isRecord } from '../event.ts';
import type { GenerationRules } from './generations/generation-rules.ts';
import { generationsKnowingType } from './generations/generation-rules.ts';
import { isPluginNamespaceType, isPluginRecordType, PLUGIN_RECORD_GRAMMAR } from './plugin-records.ts';

/** The seven keys an event envelope may have (FORMAT.md §3.1). */
const ENVELOPE_KEYS = new Set(['type', 'seq', 'time', 'data', 'surfaceOp', 'sourceEventSeqs', 'ignorable']);

/** Obsolete tags that make upstream reject the log (FORMAT.md §3.5.1). */
const OBSOLETE_TYPES = new Set(['request/header-delta', 'mode/set']);

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** §3.5.1: `request/header-delta`, `mode/set`, or a `request/header` with reason "fallback". Checked on the stored event. */
export function checkObsoleteVocabulary(event: StoredEvent): string | null {
  if (OBSOLETE_TYPES.has(event.type))
    return `Obsolete event type "${event.type}": dsh no longer reads logs that contain it.`;
  if (event.type === 'request/header' && isRecord(event.data) && event.data['reason'] === 'fallback')
    return 'Obsolete request/header with reason "fallback": dsh no longer reads logs that contain it.';
  return null;
}

/** Checks id/role/content/source of a message object; `role` is the required role. */
function checkMessage(message: unknown, role: MessageRole, what: string): string | null {
  if (!isRecord(message)) return `${what} is not an object`;
  if (!isNonEmptyString(message['id'])) return `${what} has no non-empty string id`;
  if (message['role'] !== role) return `${what} role is not "${role}"`;
  if (!Array.isArray(message['content'])) return `${what} content is not an array`;
  if (!isRecord(message['source'])) return `${what} has no source object`;
  return null;
}

/**
 * §3.5.3 message shapes of the surface events (after legacy upgrades), for the log's generation: a
 * tool/result wraps one tool-result block up to generation 3 and is a tool-role message from 4;
 * system/message (3 on) and developer/message (4) hold a message of their role.
 */
export function checkMessageShape(event: StoredEvent, rules: GenerationRules): string | null {
  const data = event.data;
  switch (event.type) {
    case 'system/message':
    case 'developer/message': {
      if (!isRecord(data)) return `${event.type} data is not an object`;
      const role = event.type === 'system/message' ? 'system' : 'developer';
      const fault = checkMessage(data['message'], role, `${event.type} data.message`);
      if (fault) return fault;
      const message = data['message'] as Record<string, unknown>;
      return checkSourceKind(message['source'] as Record<string, unknown>, rules, event.type);
    }
    case 'user/message': {
      const fault = checkMessage(data, 'user', 'user/message data');
      if (fault) return fault;
      const source = (data as Record<string, unknown>)['source'] as Record<string, unknown>;
      if (!isNonEmptyString(source['kind'])) return 'user/message source has no non-empty string kind';
      return checkSourceKind(source, rules, 'user/message');
    }
    case 'assistant/message': {
      if (!isRecord(data)) return 'assistant/message data is not an object';
      const message = data['message'];
      const fault = checkMessage(message, 'assistant', 'assistant/message data.message');
      if (fault) return fault;
      const source = (message as Record<string, unknown>)['source'] as Record<string, unknown>;
      if (source['kind'] !== 'model') return 'assistant/message source kind is not "model"';
      if (!isNonEmptyString(source['provider']) || !isNonEmptyString(source['model']))
        return 'assistant/message source lacks a non-empty provider and model';
      return null;
    }
    case 'tool/result': {
      if (!isRecord(data)) return 'tool/result data is not an object';
      const message = data['message'];
      if (rules.toolResultShape === 'tool-role') return checkToolRoleResult(message);
      const fault = checkMessage(message, 'user', 'tool/result data.message');
      if (fault) return fault;
      const record = message as Record<string, unknown>;
      const source = record['source'] as Record<string, unknown>;
      if (source['kind'] !== 'tool') return 'tool/result source kind is not "tool"';
      if (!isNonEmptyString(source['callId'])) return 'tool/result source has no non-empty string callId';
      const content = record['content'] as unknown[];
      if (content.length !== 1) return 'tool/result content is not exactly one block';
      const block = content[0];
      if (!isRecord(block) || block['type'] !== 'tool-result')
        return 'tool/result content block is not "tool-result"';
      if (!Array.isArray(block['content'])) return 'tool/result block content is not an array';
      if (block['toolCallId'] !== source['callId'])
        return 'tool/result toolCallId differs from source.callId';
      return null;
    }
    default:
      return null;
  }
}

/** From generation 4 a source names its producer: the generic `kind: 'plugin'` is retired. */
function checkSourceKind(
  source: Record<string, unknown>,
  rules: GenerationRules,
  what: string,
): string | null {
  if (rules.hasProducerOwnedSources && source['kind'] === 'plugin')
    return `${what} source kind is "plugin", which generation ${rules.generation} retired (sources name their producer)`;
  return null;
}

/** A generation-4 tool result: `{role:'tool', toolCallId, content}` with `toolCallId` equal to `source.callId`. */
function checkToolRoleResult(message: unknown): string | null {
  const fault = checkMessage(message, 'tool', 'tool/result data.message');
  if (fault) return fault;
  const record = message as Record<string, unknown>;
  const source = record['source'] as Record<string, unknown>;
  if (source['kind'] !== 'tool') return 'tool/result source kind is not "tool"';
  if (!isNonEmptyString(source['callId'])) return 'tool/result source has no non-empty string callId';
  if (record['toolCallId'] !== source['callId']) return 'tool/result toolCallId differs from source.callId';
  if ('isError' in record && typeof record['isError'] !== 'boolean')
    return 'tool/result isError is not a boolean';
  return null;
}

/**
 * §3.5.4: a type the writing release does not know, without `ignorable: true`, makes it refuse the
 * log. A `plugin:<name>` record (generation 4) is no exception: upstream writes plugin records only
 * as ignorable events and refuses a non-ignorable one like any unknown type (plugin-records.ts).
 */
export function checkUnknownType(event: StoredEvent, rules: GenerationRules): string | null {
  if (rules.knownEventTypes.has(event.type) || event.ignorable === true) return null;
  const suffix = 'dsh refuses the log as "format unsupported". The rest of the log reads normally here.';
  if (rules.hasPluginRecords && isPluginNamespaceType(event.type)) {
    const name = isPluginRecordType(event.type)
      ? `Plugin record "${event.type}"`
      : `"${event.type}", not even a plugin record name (upstream's grammar: ${PLUGIN_RECORD_GRAMMAR}),`;
    return `${name} without ignorable: true: dsh 0.2.1 appends plugin records only as ignorable events and refuses any other type it does not know; ${suffix}`;
  }
  const knownIn = generationsKnowingType(event.type);
  // Say which it is (issue 20): a type of another generation, or no released dsh's at all.
  const what =
    knownIn.length === 0
      ? 'not a type of any dsh release up to 0.2.1: written by a fork or a plugin?'
      : `a type of generation ${knownIn.join(', ')}, not of generation ${rules.generation} that this log is`;
  return `Unknown event type "${event.type}" (${what}) without ignorable: true; ${suffix}`;
}

function checkRequestHeader(data: unknown, rules: GenerationRules): string | null {
  const header = isRecord(data) ? data['header'] : undefined;
  const config = isRecord(header) ? header['config'] : undefined;
  if (!isRecord(header) || !isRecord(config)) return 'request/header has no data.header.config object';
  if (rules.systemPrompt === 'system-message' && 'system' in header)
    return `request/header carries header.system; from generation 3 the system prompt is a system/message`;
  if (!isNonEmptyString(config['provider']) || !isNonEmptyString(config['model']))
    return 'request/header config lacks a non-empty provider and model';
  if ('reasoningEffort' in config && !isNonEmptyString(config['reasoningEffort']))
    return 'request/header config reasoningEffort is not a non-empty string';
  if ('adapterDefaults' in header) {
    const defaults = header['adapterDefaults'];
    if (!isRecord(defaults)) return 'request/header adapterDefaults is not an object';
    for (const key of Object.keys(defaults)) {
      if (key !== 'reasoningEffort' && key !== 'maxTokens')
        return `request/header adapterDefaults holds an unexpected key "${key}"`;
      if (defaults[key] !== true) return `request/header adapterDefaults.${key} is not true`;
      if (!(key in config)) return `request/header adapterDefaults.${key} is set but config.${key} is absent`;
    }
  }
  return null;
}

/**
 * §3.5.6 envelope check of one event as parsed from its line (`value` is the raw object; the seq
 * was already matched to its index by the scan). Returns the first fault or null.
 */
export function checkEnvelope(value: Record<string, unknown>, rules: GenerationRules): string | null {
  for (const key in value) {
    if (!ENVELOPE_KEYS.has(key)) return `the event has a key "${key}" outside the envelope`;
  }
  if (typeof value['type'] !== 'string') return 'the event `type` is not a string';
  const time = value['time'];
  if (typeof time !== 'number' || !Number.isSafeInteger(time))
    return 'the event `time` is not a safe integer';
  if (!('data' in value)) return 'the event has no `data`';
  if ('ignorable' in value && value['ignorable'] !== true)
    return 'the event `ignorable` is present but not true';
  if (value['type'] === 'request/header') return checkRequestHeader(value['data'], rules);
  return null;
}
