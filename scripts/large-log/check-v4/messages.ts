// The message rule: the shapes of system, user, developer, assistant and tool-role messages, their
// producer-named sources (no `kind: "plugin"`), and no retired `tool-result` block anywhere.

import type { CheckContext, CheckedEvent } from './context.ts';
import {
  canonical,
  isNonEmptyString,
  isObject,
  keysConform,
  show,
  type Json,
  type JsonObject,
} from './json.ts';
import { assembleStream, checkStream } from './stream.ts';
import { inOpenStep } from './structure.ts';

/** Fails when a message `source` has no kind, or the kind "plugin" that v4 replaced by producer names. */
function noPluginSource(context: CheckContext, source: Json | undefined, where: string): void {
  const { fail } = context;
  if (!isObject(source) || !isNonEmptyString(source.kind)) fail('message', `${where}: source without a kind`);
  else if (source.kind === 'plugin') fail('message', `${where}: source kind "plugin" (v4 names producers)`);
}

/** system/message: {turn, step, message} with a system-prompt source; a head replacement cites the head. */
export function checkSystemMessage(context: CheckContext, { data, op, cited }: CheckedEvent): void {
  const { fail } = context;
  inOpenStep(context, data, 'system/message');
  const message = isObject(data.message) ? data.message : {};
  if (Object.keys(data).join(',') !== 'turn,step,message')
    fail('message', 'system/message data is not {turn, step, message}');
  if (message.role !== 'system' || !Array.isArray(message.content) || !isNonEmptyString(message.id))
    fail('message', 'system message without role/content/id');
  if (!isObject(message.source) || message.source.kind !== 'system-prompt')
    fail('message', 'system message source is not {kind: "system-prompt"}');
  if (isObject(op) && cited !== null && (cited.length !== 1 || cited[0] !== op.startSeq))
    fail('reference', 'a head replacement does not cite exactly the head');
}

/** user/message: role, content and id, and a named source. */
export function checkUserMessage(context: CheckContext, { data }: CheckedEvent): void {
  const { fail } = context;
  if (data.role !== 'user' || !Array.isArray(data.content) || !isNonEmptyString(data.id))
    fail('message', 'user message without role/content/id');
  noPluginSource(context, data.source, 'user/message');
}

/** developer/message: in the open step; headerSeq, when present, an earlier request/header. */
export function checkDeveloperMessage(context: CheckContext, { seq, data }: CheckedEvent): void {
  const { fail } = context;
  inOpenStep(context, data, 'developer/message');
  const message = isObject(data.message) ? data.message : {};
  noPluginSource(context, message.source, 'developer/message');
  if (
    'headerSeq' in data &&
    (typeof data.headerSeq !== 'number' ||
      context.typeAt[data.headerSeq] !== 'request/header' ||
      data.headerSeq >= seq)
  )
    fail('reference', 'developer/message headerSeq is not an earlier request/header');
}

/** assistant/message: its keys and model source, and content equal to what its stream assembles to. */
export function checkAssistantMessage(context: CheckContext, { time, data }: CheckedEvent): void {
  const { fail } = context;
  inOpenStep(context, data, 'assistant/message');
  if (
    !keysConform(
      Object.keys(data),
      ['turn', 'step', 'message', 'usage', 'interrupted', 'stream'],
      ['turn', 'step', 'message', 'stream'],
    )
  )
    fail('message', `assistant/message data keys ${Object.keys(data).join(',')}`);
  const message = isObject(data.message) ? data.message : {};
  const source = isObject(message.source) ? message.source : {};
  if (message.role !== 'assistant' || !Array.isArray(message.content) || !isNonEmptyString(message.id))
    fail('message', 'assistant message without role/content/id');
  if (source.kind !== 'model' || !isNonEmptyString(source.provider) || !isNonEmptyString(source.model))
    fail('message', 'assistant source is not {kind: "model", provider, model}');
  if ('interrupted' in data && data.interrupted !== true) fail('message', 'interrupted other than true');
  checkStream(context, data.stream, time);
  if (Array.isArray(data.stream) && Array.isArray(message.content)) {
    const { blocks } = assembleStream(data.stream.filter(isObject), data.interrupted === true);
    if (canonical(blocks) !== canonical(message.content))
      fail('stream', 'the message content is not what its stream assembles to');
  }
  context.askedCalls = new Set();
  if (Array.isArray(message.content))
    for (const block of message.content)
      if (isObject(block) && block.type === 'tool-call') context.askedCalls.add(show(block.id));
}

/** assistant/attempt: exactly {turn, step, stream}, in the open step. */
export function checkAssistantAttempt(context: CheckContext, { time, data }: CheckedEvent): void {
  const { fail } = context;
  inOpenStep(context, data, 'assistant/attempt');
  if (Object.keys(data).join(',') !== 'turn,step,stream')
    fail('stream', 'assistant/attempt data is not {turn, step, stream}');
  checkStream(context, data.stream, time);
}

/** tool/result: the tool-role message shape; an appended one settles the unsettled tool/call it cites. */
export function checkToolResult(context: CheckContext, { data, op, cited }: CheckedEvent): void {
  const { fail } = context;
  const message = isObject(data.message) ? data.message : {};
  const source = isObject(message.source) ? message.source : {};
  if (
    !keysConform(
      Object.keys(message),
      ['role', 'source', 'toolCallId', 'content', 'isError', 'id'],
      ['role', 'source', 'toolCallId', 'content', 'id'],
    )
  )
    fail(
      'message',
      `tool message keys ${Object.keys(message).join(',')} (v4: role, source, toolCallId, content, isError?, id)`,
    );
  if (
    message.role !== 'tool' ||
    source.kind !== 'tool' ||
    !isNonEmptyString(source.callId) ||
    message.toolCallId !== source.callId
  )
    fail(
      'message',
      'tool message is not {role: "tool", source: {kind: "tool", callId}, toolCallId = callId}',
    );
  if (!Array.isArray(message.content)) fail('message', 'tool message content is not an array');
  if ('isError' in message && typeof message.isError !== 'boolean') fail('message', 'isError not a boolean');
  if ('error' in data) {
    if (message.isError !== true) fail('message', 'data.error on a result that is not an error');
    const error = data.error;
    if (!isObject(error) || !keysConform(Object.keys(error), ['name', 'code', 'reason'], ['name', 'code']))
      fail('message', 'data.error is not {name, code, reason?}');
  }
  const callId = show(message.toolCallId);
  if (op === 'append') {
    inOpenStep(context, data, 'tool/result');
    const callSeq = context.unsettled.get(callId);
    if (callSeq === undefined)
      fail('reference', `tool/result ${callId} without an unsettled tool/call of the step`);
    else if (cited === null || cited.length !== 1 || cited[0] !== callSeq)
      fail('reference', `tool/result ${callId} does not cite its tool/call ${callSeq}`);
    context.unsettled.delete(callId);
    context.settled.add(callId);
  }
}

/** agent/inbox/spliced: every inserted message has a named source. */
export function checkInboxSpliced(context: CheckContext, { data }: CheckedEvent): void {
  if (Array.isArray(data.inserted))
    for (const message of data.inserted)
      if (isObject(message)) noPluginSource(context, message.source, 'agent/inbox/spliced');
}

/** No `tool-result` block anywhere in the event (retired in v4); `line` is the event's text. */
export function checkNoToolResultBlock({ fail }: CheckContext, event: JsonObject, line: string): void {
  if (!line.includes('"tool-result"')) return;
  const walk = (value: Json): boolean =>
    Array.isArray(value)
      ? value.some(walk)
      : isObject(value)
        ? value.type === 'tool-result' || Object.values(value).some(walk)
        : false;
  if (walk(event)) fail('message', 'a tool-result block (retired in v4)');
}
