// One turn of the session: what happens between turns (resume, manual compaction, plan mode), the
// prompt and its hook, and the steps, each a model attempt (sometimes failed and retried) then tools.

import { writeAttempt, type AttemptPlan } from './model-attempt.ts';
import { changeRequestHeader, writeRequestHeaderIfChanged } from './request-header.ts';
import { runTools } from './run-tools.ts';
import { emit, trackSurface, type Session } from './session.ts';
import { appendAssistantMessage, appendUserMessage, compact, prune } from './surface-edits.ts';
import { TOOL_NAMES } from './tools.ts';
import { makeId, makeText } from './vocabulary.ts';

const PROMPT_SOURCE = { kind: 'user' };

/** The retry policy key upstream writes into `llm/retry`. */
const RETRY_POLICY_KEY =
  '["normal",5,["EMPTY_RESPONSE","RATE_LIMIT","SERVER","TIMEOUT","TRANSPORT"],1000,30000,0.2]';

/** Writes turn `turn` (1-based) from the resume marker before it to its `turn/end`. */
export function writeTurn(session: Session, turn: number): void {
  const { random, stats } = session;
  stats.turns += 1;
  session.now += random.int(3000, 240000);
  writeBetweenTurns(session, turn);
  const promptText = makeText(random, random.int(12, 160));
  const promptId = makeId(random);
  emit(session, 'agent/inbox/spliced', {
    target: 'next-turn',
    start: 0,
    inserted: [
      { content: [{ type: 'text', text: promptText }], source: PROMPT_SOURCE, role: 'user', id: promptId },
    ],
  });
  emit(session, 'turn/start', { turn });
  emit(session, 'agent/inbox/spliced', { target: 'next-turn', start: 0, removedCount: 1, inserted: [] });
  if (random.chance(0.2)) {
    stats.hooks += 1;
    emit(session, 'hook/invoked', {
      turn,
      point: 'UserPromptSubmit',
      dialect: 'claude-code',
      handlerId: 'claude-code:UserPromptSubmit:1',
    });
    session.now += random.int(3, 40);
    emit(session, 'hook/result', {
      turn,
      point: 'UserPromptSubmit',
      handlerId: 'claude-code:UserPromptSubmit:1',
      decision: 'allow',
      exitCode: 0,
      durationMs: random.int(3000, 40000) / 1000,
    });
  }
  if (turn % 37 === 0) changeRequestHeader(session, turn);
  const stepCount = random.chance(0.15) ? 1 : random.int(2, 16);
  let turnEnd: Record<string, unknown> = { kind: 'completed' };
  for (let step = 1; step <= stepCount; step += 1) {
    if (!writeStep(session, turn, step, step === stepCount, promptText)) {
      turnEnd = { kind: 'aborted', reason: { kind: 'user' } };
      stats.interruptedTurns += 1;
      break;
    }
  }
  emit(session, 'turn/end', { turn, reason: turnEnd });
  trackSurface(session);
}

/** Between turns: a resume marker every 211 turns, one manual compaction, a plan-mode switch every 97. */
function writeBetweenTurns(session: Session, turn: number): void {
  const { random } = session;
  if (turn > 1 && turn % 211 === 0) {
    emit(session, 'session/end-seed', {});
    session.stats.resumes += 1;
    session.header.isDirty = true;
    session.header.reason = 'resume';
  }
  if (!session.isManualCompactionDone && turn > 60 && session.surface.length > 300) {
    const commandId = `cmd-${makeId(random).slice(0, 8)}-1`;
    emit(session, 'command/run', { commandId, name: 'compact', source: { kind: 'user' } });
    const summarySeq = compact(session, null, turn - 1, commandId);
    session.now += random.int(1, 20);
    emit(session, 'command/done', {
      commandId,
      kind: 'success',
      text: 'Conversation compacted.',
      ...(summarySeq === null ? {} : { sourceEventSeq: summarySeq }),
    });
    session.isManualCompactionDone = true;
  }
  if (turn % 97 === 0) emit(session, 'plan/mode', { active: turn % 2 === 0 });
}

/** Writes one step; returns false when the user cancelled it (the turn ends there). */
function writeStep(
  session: Session,
  turn: number,
  step: number,
  isLast: boolean,
  promptText: string,
): boolean {
  const { random, stats } = session;
  stats.steps += 1;
  session.now += random.int(1, 8);
  emit(session, 'step/start', { turn, step });
  if (step === 1) {
    const promptSeq = appendUserMessage(session, turn, promptText, PROMPT_SOURCE);
    if (turn % 5 === 1) {
      appendUserMessage(
        session,
        turn,
        `Current runtime context. This snapshot supersedes earlier runtime-context snapshots.\n\n${makeText(random, 60)}`,
        {
          kind: 'plugin',
          plugin: '@deepseek-ai/dsh-system-prompt',
          form: 'snapshot',
          sections: [{ name: 'sandbox', text: makeText(random, 30) }],
        },
      );
    }
    if (!session.isTitleWritten) {
      emit(session, 'session/title', {
        title: promptText.slice(0, 40),
        messageSeqs: [promptSeq],
        source: { kind: 'fallback' },
      });
      session.isTitleWritten = true;
    }
  } else if (random.chance(0.03)) {
    appendUserMessage(session, turn, makeText(random, random.int(8, 40)), PROMPT_SOURCE);
  }
  if (step === 2 && turn > 4 && session.surface.length > 900) compact(session, turn, turn - 2);
  if (step === 2 && turn % 23 === 0) prune(session);
  trackSurface(session);
  writeRequestHeaderIfChanged(session);
  if (step === 3 && random.chance(0.3))
    emit(session, 'todo/write', {
      todos: [
        { content: makeText(random, 6), status: 'completed' },
        { content: makeText(random, 8), status: 'in_progress' },
      ],
    });
  const callCount = isLast ? 0 : random.chance(0.12) ? random.int(2, 3) : 1;
  const calls = Array.from({ length: callCount }, () => random.pick(TOOL_NAMES));
  const plan: AttemptPlan = {
    reasoningTokens: random.chance(0.9) ? random.int(8, 90) : 0,
    textTokens: isLast ? random.int(30, 260) : random.chance(0.3) ? random.int(5, 30) : 0,
    calls,
    fail: false,
    interrupt: isLast && random.chance(0.01),
  };
  if (random.chance(0.012)) writeFailedAttempt(session, turn, step, plan);
  const result = writeAttempt(session, turn, step, plan);
  if (!result.ok) {
    // Cancelled mid-stream: the delivered prefix is an interrupted message (FORMAT.md §5.2).
    if (result.blocks.length > 0) appendAssistantMessage(session, turn, step, result, { interrupted: true });
    emit(session, 'step/end', { turn, step });
    return false;
  }
  appendAssistantMessage(session, turn, step, result, { usage: result.usage });
  runTools(session, turn, step, result.calls);
  session.now += random.int(0, 4);
  emit(session, 'step/end', { turn, step });
  return true;
}

/** An attempt that fails mid-stream (503), then `llm/retry` and `llm/retry-started` a second later. */
function writeFailedAttempt(session: Session, turn: number, step: number, plan: AttemptPlan): void {
  const failed = writeAttempt(session, turn, step, { ...plan, fail: true, interrupt: false });
  session.stats.retries += 1;
  const retryId = makeId(session.random);
  session.now += 2;
  emit(session, 'llm/retry', {
    retryId,
    turn,
    step,
    provider: session.provider,
    mode: 'normal',
    policyKey: RETRY_POLICY_KEY,
    retry: 1,
    maxRetries: 5,
    delayMs: 1000,
    failure: failed.failure,
  });
  session.now += 1000;
  emit(session, 'llm/retry-started', { retryId, turn, step, retry: 1 });
}
