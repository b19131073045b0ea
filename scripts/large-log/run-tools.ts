// The tool phase of a step: each call's `tool/call` (all first when they run in parallel), its
// hooks and approval when it has them, and its `tool/result` appended to the surface.

import { emit, type Session, type ToolResultRecord } from './session.ts';
import type { ToolCall } from './model-attempt.ts';
import { makeToolOutput } from './tools.ts';
import { makeId, makeText } from './vocabulary.ts';

/** Tool results longer than this (characters) become pruning candidates. */
const PRUNABLE_RESULT_MIN_CHARS = 1500;
/** How many pruning candidates are kept (the oldest are dropped). */
const PRUNABLE_RESULTS_MAX = 64;

/** Runs the `calls` of `turn`/`step`: calls, hooks, approvals and results. */
export function runTools(session: Session, turn: number, step: number, calls: readonly ToolCall[]): void {
  const { random, stats } = session;
  const parallel = calls.length > 1;
  if (parallel) stats.parallelToolSteps += 1;
  const started = parallel
    ? calls.map((call) => ({
        call,
        seq: emit(session, 'tool/call', {
          turn,
          step,
          callId: call.id,
          name: call.name,
          arguments: call.arguments,
        }),
      }))
    : [];
  for (let i = 0; i < calls.length; i += 1) {
    const call = calls[i];
    if (call === undefined) continue;
    let callSeq = started[i]?.seq;
    if (callSeq === undefined)
      callSeq = emit(session, 'tool/call', {
        turn,
        step,
        callId: call.id,
        name: call.name,
        arguments: call.arguments,
      });
    stats.toolCalls += 1;
    let rejected = false;
    if (call.name === 'bash' && random.chance(0.25)) {
      stats.hooks += 1;
      emit(session, 'hook/invoked', {
        turn,
        point: 'PreToolUse',
        dialect: 'claude-code',
        handlerId: 'claude-code:PreToolUse:1',
        matcher: 'bash',
      });
      session.now += random.int(2, 30);
      emit(session, 'hook/result', {
        turn,
        point: 'PreToolUse',
        handlerId: 'claude-code:PreToolUse:1',
        decision: 'allow',
        exitCode: 0,
        durationMs: random.int(2000, 30000) / 1000,
      });
    }
    if ((call.name === 'bash' || call.name === 'write') && random.chance(0.08)) {
      stats.approvals += 1;
      const approvalId = makeId(random);
      emit(session, 'approval/asked', {
        id: approvalId,
        toolName: call.name,
        callId: call.id,
        reason: 'escalate sandbox to workspace-write: the command writes outside the workspace',
      });
      session.now += random.int(800, 20000);
      rejected = random.chance(0.15);
      emit(session, 'approval/decided', { id: approvalId, outcome: rejected ? 'rejected' : 'allowed-once' });
    }
    session.now += random.int(20, 4000);
    const isError = rejected || random.chance(0.06);
    const text = rejected
      ? 'The user rejected this action.'
      : isError
        ? `Error: ${makeText(random, 12)}`
        : makeToolOutput(random, call.name);
    const data: ToolResultRecord['data'] = {
      turn,
      step,
      message: {
        source: { kind: 'tool', callId: call.id },
        content: [{ type: 'tool-result', toolCallId: call.id, content: [{ type: 'text', text }], isError }],
        role: 'user',
        id: makeId(random),
      },
    };
    if (isError) {
      stats.toolErrors += 1;
      data.error = rejected
        ? { name: 'ApprovalRejectedError', code: 'APPROVAL_REJECTED' }
        : { name: 'FsError', code: random.pick(['FS_NOT_FOUND', 'FS_SANDBOX_DENIED', 'TOOL_TIMEOUT']) };
    }
    const resultSeq = emit(session, 'tool/result', data, { sourceEventSeqs: [callSeq], surfaceOp: 'append' });
    session.surface.push({ seq: resultSeq, turn });
    if (!isError && text.length > PRUNABLE_RESULT_MIN_CHARS) {
      session.recentToolResults.push({ seq: resultSeq, data });
      if (session.recentToolResults.length > PRUNABLE_RESULTS_MAX) session.recentToolResults.shift();
    }
  }
}
