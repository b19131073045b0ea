// JSON values as the v4 checker reads them, and the small predicates every rule uses.

/** A parsed JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A parsed JSON object. */
export type JsonObject = { [key: string]: Json };

/** A JSON value as text: a string as itself, anything else as JSON. */
export function show(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/** Whether `value` is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `value` is a safe integer >= 0. */
export function isSafeNonNegative(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** Whether `value` is a string other than ''. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** JSON with object keys sorted, to compare values whatever their key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Whether `keys` (in order) use only `allowed`, contain `required`, and follow the order of `allowed`. */
export function keysConform(
  keys: readonly string[],
  allowed: readonly string[],
  required: readonly string[],
): boolean {
  let last = -1;
  for (const key of keys) {
    const at = allowed.indexOf(key);
    if (at <= last) return false;
    last = at;
  }
  return required.every((key) => keys.includes(key));
}
