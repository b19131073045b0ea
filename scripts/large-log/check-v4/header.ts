// The header rule: the v2+ session header line (docs/format-generations.md §1).

import type { CheckContext } from './context.ts';
import { isNonEmptyString, isObject, isSafeNonNegative, keysConform, type JsonObject } from './json.ts';

const HEADER_KEY_ORDER = [
  'type',
  'version',
  'id',
  'createdAt',
  'cwd',
  'parentSession',
  'isSeeded',
  'origin',
  'delegationDepth',
  'agentPreset',
];
const HEADER_REQUIRED = ['type', 'version', 'id', 'createdAt', 'isSeeded', 'delegationDepth'];

/** Checks line 1; returns the header ({} when it is not an object). */
export function checkHeader(context: CheckContext): JsonObject {
  const { fail } = context;
  context.lineNumber = 1;
  let header: JsonObject = {};
  try {
    const parsed: unknown = JSON.parse(context.lineAt(0));
    if (isObject(parsed)) header = parsed;
    else fail('line', 'the header is not an object');
  } catch {
    fail('line', 'the header does not parse');
  }
  if (!keysConform(Object.keys(header), HEADER_KEY_ORDER, HEADER_REQUIRED))
    fail('header', `keys ${Object.keys(header).join(',')} are not the v2+ set in writer order`);
  if (header.type !== 'session' || header.version !== 4) fail('header', 'not a version-4 session header');
  if (!isNonEmptyString(header.id)) fail('header', 'id is not a string');
  if (!isSafeNonNegative(header.createdAt) || !isSafeNonNegative(header.delegationDepth))
    fail('header', 'createdAt/delegationDepth not non-negative safe integers');
  if (typeof header.isSeeded !== 'boolean') fail('header', 'isSeeded not a boolean');
  if ('origin' in header && header.origin !== 'subagent') fail('header', 'origin other than "subagent"');
  return header;
}
