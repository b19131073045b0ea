// The reference rule: seq references point to earlier events of the right type (titles to user
// prompts, command/done to a compaction/summary, compactions to surface nodes, and the event right
// after a compaction commit to its checkpoint or pruned result).

import type { CheckContext, CheckedEvent } from './context.ts';
import { isObject, show, type JsonObject } from './json.ts';
import { decodeSeqList } from './seq-lists.ts';

/** Whether a user/message payload is a human prompt (source kind "user"). */
function isUserPrompt(data: JsonObject | undefined): boolean {
  return data !== undefined && isObject(data.source) && data.source.kind === 'user';
}

/** session/title: messageSeqs cite earlier user prompts. */
export function checkSessionTitle(context: CheckContext, { seq, data }: CheckedEvent): void {
  const { fail } = context;
  if (!Array.isArray(data.messageSeqs)) fail('reference', 'session/title without messageSeqs');
  else
    for (const cite of data.messageSeqs)
      if (
        typeof cite !== 'number' ||
        cite >= seq ||
        context.typeAt[cite] !== 'user/message' ||
        !isUserPrompt(context.dataAt(cite))
      )
        fail('reference', `session/title cites ${show(cite)}, not an earlier user prompt`);
}

/** command/done: sourceEventSeq, when present, an earlier compaction/summary. */
export function checkCommandDone(context: CheckContext, { seq, data }: CheckedEvent): void {
  const { fail } = context;
  if ('sourceEventSeq' in data) {
    const cite = data.sourceEventSeq;
    if (typeof cite !== 'number' || cite >= seq || context.typeAt[cite] !== 'compaction/summary')
      fail('reference', `command/done.sourceEventSeq ${show(cite)} is not an earlier compaction/summary`);
  }
}

/** compaction/summary and compaction/prune: what they shadow, and the event that must follow. */
export function checkCompactionCommit(context: CheckContext, { type, seq, data }: CheckedEvent): void {
  const { fail } = context;
  const shadowedSeqs = Array.isArray(data.shadowedSeqs) ? (data.shadowedSeqs as number[]) : [];
  const range = isObject(data.shadowedRange) ? data.shadowedRange : {};
  if (
    shadowedSeqs.length === 0 ||
    range.start !== shadowedSeqs[0] ||
    range.end !== shadowedSeqs[shadowedSeqs.length - 1]
  )
    fail('reference', `${type} shadowedRange is not its first and last shadowed seq`);
  if (shadowedSeqs.some((cite) => !context.surface.includes(cite) || cite === context.headSeq))
    fail('reference', `${type} shadows seqs that are not non-head surface nodes`);
  if (type === 'compaction/summary') {
    const compactionId = data.compactionId;
    let startSeq = -1;
    for (let at = seq - 1; at >= 0; at -= 1)
      if (context.typeAt[at] === 'compaction/start' && context.dataAt(at)?.compactionId === compactionId) {
        startSeq = at;
        break;
      }
    if (startSeq === -1) fail('reference', 'compaction/summary without its compaction/start');
    const summarySeq = seq;
    context.expectNext = (next, nextSeq) => {
      const nextData = isObject(next.data) ? next.data : {};
      const source = isObject(nextData.source) ? nextData.source : {};
      const nextOp = next.surfaceOp;
      if (
        next.type !== 'user/message' ||
        source.kind !== 'compact-checkpoint' ||
        source.compactionId !== compactionId
      )
        fail('reference', `seq ${nextSeq}: the event after compaction/summary is not its checkpoint`);
      else if (!isObject(nextOp) || nextOp.startSeq !== range.start || nextOp.endSeq !== range.end)
        fail('reference', `seq ${nextSeq}: the checkpoint does not replace the shadowed range`);
      else {
        const list = Array.isArray(next.sourceEventSeqs) ? decodeSeqList(next.sourceEventSeqs) : null;
        if (
          list === null ||
          JSON.stringify(list.seqs) !== JSON.stringify([startSeq, summarySeq, ...shadowedSeqs])
        )
          fail('reference', `seq ${nextSeq}: the checkpoint does not cite [start, summary, ...shadowed]`);
      }
    };
  } else {
    context.expectNext = (next, nextSeq) => {
      const nextOp = next.surfaceOp;
      if (
        next.type !== 'tool/result' ||
        !isObject(nextOp) ||
        nextOp.startSeq !== shadowedSeqs[0] ||
        nextOp.endSeq !== shadowedSeqs[0] ||
        shadowedSeqs.length !== 1
      )
        fail(
          'reference',
          `seq ${nextSeq}: the event after compaction/prune is not the tool/result replacing it`,
        );
    };
  }
}
