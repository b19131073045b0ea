// One word for how a session ended, for the session list: crashed, failed, hanging or ok. Read from
// the same index facts triage reports (hanging turns, tool-call statuses and crash-repair codes,
// turn errors, the verdict), so the list and the triage tab of a session never disagree.

import type { OpenedLog } from '../open/opened-log.ts';
import type { ProblemKind } from '../problems.ts';
import { toPlainLine } from '../base/visible-text.ts';

/**
 * - `crashed`: dsh stopped mid-turn. Either the last turn has no turn/end and the log shows the
 *   interruption (a call crash repair would settle, FORMAT.md §7.6, or a damaged tail), or dsh
 *   already repaired a crash (a turn ended `interrupted`, a result with TOOL_NOT_STARTED /
 *   TOOL_OUTCOME_UNKNOWN).
 * - `failed`: a turn ended with reason `error`. A log dsh refuses is not a failed run (issue 20): the
 *   verdict says what dsh does with the file, and the list shows it in its own column.
 * - `hanging`: the last turn has no turn/end and nothing else says why: live, or stopped cleanly
 *   between writes (FORMAT.md §7.2: the bytes cannot tell).
 * - `ok`: none of these.
 * The first that applies wins, in that order.
 */
export type FailureState = 'crashed' | 'failed' | 'hanging' | 'ok';

export interface SessionFailure {
  state: FailureState;
  /** One line of plain text saying why; null when ok. */
  reason: string | null;
}

/** Problems that mean the writer stopped mid-append (FORMAT.md §1.4, §3.3). */
const TAIL_DAMAGE: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  'torn-tail',
  'torn-record',
  'ignored-tail',
]);
const CRASH_REPAIR_CODES: ReadonlySet<string> = new Set(['TOOL_NOT_STARTED', 'TOOL_OUTCOME_UNKNOWN']);

/** The failure state of a decoded log (see FailureState). */
export function deriveFailureState(log: OpenedLog): SessionFailure {
  const { turns, toolCalls } = log.index;
  const lastTurn = turns.at(-1);
  const isHanging = lastTurn !== undefined && lastTurn.endSeq === null;

  const repaired = toolCalls.find(
    (call) => call.errorCode !== null && CRASH_REPAIR_CODES.has(call.errorCode),
  );
  const interrupted = turns.find((turn) => turn.reason === 'interrupted');
  if (repaired !== undefined || interrupted !== undefined)
    return {
      state: 'crashed',
      reason:
        repaired !== undefined
          ? `crashed and repaired by dsh: call ${toPlainLine(repaired.callId, 80)} has ${repaired.errorCode ?? ''}`
          : `crashed and repaired by dsh: turn ${interrupted?.turn ?? ''} ended interrupted`,
    };
  if (isHanging) {
    const pending = toolCalls.find(
      (call) =>
        call.errorCode === null && (call.status === 'not-started' || call.status === 'outcome-unknown'),
    );
    if (pending !== undefined)
      return {
        state: 'crashed',
        reason: `turn ${lastTurn.turn} has no turn/end; call ${toPlainLine(`${pending.callId} (${pending.name})`, 120)} is ${pending.status}`,
      };
    const damage = log.problems.find((problem) => TAIL_DAMAGE.has(problem.kind));
    if (damage !== undefined)
      return {
        state: 'crashed',
        reason: `turn ${lastTurn.turn} has no turn/end and the log ends damaged (${damage.kind})`,
      };
  }
  const errorTurn = turns.find((turn) => turn.reason === 'error');
  if (errorTurn !== undefined)
    return { state: 'failed', reason: `turn ${errorTurn.turn} ended with an error` };
  if (isHanging)
    return { state: 'hanging', reason: `turn ${lastTurn.turn} has no turn/end (live, or stopped)` };
  return { state: 'ok', reason: null };
}
