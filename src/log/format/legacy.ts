// Legacy v0 event shapes (FORMAT.md §3.6): upstream upgrades them on read; so do we, before the index sees them.

import type { StoredEvent } from '../event.ts';
import { isRecord } from '../event.ts';

/**
 * Outcome of the legacy pass for one event. `upgrade` names the legacy shape that was rewritten
 * (null when the event was already current); `malformed` says why a legacy (or `turn/end`) shape
 * is invalid — upstream rejects the log then, and `event` is returned unchanged.
 */
export interface LegacyUpgradeResult {
  event: StoredEvent;
  upgrade: string | null;
  malformed: string | null;
}

/** Reason kinds whose `turn/end` reason object may hold nothing but `kind` (FORMAT.md §3.6). */
const BARE_REASON_KINDS = new Set(['completed', 'blocked', 'max-tokens', 'interrupted']);

function legacyMessageId(sessionId: string, seq: number): string {
  return `legacy-message:${sessionId}:${seq}`;
}

function isPositiveSafeInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

function hasOwn(value: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}

function ownKeyCount(value: Record<string, unknown>): number {
  return Object.keys(value).length;
}

/** Copies `source` without `omit` keys (own enumerable keys, order kept). */
function without(source: Record<string, unknown>, omit: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    if (omit.includes(key)) continue;
    Object.defineProperty(copy, key, {
      value: source[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function unchanged(event: StoredEvent): LegacyUpgradeResult {
  return { event, upgrade: null, malformed: null };
}

function malformed(event: StoredEvent, reason: string): LegacyUpgradeResult {
  return { event, upgrade: null, malformed: reason };
}

function upgraded(event: StoredEvent, data: unknown, upgrade: string, type?: string): LegacyUpgradeResult {
  return { event: { ...event, type: type ?? event.type, data }, upgrade, malformed: null };
}

function upgradeTurnEnd(event: StoredEvent): LegacyUpgradeResult {
  const data = event.data;
  if (!isRecord(data) || !hasOwn(data, 'turn') || !hasOwn(data, 'reason') || ownKeyCount(data) !== 2)
    return malformed(event, 'turn/end data must have exactly the keys turn and reason');
  if (!isPositiveSafeInteger(data['turn']))
    return malformed(event, 'turn/end turn is not a safe integer ≥ 1');
  const reason = data['reason'];
  if (!isRecord(reason) || typeof reason['kind'] !== 'string')
    return malformed(event, 'turn/end reason is not an object with a string kind');
  const kind = reason['kind'];
  if (BARE_REASON_KINDS.has(kind)) {
    if (ownKeyCount(reason) !== 1) return malformed(event, `turn/end reason "${kind}" may only hold kind`);
    return unchanged(event);
  }
  if (kind === 'aborted' && !hasOwn(reason, 'reason'))
    return upgraded(
      event,
      { turn: data['turn'], reason: { kind: 'aborted', reason: { kind: 'legacy' } } },
      'turn/end aborted without reason',
    );
  if (kind === 'disposed')
    return upgraded(
      event,
      { turn: data['turn'], reason: { kind: 'aborted', reason: { kind: 'disposed' } } },
      'turn/end disposed',
    );
  if (kind === 'error' && !hasOwn(reason, 'error')) {
    if (hasOwn(reason, 'failure')) {
      if (!isRecord(reason['failure']))
        return malformed(event, 'legacy turn/end error failure is not an object');
      return upgraded(
        event,
        { turn: data['turn'], reason: { kind: 'error', error: reason['failure'] } },
        'turn/end error failure',
      );
    }
    if (hasOwn(reason, 'message')) {
      const code = reason['code'] ?? 'UNKNOWN';
      return upgraded(
        event,
        { turn: data['turn'], reason: { kind: 'error', error: { message: reason['message'], code } } },
        'turn/end error message',
      );
    }
  }
  return unchanged(event);
}

function upgradeTurnStart(event: StoredEvent): LegacyUpgradeResult {
  const data = event.data;
  if (!isRecord(data) || !hasOwn(data, 'trigger')) return unchanged(event);
  const trigger = data['trigger'];
  if (
    ownKeyCount(data) !== 2 ||
    !isPositiveSafeInteger(data['turn']) ||
    !isRecord(trigger) ||
    typeof trigger['kind'] !== 'string' ||
    trigger['kind'] === ''
  )
    return malformed(
      event,
      'legacy turn/start must be exactly {turn ≥ 1, trigger: {kind: non-empty string}}',
    );
  return upgraded(event, { turn: data['turn'] }, 'turn/start trigger');
}

function upgradeSteering(event: StoredEvent, sessionId: string): LegacyUpgradeResult {
  const data = event.data;
  if (isRecord(data) && hasOwn(data, 'message'))
    return upgraded(event, data['message'], 'steering/message with message', 'user/message');
  if (isRecord(data) && hasOwn(data, 'content') && hasOwn(data, 'source'))
    return upgraded(
      event,
      {
        content: data['content'],
        source: data['source'],
        id: legacyMessageId(sessionId, event.seq),
        role: 'user',
      },
      'steering/message with content',
      'user/message',
    );
  return malformed(event, 'legacy steering/message has neither message nor content and source');
}

function upgradeUserMessage(event: StoredEvent, sessionId: string): LegacyUpgradeResult {
  const data = event.data;
  if (
    !isRecord(data) ||
    !hasOwn(data, 'content') ||
    !hasOwn(data, 'source') ||
    hasOwn(data, 'id') ||
    hasOwn(data, 'role') ||
    hasOwn(data, 'message')
  )
    return unchanged(event);
  return upgraded(
    event,
    { ...data, id: legacyMessageId(sessionId, event.seq), role: 'user' },
    'user/message without id',
  );
}

function upgradeAssistantMessage(event: StoredEvent, sessionId: string): LegacyUpgradeResult {
  const data = event.data;
  if (!isRecord(data) || !hasOwn(data, 'provenance') || hasOwn(data, 'message')) return unchanged(event);
  const provenance = data['provenance'];
  if (!isRecord(provenance)) return malformed(event, 'legacy assistant/message provenance is not an object');
  const rest = without(data, ['turn', 'step', 'content', 'provenance']);
  return upgraded(
    event,
    {
      turn: data['turn'],
      step: data['step'],
      ...rest,
      message: {
        id: legacyMessageId(sessionId, event.seq),
        role: 'assistant',
        content: data['content'],
        source: { ...provenance, kind: 'model' },
      },
    },
    'assistant/message with provenance',
  );
}

function upgradeToolResult(
  event: StoredEvent,
  sessionId: string,
  readStored: (seq: number) => StoredEvent,
): LegacyUpgradeResult {
  const data = event.data;
  if (!isRecord(data) || !hasOwn(data, 'callId') || hasOwn(data, 'message')) return unchanged(event);
  const callId = data['callId'];
  let id = legacyMessageId(sessionId, event.seq);
  const op = event.surfaceOp;
  if (isRecord(op) && op['op'] === 'replace') {
    const start = op['start'];
    if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 0 || start >= event.seq)
      return malformed(
        event,
        'legacy tool/result replacement has no valid surfaceOp.start to inherit its id from',
      );
    const inherited = upgradeLegacyEvent(readStored(start), sessionId, readStored).data;
    const message = isRecord(inherited) ? inherited['message'] : undefined;
    if (!isRecord(message) || typeof message['id'] !== 'string')
      return malformed(
        event,
        'legacy tool/result replacement: the event at surfaceOp.start has no message id',
      );
    id = message['id'];
  }
  const block: Record<string, unknown> = {
    type: 'tool-result',
    toolCallId: callId,
    content: data['content'],
  };
  if (hasOwn(data, 'isError')) block['isError'] = data['isError'];
  const rest = without(data, ['turn', 'step', 'callId', 'content', 'isError']);
  return upgraded(
    event,
    {
      turn: data['turn'],
      step: data['step'],
      ...rest,
      message: { id, role: 'user', content: [block], source: { kind: 'tool', callId } },
    },
    'tool/result with callId',
  );
}

/**
 * Applies the legacy pass of FORMAT.md §3.6 to one event (including the `turn/end` shape check).
 * Never mutates `event`. `readStored` reads another stored event by seq (a legacy tool/result
 * replacement inherits the message id of the event at its `surfaceOp.start`).
 */
export function applyLegacyUpgrade(
  event: StoredEvent,
  sessionId: string,
  readStored: (seq: number) => StoredEvent,
): LegacyUpgradeResult {
  try {
    switch (event.type) {
      case 'turn/start':
        return upgradeTurnStart(event);
      case 'turn/end':
        return upgradeTurnEnd(event);
      case 'steering/message':
        return upgradeSteering(event, sessionId);
      case 'user/message':
        return upgradeUserMessage(event, sessionId);
      case 'assistant/message':
        return upgradeAssistantMessage(event, sessionId);
      case 'tool/result':
        return upgradeToolResult(event, sessionId, readStored);
      default:
        return unchanged(event);
    }
  } catch (error) {
    // readStored can fail for a seq outside the prefix; that is a malformed reference, not a crash.
    return malformed(
      event,
      `legacy upgrade failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Returns the event in its current v0 shape (FORMAT.md §3.6); malformed legacy shapes are returned
 * unchanged (the decoder reports them). `readStored` reads another stored event by seq.
 */
export function upgradeLegacyEvent(
  event: StoredEvent,
  sessionId: string,
  readStored: (seq: number) => StoredEvent,
): StoredEvent {
  return applyLegacyUpgrade(event, sessionId, readStored).event;
}
