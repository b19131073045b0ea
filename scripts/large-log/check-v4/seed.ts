// The seed rule: a header's isSeeded agrees with a tagged session/end-seed.

import type { CheckContext, CheckedEvent } from './context.ts';
import type { JsonObject } from './json.ts';

/** session/end-seed: `inherited` is absent or true; a tagged one is remembered. */
export function checkEndSeed(context: CheckContext, { data, seq }: CheckedEvent): void {
  if (data.inherited === true) context.lastTaggedSeed = seq;
  else if ('inherited' in data) context.fail('seed', 'session/end-seed inherited other than true');
}

/** After the last line: isSeeded true needs a tagged session/end-seed, false forbids one. */
export function checkSeedAtEnd(context: CheckContext, header: JsonObject): void {
  const { fail } = context;
  if (header.isSeeded === true && context.lastTaggedSeed === -1)
    fail('seed', 'isSeeded without a tagged session/end-seed');
  if (header.isSeeded === false && context.lastTaggedSeed !== -1)
    fail('seed', 'a tagged session/end-seed in an unseeded log');
}
