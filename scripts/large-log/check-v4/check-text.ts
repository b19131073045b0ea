// checkV4Text: reads a generation-4 log text line by line and runs every rule on each event, in the
// order the failures are reported (envelope, vocabulary, surface, seqs, then the event's own type).

import { createCheckContext, type CheckContext, type CheckReport, type CheckedEvent } from './context.ts';
import { checkEnvelope, checkVocabulary } from './envelope.ts';
import { checkHeader } from './header.ts';
import { isObject, show, type JsonObject } from './json.ts';
import {
  checkAssistantAttempt,
  checkAssistantMessage,
  checkDeveloperMessage,
  checkInboxSpliced,
  checkNoToolResultBlock,
  checkSystemMessage,
  checkToolResult,
  checkUserMessage,
} from './messages.ts';
import { checkCommandDone, checkCompactionCommit, checkSessionTitle } from './references.ts';
import { checkRequestContext, checkRequestHeader } from './requests.ts';
import { checkEndSeed, checkSeedAtEnd } from './seed.ts';
import { checkSourceEventSeqs } from './seq-lists.ts';
import { checkStepEnd, checkStepStart, checkToolCall, checkTurnEnd, checkTurnStart } from './structure.ts';
import { checkSurfaceMetadata, foldSurface } from './surface.ts';

type EventCheck = (context: CheckContext, checked: CheckedEvent) => void;

/** The checks of each event type that has its own (one per type; other types have none). */
const EVENT_CHECKS: ReadonlyMap<string, EventCheck> = new Map([
  ['turn/start', checkTurnStart],
  ['turn/end', checkTurnEnd],
  ['step/start', checkStepStart],
  ['step/end', checkStepEnd],
  ['system/message', checkSystemMessage],
  ['user/message', checkUserMessage],
  ['developer/message', checkDeveloperMessage],
  ['assistant/message', checkAssistantMessage],
  ['assistant/attempt', checkAssistantAttempt],
  ['tool/call', checkToolCall],
  ['tool/result', checkToolResult],
  ['request/header', checkRequestHeader],
  ['request/context', checkRequestContext],
  ['agent/inbox/spliced', checkInboxSpliced],
  ['session/title', checkSessionTitle],
  ['command/done', checkCommandDone],
  ['compaction/summary', checkCompactionCommit],
  ['compaction/prune', checkCompactionCommit],
  ['session/end-seed', checkEndSeed],
]);

/** Checks one generation-4 log text (header line first). */
export function checkV4Text(text: string, file: string): CheckReport {
  const context = createCheckContext(text, file);
  const { report, fail } = context;
  const header = checkHeader(context);
  for (let index = 1; index < context.lineCount; index += 1) {
    context.lineNumber = index + 1;
    const seq = index - 1;
    const line = context.lineAt(index);
    let event: JsonObject;
    try {
      const parsed: unknown = JSON.parse(line);
      if (!isObject(parsed)) {
        fail('line', 'not a JSON object');
        continue;
      }
      event = parsed;
    } catch {
      fail('line', 'does not parse');
      continue;
    }
    report.events += 1;
    const type = show(event.type);
    report.eventTypes[type] = (report.eventTypes[type] ?? 0) + 1;
    context.typeAt[seq] = type;
    const data = isObject(event.data) ? event.data : {};

    checkEnvelope(context, event, seq);
    const time = event.time as number;
    checkVocabulary(context, event, type);
    if (context.expectNext !== null) {
      const check = context.expectNext;
      context.expectNext = null;
      check(event, seq);
    }
    checkSurfaceMetadata(context, event, type);
    const cited = checkSourceEventSeqs(context, event, seq);
    const checked: CheckedEvent = { event, type, seq, time, data, op: event.surfaceOp, cited };
    foldSurface(context, checked);
    EVENT_CHECKS.get(type)?.(context, checked);
    checkNoToolResultBlock(context, event, line);
  }
  context.lineNumber = context.lineCount;
  checkSeedAtEnd(context, header);
  return report;
}
