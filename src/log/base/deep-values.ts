// Bounding how deep a parsed JSON value nests: a log may nest a value to any depth JSON.parse
// accepts (FORMAT.md §3.4, §10.14), but a structured clone (postMessage), JSON.stringify and a
// rendered tree all recurse and overflow the stack. The core hands out values whose deeper parts are
// replaced by a marker holding their raw JSON text, written without recursion.

/** Containers (objects, arrays) nested deeper than this are replaced by a deep-value marker. */
export const MAX_VALUE_DEPTH = 64;

/** The marker's one key: `{ [DEEP_VALUE_KEY]: rawJsonText }` stands where a too-deep value was. */
export const DEEP_VALUE_KEY = 'dsh-replay:deep-value';

/** The raw JSON text a marker holds at most (characters); longer text is cut and says so. */
const MAX_DEEP_VALUE_TEXT_CHARS = 1024 * 1024;

type JsonContainer = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is JsonContainer {
  return typeof value === 'object' && value !== null;
}

/** The raw JSON text of a deep-value marker, or null when `value` is not one. */
export function readDeepValueText(value: unknown): string | null {
  if (!isContainer(value) || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== DEEP_VALUE_KEY) return null;
  const text = value[DEEP_VALUE_KEY];
  return typeof text === 'string' ? text : null;
}

/**
 * `value` with every container deeper than `maxDepth` (the value itself is depth 1) replaced, in
 * place, by a marker holding its JSON text. Returns `value` (untouched when nothing is that deep).
 * For what JSON.parse returned: plain objects and arrays, own keys only (`__proto__` stays data).
 * Iterative, so it handles any depth; O(nodes), no allocation unless something is replaced.
 */
export function boundValueDepth<T>(value: T, maxDepth = MAX_VALUE_DEPTH): T {
  if (!isContainer(value)) return value;
  const pending: [container: JsonContainer, depth: number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [container, depth] = next;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const child: unknown = container[i];
        if (!isContainer(child)) continue;
        if (depth >= maxDepth) container[i] = markDeepValue(child);
        else pending.push([child, depth + 1]);
      }
      continue;
    }
    for (const key of Object.keys(container)) {
      const child = container[key];
      if (!isContainer(child)) continue;
      if (depth >= maxDepth)
        Object.defineProperty(container, key, {
          value: markDeepValue(child),
          writable: true,
          enumerable: true,
          configurable: true,
        });
      else pending.push([child, depth + 1]);
    }
  }
  return value;
}

function markDeepValue(value: JsonContainer): Record<string, string> {
  return { [DEEP_VALUE_KEY]: stringifyWithoutRecursion(value, MAX_DEEP_VALUE_TEXT_CHARS) };
}

/** Literal text (a closer or separator) in the work list of stringifyWithoutRecursion. */
class Literal {
  constructor(readonly text: string) {}
}

/**
 * JSON text of a parsed JSON value (objects, arrays, strings, numbers, booleans, null) without
 * recursion, as JSON.stringify would write it without indentation. Stops after about `maxChars`
 * characters and ends with a note of how the text was cut.
 */
function stringifyWithoutRecursion(value: unknown, maxChars: number): string {
  const parts: string[] = [];
  let length = 0;
  // Values still to write and the literal text between them, last first.
  const work: unknown[] = [value];
  while (work.length > 0) {
    if (length > maxChars) {
      parts.push(`… (cut: the value continues beyond ${maxChars.toLocaleString('en-US')} characters)`);
      break;
    }
    const item = work.pop();
    let text: string;
    if (item instanceof Literal) text = item.text;
    else if (Array.isArray(item)) {
      text = '[';
      work.push(new Literal(']'));
      for (let i = item.length - 1; i >= 0; i--) {
        const child: unknown = item[i];
        work.push(child === undefined ? null : child);
        if (i > 0) work.push(new Literal(','));
      }
    } else if (isContainer(item)) {
      text = '{';
      work.push(new Literal('}'));
      const keys = Object.keys(item);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        work.push((item as Record<string, unknown>)[key]);
        work.push(new Literal(`${JSON.stringify(key)}:`));
        if (i > 0) work.push(new Literal(','));
      }
    } else text = JSON.stringify(item) ?? 'null';
    parts.push(text);
    length += text.length;
  }
  return parts.join('');
}
