// The surface rule: which events carry surface metadata, and the surface fold their ops describe
// (replace ops over current nodes, citing every node they shadow; the system head first).

import type { CheckContext, CheckedEvent } from './context.ts';
import { canonical, isObject, type JsonObject } from './json.ts';

const SURFACE_TYPES = new Set([
  'system/message',
  'developer/message',
  'user/message',
  'assistant/message',
  'tool/result',
]);

/** Surface metadata (surfaceOp, sourceEventSeqs) on surface events only, and no sourceEventSeqs on assistant/message. */
export function checkSurfaceMetadata({ fail }: CheckContext, event: JsonObject, type: string): void {
  const isSurface = SURFACE_TYPES.has(type);
  if (!isSurface && ('surfaceOp' in event || 'sourceEventSeqs' in event))
    fail('surface', `${type} carries surface metadata`);
  if (isSurface && !('surfaceOp' in event)) fail('surface', `${type} without surfaceOp`);
  if (type === 'assistant/message' && 'sourceEventSeqs' in event)
    fail('surface', 'assistant/message cites sourceEventSeqs (it embeds its stream)');
}

/** Applies the event's surfaceOp to the surface, checking the op against the nodes it touches. */
export function foldSurface(context: CheckContext, { type, seq, data, op, cited }: CheckedEvent): void {
  const { fail } = context;
  if (!SURFACE_TYPES.has(type) || op === undefined) return;
  if (op === 'append') {
    if (type === 'system/message') {
      if (context.headSeq === -1) {
        if (context.surface.length > 0) fail('surface', 'the system head is not the first surface node');
        if (seq !== context.firstStepStartSeq + 1 || context.firstStepStartSeq === -1)
          fail('surface', 'the system head is not right after the first step/start');
        context.headSeq = seq;
      } else if (!context.systemInHistory)
        fail(
          'surface',
          'a second system/message appended without request/context systemPromptUpdate "in-history"',
        );
    } else if (context.headSeq === -1) fail('surface', `${type} on the surface before the system head`);
    context.surface.push(seq);
  } else if (isObject(op)) {
    if (Object.keys(op).join(',') !== 'op,startSeq,endSeq' || op.op !== 'replace')
      fail('surface', `replace op ${JSON.stringify(op)} is not {op, startSeq, endSeq}`);
    const i = context.surface.indexOf(op.startSeq as number);
    const j = context.surface.indexOf(op.endSeq as number);
    if (i === -1 || j === -1 || i > j)
      fail('surface', `replace ${JSON.stringify(op)} over nodes not on the surface in order`);
    else {
      const shadowed = context.surface.slice(i, j + 1);
      if (cited === null || shadowed.some((node) => !cited.includes(node)))
        fail('surface', 'a replacement does not cite every node it shadows');
      if (shadowed.includes(context.headSeq) && !(type === 'system/message' && shadowed.length === 1))
        fail('surface', `${type} replaces the system head (only a system/message replacing exactly it may)`);
      if (
        type === 'system/message' &&
        !(shadowed.length === 1 && context.typeAt[shadowed[0] as number] === 'system/message')
      )
        fail('surface', 'a system/message replaces something other than one system node');
      if (type === 'tool/result') {
        const original = context.dataAt(shadowed[0] as number);
        if (
          shadowed.length !== 1 ||
          context.typeAt[shadowed[0] as number] !== 'tool/result' ||
          original === undefined
        )
          fail('surface', 'a tool/result replacement does not shadow exactly one tool/result');
        else {
          const strip = (value: JsonObject): string =>
            canonical({
              ...value,
              message: isObject(value.message) ? { ...value.message, content: null } : null,
            });
          if (strip(original) !== strip(data))
            fail('surface', 'a pruned tool/result differs from its original beyond content');
        }
      }
      if (shadowed.includes(context.headSeq)) context.headSeq = seq;
      context.surface.splice(i, j - i + 1, seq);
    }
  } else fail('surface', `surfaceOp ${JSON.stringify(op)}`);
}
