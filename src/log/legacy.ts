// PLACEHOLDER owned by the decoder work: legacy v0 upgrades (FORMAT.md §3.6).
import type { StoredEvent } from './event.ts';

/**
 * Returns the event in its current v0 shape. `readStored` reads another stored event (a legacy
 * tool/result replacement inherits the message id of the event at its surfaceOp.start).
 */
export function upgradeLegacyEvent(
  event: StoredEvent,
  _sessionId: string,
  _readStored: (seq: number) => StoredEvent,
): StoredEvent {
  return event;
}
