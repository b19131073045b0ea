// The seqs rule: sourceEventSeqs lists decoded from their stored form and compared with the writer's
// form (runs of >= 3 as pairs when the list is strictly increasing, verbatim otherwise).

import type { CheckContext } from './context.ts';
import { isSafeNonNegative, type Json, type JsonObject } from './json.ts';

/** Decodes a sourceEventSeqs list; null when a member is neither a number nor an ordered pair. */
export function decodeSeqList(list: Json[]): { seqs: number[]; hasPairs: boolean } | null {
  const seqs: number[] = [];
  let hasPairs = false;
  for (const member of list) {
    if (isSafeNonNegative(member)) seqs.push(member);
    else if (
      Array.isArray(member) &&
      member.length === 2 &&
      isSafeNonNegative(member[0]) &&
      isSafeNonNegative(member[1]) &&
      member[0] < member[1]
    ) {
      hasPairs = true;
      for (let seq = member[0]; seq <= member[1]; seq += 1) seqs.push(seq);
    } else return null;
  }
  return { seqs, hasPairs };
}

/** Whether every seq is greater than the one before it. */
function isStrictlyIncreasing(seqs: readonly number[]): boolean {
  for (let i = 1; i < seqs.length; i += 1) if ((seqs[i] as number) <= (seqs[i - 1] as number)) return false;
  return true;
}

/** The writer's form of a decoded list (P12 `encodeSeqRanges`), as JSON, to compare with what is stored. */
function writerForm(seqs: readonly number[]): string {
  if (!isStrictlyIncreasing(seqs)) return JSON.stringify(seqs);
  const out: (number | number[])[] = [];
  let i = 0;
  while (i < seqs.length) {
    let end = i;
    while (end + 1 < seqs.length && seqs[end + 1] === (seqs[end] as number) + 1) end += 1;
    if (end - i >= 2) out.push([seqs[i] as number, seqs[end] as number]);
    else out.push(...seqs.slice(i, end + 1));
    i = end + 1;
  }
  return JSON.stringify(out);
}

/** Checks the event's sourceEventSeqs, if any; returns the decoded seqs (null: absent or not decodable). */
export function checkSourceEventSeqs(
  { fail }: CheckContext,
  event: JsonObject,
  seq: number,
): number[] | null {
  if (!('sourceEventSeqs' in event)) return null;
  const list = event.sourceEventSeqs;
  const decoded = Array.isArray(list) ? decodeSeqList(list) : null;
  if (decoded === null) {
    fail('seqs', `sourceEventSeqs ${JSON.stringify(list)} is not seqs and [start, end] pairs`);
    return null;
  }
  const cited = decoded.seqs;
  if (cited.length === 0) fail('seqs', 'empty sourceEventSeqs');
  if (new Set(cited).size !== cited.length) fail('seqs', 'duplicate seqs');
  if (cited.some((value) => value >= seq)) fail('seqs', 'a seq not earlier than the event');
  if (decoded.hasPairs && !isStrictlyIncreasing(cited))
    fail('seqs', 'pairs in a list that is not strictly increasing');
  if (JSON.stringify(list) !== writerForm(cited))
    fail('seqs', `${JSON.stringify(list)} is not the writer's form ${writerForm(cited)}`);
  return cited;
}
