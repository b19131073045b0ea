// JSON.stringify(value, null, indent) without recursion: the same text for plain data up to
// MAX_JSON_INDENT_LEVELS deep (objects,
// arrays, strings, finite numbers, booleans, null; undefined and functions dropped from objects and
// null in arrays; toJSON honoured), at any depth. The CLI prints its reports through it, since a
// hostile workspace can make `tree --json` as deep as it likes (a 100,000-deep parentSession chain),
// and V8's JSON.stringify overflows the stack a few thousand levels down.

interface Frame {
  /** Entries still to write: [key, value] (key null in an array). */
  entries: [string | null, unknown][];
  next: number;
  close: string;
  depth: number;
  wroteAny: boolean;
}

/** What a value is written as, after toJSON; undefined when it is dropped (or null in an array). */
function prepare(value: unknown, key: string): unknown {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return (value as { toJSON: (key: string) => unknown }).toJSON(key);
  return value;
}

/** A scalar's JSON text, or null when `value` is an object or array. */
function scalarText(value: unknown): string | null | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      return null;
    default:
      return undefined;
  }
}

/**
 * Levels indented at most: deeper levels keep this indentation (still JSON), since indenting a
 * 100,000-deep document in full would take 10^10 characters.
 */
const MAX_JSON_INDENT_LEVELS = 64;

/** JSON text of `value` as `JSON.stringify(value, null, indent)` gives it (see the file comment). */
export function stringifyJsonIteratively(value: unknown, indent = 2): string | undefined {
  const pads: string[] = [];
  const padOf = (depth: number): string => {
    if (indent === 0) return '';
    const level = Math.min(depth, MAX_JSON_INDENT_LEVELS);
    pads[level] ??= `\n${' '.repeat(indent * level)}`;
    return pads[level];
  };
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = (item: object, depth: number): void => {
    if (Array.isArray(item)) {
      if (item.length === 0) return void out.push('[]');
      out.push('[');
      stack.push({
        entries: item.map((element) => [null, element]),
        next: 0,
        close: ']',
        depth,
        wroteAny: false,
      });
      return;
    }
    const entries = Object.keys(item).map((key): [string, unknown] => [
      key,
      (item as Record<string, unknown>)[key],
    ]);
    out.push('{');
    stack.push({ entries, next: 0, close: '}', depth, wroteAny: false });
  };
  const first = prepare(value, '');
  const top = scalarText(first);
  if (top === undefined) return undefined;
  if (top !== null) return top;
  open(first as object, 0);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.next >= frame.entries.length) {
      stack.pop();
      if (frame.close === '}' && !frame.wroteAny) out.push('}');
      else out.push(`${padOf(frame.depth)}${frame.close}`);
      continue;
    }
    const [key, raw] = frame.entries[frame.next] as [string | null, unknown];
    frame.next += 1;
    const item = prepare(raw, key ?? String(frame.next - 1));
    const text = scalarText(item);
    if (text === undefined && key !== null) continue;
    out.push(`${frame.wroteAny ? ',' : ''}${padOf(frame.depth + 1)}`);
    frame.wroteAny = true;
    if (key !== null) out.push(`${JSON.stringify(key)}:${indent === 0 ? '' : ' '}`);
    if (text === undefined) out.push('null');
    else if (text !== null) out.push(text);
    else open(item as object, frame.depth + 1);
  }
  return out.join('');
}
