// The structure rule: turns and steps numbered and nested, and every tool/call asked for by the
// step's assistant message and settled by exactly one tool/result before its step ends.

import type { CheckContext, CheckedEvent } from './context.ts';
import { show, type JsonObject } from './json.ts';

/** Fails when `data` (of a `what` event) is not in the open step. */
export function inOpenStep(context: CheckContext, data: JsonObject, what: string): void {
  if (context.openStep === 0 || data.turn !== context.openTurn || data.step !== context.openStep)
    context.fail(
      'structure',
      `${what} turn ${show(data.turn)} step ${show(data.step)} outside the open step ${context.openTurn}/${context.openStep}`,
    );
}

/** turn/start: numbered from 1, outside any turn. */
export function checkTurnStart(context: CheckContext, { data }: CheckedEvent): void {
  const { fail } = context;
  if (context.openTurn !== 0) fail('structure', 'turn/start inside an open turn');
  if (data.turn !== context.lastTurn + 1)
    fail('structure', `turn ${show(data.turn)} after ${context.lastTurn}`);
  context.openTurn = data.turn as number;
  context.lastTurn = context.openTurn;
  context.lastStep = 0;
}

/** turn/end: closes the open turn, after its last step. */
export function checkTurnEnd(context: CheckContext, { data }: CheckedEvent): void {
  const { fail } = context;
  if (context.openTurn === 0 || data.turn !== context.openTurn)
    fail('structure', 'turn/end without its turn/start');
  if (context.openStep !== 0) fail('structure', 'turn/end inside an open step');
  context.openTurn = 0;
}

/** step/start: numbered from 1 in its turn, outside any step; opens a step without calls. */
export function checkStepStart(context: CheckContext, { seq, data }: CheckedEvent): void {
  const { fail } = context;
  if (context.openTurn === 0 || data.turn !== context.openTurn)
    fail('structure', 'step/start outside its turn');
  if (context.openStep !== 0) fail('structure', 'step/start inside an open step');
  if (data.step !== context.lastStep + 1)
    fail('structure', `step ${show(data.step)} after ${context.lastStep}`);
  context.openStep = data.step as number;
  context.lastStep = context.openStep;
  context.askedCalls = new Set();
  context.unsettled.clear();
  context.settled.clear();
  if (context.firstStepStartSeq === -1) context.firstStepStartSeq = seq;
}

/** step/end: closes the open step once every tool/call has its result. */
export function checkStepEnd(context: CheckContext, { data }: CheckedEvent): void {
  const { fail } = context;
  if (context.openStep === 0 || data.turn !== context.openTurn || data.step !== context.openStep)
    fail('structure', 'step/end without its step/start');
  if (context.unsettled.size > 0)
    fail('structure', `step ends with unsettled calls ${[...context.unsettled.keys()].join(', ')}`);
  context.openStep = 0;
}

/** tool/call: in the open step, asked for by its assistant message, once. */
export function checkToolCall(context: CheckContext, { seq, data }: CheckedEvent): void {
  const { fail } = context;
  inOpenStep(context, data, 'tool/call');
  const callId = show(data.callId);
  if (!context.askedCalls.has(callId))
    fail('structure', `tool/call ${callId} that the step's assistant message did not ask for`);
  if (context.unsettled.has(callId) || context.settled.has(callId))
    fail('structure', `tool/call ${callId} twice`);
  context.unsettled.set(callId, seq);
}
