// PLACEHOLDER owned by the decoder work: validation and expansion of packed chunk rows (FORMAT.md §4).
import type { StoredEvent } from './event.ts';

/** Expands member `member` (0-based) of an already validated packed row (FORMAT.md §4.3). */
export function expandPackedRowMember(_row: unknown, _member: number): StoredEvent {
  throw new Error('packed rows: not implemented yet');
}
