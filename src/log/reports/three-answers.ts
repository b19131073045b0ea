// Three questions a person asks of a log, each with its own answer (issue 20), so that "dsh refuses
// this file" is never read as "the run failed":
//   1. can this viewer read it — always, with how many lines are problems;
//   2. would dsh open it — opens / migrates / refuses / cannot read, with the rule, seq and release;
//   3. how did the run end — completed / failed / crashed / hanging / interrupted (or no turn yet).
// The header card, the session list, triage, the bug report and `inspect` all show these, made
// here once (three-answers.test.ts checks that the CLI and the viewer's worker give the same).

import type { OpenedLog } from '../open/opened-log.ts';
import { toPlainLine } from '../base/visible-text.ts';
import type { ProblemKind } from '../problems.ts';
import type { FormatVerdicts } from './format-verdicts.ts';
import { REFUSAL_PREFIX } from './migration-audit.ts';

/** Answer 2. `cannot-read`: dsh rejects the file as corrupt (or it names no generation dsh knows). */
export type DshAnswer = 'opens' | 'migrates' | 'refuses' | 'cannot-read';

/** Answer 3. `no-turns`: the log holds no turn yet. `other`: a turn/end reason dsh does not define. */
export type RunEnding = 'completed' | 'failed' | 'crashed' | 'hanging' | 'interrupted' | 'no-turns' | 'other';

/**
 * Run endings that are not ok: the run failed, crashed, hangs or ended for a reason dsh does not
 * define. Completed, interrupted (cancelled) and no-turns are ok; a refusal by dsh is answer 2, never
 * one of these.
 */
export const NOT_OK_RUN_ENDINGS: ReadonlySet<RunEnding> = new Set<RunEnding>([
  'failed',
  'crashed',
  'hanging',
  'other',
]);

/** Answer 3 as shown: `running` is an unended run of a followed log whose writer is still appending. */
export type ShownRunEnding = RunEnding | 'running';

/**
 * Answer 3 as the viewer shows it (issue 22): with `isWriterActive` (a followed log that grew within
 * the reader's threshold) an unended run ('hanging') is 'running'; it hangs only once the writer has
 * been quiet past it. The one rule the header, the session row, triage, the "not ok only" filter,
 * its count and the "runs not ok below" roll-up go by.
 */
export function shownRunEndingOf(ending: RunEnding, isWriterActive: boolean): ShownRunEnding {
  return isWriterActive && ending === 'hanging' ? 'running' : ending;
}

export interface ThreeAnswers {
  viewer: {
    /** Always true: every line is an event on screen or a listed problem. */
    canRead: true;
    events: number;
    /** Distinct lines that carry a problem (a problem without a line counts once). */
    problemLines: number;
    sentence: string;
  };
  dsh: {
    answer: DshAnswer;
    /** The release answering: current dsh (0.2.x, generation 4). */
    release: string;
    /** The rule or problem kind behind a refusal (`unknown-type`, a migration rule …), else null. */
    rule: string | null;
    seq: number | null;
    /** dsh's reason in one sentence, or null when it opens the log. Plain text. */
    reason: string | null;
    sentence: string;
  };
  run: {
    ending: RunEnding;
    /** The turn the answer is about (the last one, or the one that crashed), else null. */
    turn: number | null;
    /** Where to look: that turn's turn/end, or its start while it hangs. */
    seq: number | null;
    sentence: string;
  };
}

const CRASH_REPAIR_CODES: ReadonlySet<string> = new Set(['TOOL_NOT_STARTED', 'TOOL_OUTCOME_UNKNOWN']);
const TAIL_DAMAGE: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  'torn-tail',
  'torn-record',
  'ignored-tail',
]);

/** Turn/end reasons (FORMAT.md §5.1) and the ending each means. */
const ENDING_BY_REASON: Record<string, RunEnding> = {
  completed: 'completed',
  forked: 'completed',
  error: 'failed',
  'max-tokens': 'failed',
  blocked: 'failed',
  aborted: 'interrupted',
  // Written only by crash repair (FORMAT.md §7.6).
  interrupted: 'crashed',
};

function deriveRun(log: OpenedLog): ThreeAnswers['run'] {
  const { turns, toolCalls } = log.index;
  const last = turns.at(-1);
  if (last === undefined)
    return { ending: 'no-turns', turn: null, seq: null, sentence: 'No turn in this log yet.' };
  const repaired = toolCalls.find(
    (call) => call.errorCode !== null && CRASH_REPAIR_CODES.has(call.errorCode),
  );
  if (repaired !== undefined)
    return {
      ending: 'crashed',
      turn: last.turn,
      seq: repaired.resultSeq,
      sentence: `Crashed: dsh repaired it on reopen (call ${toPlainLine(repaired.callId, 80)} has ${repaired.errorCode ?? ''}).`,
    };
  if (last.endSeq === null) {
    const pending = toolCalls.find(
      (call) =>
        call.errorCode === null && (call.status === 'not-started' || call.status === 'outcome-unknown'),
    );
    const damage = log.problems.find((problem) => TAIL_DAMAGE.has(problem.kind));
    if (pending !== undefined || damage !== undefined)
      return {
        ending: 'crashed',
        turn: last.turn,
        seq: last.startSeq,
        sentence:
          pending !== undefined
            ? `Crashed: turn ${last.turn} has no turn/end while call ${toPlainLine(pending.callId, 80)} is ${pending.status}.`
            : `Crashed: turn ${last.turn} has no turn/end and the log ends damaged (${damage?.kind ?? ''}).`,
      };
    return {
      ending: 'hanging',
      turn: last.turn,
      seq: last.startSeq,
      sentence: `Hanging: turn ${last.turn} has no turn/end (still running, or stopped between writes).`,
    };
  }
  const reason = last.reason ?? '';
  const ending = ENDING_BY_REASON[reason] ?? 'other';
  const words: Record<RunEnding, string> = {
    completed: `Completed: the last turn (${last.turn}) ended ${reason}.`,
    failed: `Failed: the last turn (${last.turn}) ended ${reason}.`,
    crashed: `Crashed: the last turn (${last.turn}) was closed by dsh's crash repair (interrupted).`,
    interrupted: `Interrupted: the last turn (${last.turn}) was cancelled (aborted).`,
    hanging: '',
    'no-turns': '',
    other: `The last turn (${last.turn}) ended "${toPlainLine(reason, 60)}", a reason dsh does not define.`,
  };
  return { ending, turn: last.turn, seq: last.endSeq, sentence: words[ending] };
}

function deriveViewer(log: OpenedLog): ThreeAnswers['viewer'] {
  const lines = new Set<number | string>();
  log.problems.forEach((problem, index) => lines.add(problem.line ?? `problem ${index}`));
  const events = log.store.eventCount;
  const problemLines = lines.size;
  const sentence =
    problemLines === 0
      ? `This viewer reads all of it: ${events} events, no problem line.`
      : `This viewer reads it: ${events} events; ${problemLines} line${problemLines === 1 ? ' is a' : 's are'} listed problem${problemLines === 1 ? '' : 's'}, and the rest reads normally.`;
  return { canRead: true, events, problemLines, sentence };
}

function deriveDsh(log: OpenedLog, format: FormatVerdicts): ThreeAnswers['dsh'] {
  const { current } = format;
  const release = current.release;
  switch (current.status) {
    case 'ok':
      return {
        answer: 'opens',
        release,
        rule: null,
        seq: null,
        reason: null,
        sentence: `dsh opens it: ${release} reads it natively.`,
      };
    case 'migrates':
      return {
        answer: 'migrates',
        release,
        rule: null,
        seq: null,
        reason: null,
        sentence: `dsh would migrate it: ${release} migrates it on open (none of the checked rules refuses it).`,
      };
    case 'corrupt':
      return {
        answer: 'cannot-read',
        release,
        rule: log.problems.find((problem) => problem.effect === 'corrupt')?.kind ?? null,
        seq: log.problems.find((problem) => problem.effect === 'corrupt')?.seq ?? null,
        reason: current.reason,
        sentence: `dsh cannot read it: ${toPlainLine(current.reason ?? 'the file is corrupt', 300)}`,
      };
    case 'newer':
    case 'refuses': {
      const refusal = current.refusals.find((candidate) => candidate.rule !== 'writer-refuses');
      const problem = log.problems.find((candidate) => candidate.effect === 'unsupported');
      // The writer's own refusal is a log problem (an unknown type …): name it, not "writer-refuses".
      const rule = problem?.kind ?? refusal?.rule ?? (current.status === 'newer' ? 'newer-version' : null);
      const seq = problem?.seq ?? refusal?.seq ?? null;
      const reason = (problem?.message ?? refusal?.message ?? current.reason ?? '')
        .replace(REFUSAL_PREFIX, '')
        .trim();
      return {
        answer: 'refuses',
        release,
        rule,
        seq,
        reason,
        sentence: `dsh refuses it: ${release} would not open it${seq !== null ? ` (seq ${seq})` : ''}: ${toPlainLine(reason, 300)}`,
      };
    }
  }
}

/** The three answers of a decoded log, with its format verdicts (deriveFormatVerdicts). */
export function deriveThreeAnswers(log: OpenedLog, format: FormatVerdicts): ThreeAnswers {
  return { viewer: deriveViewer(log), dsh: deriveDsh(log, format), run: deriveRun(log) };
}
