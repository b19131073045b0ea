// The envelope and vocabulary rules: the keys every event row has, and the types it may name.

import type { CheckContext } from './context.ts';
import { show, type JsonObject } from './json.ts';

/** Event types current dsh knows (ZQ `packages/core/session/src/known-event-types.ts`, dsh 0.2.x). */
const KNOWN_TYPES = new Set(
  (
    'agent-preset/selected agent/inbox/spliced approval/asked approval/decided approval/policy ' +
    'assistant/attempt assistant/message command/done command/run compaction/end compaction/prune ' +
    'compaction/start compaction/summary deliverables/presented developer/message ' +
    'feedback/message-delete feedback/message-put feedback/record goal/change hook/invoked hook/result ' +
    'image/offload llm/retry llm/retry-started model/selection permission/preset plan/mode ' +
    'request/context request/header sandbox/mode schedule/change session-log-deepseek/delivery-accepted ' +
    'session/end-seed session/title session/title-llm-request step/end step/start subagent/catalog ' +
    'subagent/descriptor subagent/model-selection-policy system/message team/member ' +
    'team/message/delivered team/message/queued team/task todo/write tool-workflow/agent-end ' +
    'tool-workflow/agent-start tool-workflow/run-end tool-workflow/run-start tool/call ' +
    'tool/ptc-dispatch tool/ptc-dispatch-start tool/result turn/end turn/start user/message ' +
    'web/deepseek-search-llm-request working-directory/change workspace/changes'
  ).split(' '),
);

const ENVELOPE_KEYS = ['type', 'seq', 'time', 'data', 'ignorable', 'sourceEventSeqs', 'surfaceOp'];

/** Envelope: keys type, seq, time, data (in that order) and the optional ones; seq dense from 0. */
export function checkEnvelope({ fail }: CheckContext, event: JsonObject, seq: number): void {
  const keys = Object.keys(event);
  if (keys.some((key) => !ENVELOPE_KEYS.includes(key)))
    fail('envelope', `keys ${keys.join(',')} outside the envelope (a packed row?)`);
  else if (keys.slice(0, 4).join(',') !== 'type,seq,time,data')
    fail('envelope', `key order ${keys.join(',')}`);
  if (event.seq !== seq) fail('envelope', `seq ${show(event.seq)}, expected ${seq} (dense from 0)`);
  if (!Number.isSafeInteger(event.time)) fail('envelope', 'time is not a safe integer');
  if (!('data' in event)) fail('envelope', 'no data');
  if ('ignorable' in event && event.ignorable !== true) fail('envelope', 'ignorable other than true');
}

/** Vocabulary: a type current dsh knows, or an ignorable one; never assistant/chunk. */
export function checkVocabulary({ fail }: CheckContext, event: JsonObject, type: string): void {
  if (type === 'assistant/chunk') fail('vocabulary', 'assistant/chunk (folded into streams from v2 on)');
  else if (!KNOWN_TYPES.has(type) && event.ignorable !== true)
    fail('vocabulary', `unknown required type ${type}`);
}
