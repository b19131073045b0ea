// A stored log as JSON rows (header, then events), and the JSON helpers the rebuild steps share.

/** A parsed JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A parsed JSON object. */
export type JsonObject = { [key: string]: Json };

/** A log as rows: the header line and the event rows after it, in order. */
export interface StoredLog {
  header: JsonObject;
  events: JsonObject[];
}

/** Whether `value` is a JSON object (not null, not an array). */
export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` with every string in it (keys excepted) mapped through `fn`. */
export function mapStrings(value: Json, fn: (text: string) => string): Json {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn));
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, fn);
    return out;
  }
  return value;
}
