// Packed chunk rows (FORMAT.md §4): validation of a stored row and expansion of its members.

import type { PackedRowType, StoredEvent } from '../event.ts';
import { isRecord } from '../event.ts';

/** A row that passed FORMAT.md §4.3 validation. `count` ≥ 1 members; member k has seq `seq0 + k`. */
interface ValidPackedRow {
  rowType: PackedRowType;
  seq0: number;
  time0: number;
  count: number;
  /** Gaps in ms between consecutive members (length `count - 1`, may be negative). */
  dt: readonly number[];
  turn: number;
  step: number;
  index: number;
  /** Tool-call rows: the shared call id; `name` only when the row has a name key. */
  callId?: string;
  name?: string;
}

export type PackedRowCheck = { ok: true; row: ValidPackedRow } | { ok: false; message: string };

/** Returns true when `type` is one of the storage-only row tags (the line is a packed row). */
export function isPackedRowType(type: unknown): type is PackedRowType {
  return type === 'text-chunks' || type === 'reasoning-chunks' || type === 'tool-call-chunks';
}

function hasExactKeys(value: Record<string, unknown>, keys: readonly string[]): boolean {
  let count = 0;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (!keys.includes(key)) return false;
    count++;
  }
  return count === keys.length;
}

const ROW_KEYS = ['type', 'seq0', 'time0', 'data'] as const;
const TEXT_RUN_KEYS = ['turn', 'step', 'index', 'dt', 'texts'] as const;
const TOOL_RUN_KEYS = ['turn', 'step', 'index', 'id', 'dt', 'args'] as const;
const TOOL_RUN_KEYS_WITH_NAME = ['turn', 'step', 'index', 'id', 'name', 'dt', 'args'] as const;

function isStringArray(value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}

/**
 * Validates a parsed row whose `type` is a row tag (FORMAT.md §4.3). Any failure makes the whole
 * line a malformed row, handled like an unparsable line; the message says which rule failed.
 */
export function validatePackedRow(value: Record<string, unknown>): PackedRowCheck {
  const rowType = value['type'];
  if (!isPackedRowType(rowType)) return { ok: false, message: 'not a packed row tag' };
  if (!hasExactKeys(value, ROW_KEYS))
    return { ok: false, message: 'row keys are not exactly type, seq0, time0, data' };
  const seq0 = value['seq0'];
  const time0 = value['time0'];
  const data = value['data'];
  if (typeof seq0 !== 'number' || !Number.isSafeInteger(seq0) || seq0 < 0)
    return { ok: false, message: '`seq0` is not a non-negative safe integer' };
  if (typeof time0 !== 'number' || !Number.isSafeInteger(time0))
    return { ok: false, message: '`time0` is not a safe integer' };
  if (!isRecord(data)) return { ok: false, message: '`data` is not an object' };
  const isToolRow = rowType === 'tool-call-chunks';
  const hasName = isToolRow && Object.prototype.hasOwnProperty.call(data, 'name');
  const keys = isToolRow ? (hasName ? TOOL_RUN_KEYS_WITH_NAME : TOOL_RUN_KEYS) : TEXT_RUN_KEYS;
  if (!hasExactKeys(data, keys))
    return { ok: false, message: `\`data\` keys are not exactly ${keys.join(', ')}` };
  const { turn, step, index, dt } = data;
  if (typeof turn !== 'number' || typeof step !== 'number' || typeof index !== 'number')
    return { ok: false, message: '`turn`, `step` and `index` must be numbers' };
  const members = isToolRow ? data['args'] : data['texts'];
  if (!isStringArray(members))
    return { ok: false, message: `\`${isToolRow ? 'args' : 'texts'}\` is not a non-empty array of strings` };
  if (!Array.isArray(dt) || dt.length !== members.length - 1)
    return { ok: false, message: '`dt` is not an array with one entry fewer than the members' };
  let time = time0;
  for (const gap of dt as unknown[]) {
    if (typeof gap !== 'number' || !Number.isSafeInteger(gap))
      return { ok: false, message: '`dt` holds a value that is not a safe integer' };
    time += gap;
    if (!Number.isSafeInteger(time))
      return { ok: false, message: 'a running member time is not a safe integer' };
  }
  if (!Number.isSafeInteger(seq0 + members.length - 1))
    return { ok: false, message: 'the last member seq is not a safe integer' };
  const row: ValidPackedRow = {
    rowType,
    seq0,
    time0,
    count: members.length,
    dt: dt as number[],
    turn,
    step,
    index,
  };
  if (isToolRow) {
    const id = data['id'];
    if (typeof id !== 'string') return { ok: false, message: '`id` is not a string' };
    row.callId = id;
    if (hasName) {
      const name = data['name'];
      if (typeof name !== 'string') return { ok: false, message: '`name` is not a string' };
      row.name = name;
    }
  }
  return { ok: true, row };
}

/**
 * Expands member `member` (0-based) of an already validated packed row (FORMAT.md §4.3) into the
 * `assistant/chunk` event it stands for. Throws if `row` is not a valid row (a bug: callers only
 * pass rows the decoder accepted).
 */
export function expandPackedRowMember(row: unknown, member: number): StoredEvent {
  if (!isRecord(row)) throw new Error('expandPackedRowMember: not a row');
  const check = validatePackedRow(row);
  if (!check.ok) throw new Error(`expandPackedRowMember: ${check.message}`);
  const valid = check.row;
  if (!Number.isInteger(member) || member < 0 || member >= valid.count)
    throw new Error(`expandPackedRowMember: member ${member} out of range`);
  let time = valid.time0;
  for (let k = 0; k < member; k++) time += valid.dt[k] as number;
  const data = row['data'] as Record<string, unknown>;
  let chunk: Record<string, unknown>;
  if (valid.rowType === 'tool-call-chunks') {
    chunk = { type: 'tool-call-delta', index: valid.index, id: valid.callId };
    if (valid.name !== undefined) chunk['name'] = valid.name;
    chunk['argumentsDelta'] = (data['args'] as string[])[member];
  } else {
    chunk = {
      type: valid.rowType === 'text-chunks' ? 'text-delta' : 'reasoning-delta',
      index: valid.index,
      text: (data['texts'] as string[])[member],
    };
  }
  return {
    type: 'assistant/chunk',
    seq: valid.seq0 + member,
    time,
    data: { turn: valid.turn, step: valid.step, chunk },
  };
}
