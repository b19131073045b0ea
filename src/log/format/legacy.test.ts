// The legacy v0 upgrades of FORMAT.md §3.6, one case per table row, plus the turn/end shape check.

import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../event.ts';
import { applyLegacyUpgrade, upgradeLegacyEvent } from './legacy.ts';

const SID = 'sid';

function event(type: string, seq: number, data: unknown, extra: Partial<StoredEvent> = {}): StoredEvent {
  return { type, seq, time: 0, data, ...extra };
}

function upgrade(input: StoredEvent, others: StoredEvent[] = []) {
  return applyLegacyUpgrade(input, SID, (seq) => {
    const found = others.find((other) => other.seq === seq);
    if (!found) throw new Error(`no event ${seq}`);
    return found;
  });
}

describe('legacy upgrades (FORMAT.md §3.6)', () => {
  it('drops the trigger of a legacy turn/start, and rejects a malformed one', () => {
    expect(upgrade(event('turn/start', 0, { turn: 1, trigger: { kind: 'user' } })).event.data).toEqual({
      turn: 1,
    });
    expect(upgrade(event('turn/start', 0, { turn: 1, trigger: { kind: '' } })).malformed).not.toBeNull();
    expect(
      upgrade(event('turn/start', 0, { turn: 1, trigger: { kind: 'u' }, x: 1 })).malformed,
    ).not.toBeNull();
    expect(upgrade(event('turn/start', 0, { turn: 1 })).upgrade).toBeNull();
  });

  it('rewrites the legacy turn/end reasons', () => {
    const cases: [unknown, unknown][] = [
      [{ kind: 'aborted' }, { kind: 'aborted', reason: { kind: 'legacy' } }],
      [{ kind: 'disposed' }, { kind: 'aborted', reason: { kind: 'disposed' } }],
      [
        { kind: 'error', step: 2, failure: { message: 'm', code: 'C' } },
        { kind: 'error', error: { message: 'm', code: 'C' } },
      ],
      [
        { kind: 'error', step: 2, message: 'm' },
        { kind: 'error', error: { message: 'm', code: 'UNKNOWN' } },
      ],
      [
        { kind: 'error', step: 2, message: 'm', code: 'X' },
        { kind: 'error', error: { message: 'm', code: 'X' } },
      ],
    ];
    for (const [reason, expected] of cases)
      expect(upgrade(event('turn/end', 3, { turn: 1, reason })).event.data).toEqual({
        turn: 1,
        reason: expected,
      });
  });

  it('shape-checks turn/end even in current form', () => {
    expect(upgrade(event('turn/end', 3, { turn: 1, reason: { kind: 'completed' } })).malformed).toBeNull();
    expect(
      upgrade(event('turn/end', 3, { turn: 1, reason: { kind: 'completed', x: 1 } })).malformed,
    ).not.toBeNull();
    expect(
      upgrade(event('turn/end', 3, { turn: 0, reason: { kind: 'completed' } })).malformed,
    ).not.toBeNull();
    expect(
      upgrade(event('turn/end', 3, { turn: 1, reason: { kind: 'x' }, extra: 1 })).malformed,
    ).not.toBeNull();
    expect(
      upgrade(event('turn/end', 3, { turn: 1, reason: { kind: 'plugin-kind', any: 1 } })).malformed,
    ).toBeNull();
  });

  it('turns steering/message into user/message in both legacy forms', () => {
    const message = { id: 'm', role: 'user', content: [], source: { kind: 'steering' } };
    expect(upgrade(event('steering/message', 4, { turn: 1, message })).event).toMatchObject({
      type: 'user/message',
      data: message,
    });
    expect(
      upgrade(event('steering/message', 4, { turn: 1, content: [], source: { kind: 's' } })).event,
    ).toMatchObject({
      type: 'user/message',
      data: { content: [], source: { kind: 's' }, id: 'legacy-message:sid:4', role: 'user' },
    });
    expect(upgrade(event('steering/message', 4, { turn: 1 })).malformed).not.toBeNull();
  });

  it('adds id and role to a user/message without them', () => {
    expect(upgrade(event('user/message', 5, { content: [], source: { kind: 'user' } })).event.data).toEqual({
      content: [],
      source: { kind: 'user' },
      id: 'legacy-message:sid:5',
      role: 'user',
    });
  });

  it('wraps a legacy assistant/message with provenance into message', () => {
    const data = {
      turn: 1,
      step: 2,
      content: [{ type: 'text', text: 'x' }],
      provenance: { provider: 'p', model: 'm' },
      usage: {},
    };
    expect(upgrade(event('assistant/message', 6, data)).event.data).toEqual({
      turn: 1,
      step: 2,
      usage: {},
      message: {
        id: 'legacy-message:sid:6',
        role: 'assistant',
        content: [{ type: 'text', text: 'x' }],
        source: { provider: 'p', model: 'm', kind: 'model' },
      },
    });
  });

  it('wraps a legacy tool/result; a replacement inherits the message id at surfaceOp.start', () => {
    const original = event(
      'tool/result',
      7,
      { turn: 1, step: 1, callId: 'c', content: [], isError: false },
      { surfaceOp: 'append' },
    );
    expect(upgrade(original).event.data).toEqual({
      turn: 1,
      step: 1,
      message: {
        id: 'legacy-message:sid:7',
        role: 'user',
        content: [{ type: 'tool-result', toolCallId: 'c', content: [], isError: false }],
        source: { kind: 'tool', callId: 'c' },
      },
    });
    const replacement = event(
      'tool/result',
      9,
      { turn: 1, step: 1, callId: 'c', content: [{ type: 'text', text: 'pruned' }], isError: false },
      {
        surfaceOp: { op: 'replace', start: 7, end: 7 },
      },
    );
    const upgraded = upgrade(replacement, [original]).event.data as { message: { id: string } };
    expect(upgraded.message.id).toBe('legacy-message:sid:7');
    expect(
      upgrade(
        event(
          'tool/result',
          9,
          { callId: 'c', content: [] },
          { surfaceOp: { op: 'replace', start: 9, end: 9 } },
        ),
      ).malformed,
    ).not.toBeNull();
  });

  it('never mutates its input and leaves current events alone', () => {
    const input = event('turn/start', 0, { turn: 1, trigger: { kind: 'user' } });
    const copy = structuredClone(input);
    upgradeLegacyEvent(input, SID, () => input);
    expect(input).toEqual(copy);
    const current = event('session/title', 1, { title: 't' });
    expect(upgradeLegacyEvent(current, SID, () => current)).toBe(current);
  });
});
