// A slash command's run ↔ done pair (FORMAT.md §5.3 `command/*`, §7.5) as the event detail shows
// it: both seqs, the time between them, the outcome, and its status at the cursor. Commands are
// human-plane (never model-visible), so they appear in the events list, not in the model view.

import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import { isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';

/** One command/run and its command/done, independent of the cursor. Times are epoch ms. */
export interface CommandFacts {
  commandId: string;
  /** The command name without the slash. */
  name: string;
  /** command/run `args` verbatim, or null when absent. */
  args: string | null;
  runSeq: number;
  runTime: number;
  /** null: never settled (a crash or a live log, FORMAT.md §10 case 52). */
  doneSeq: number | null;
  doneTime: number | null;
  /** done.time − run.time, or null without a done. */
  durationMs: number | null;
  /** command/done `kind`, or null without a done (or with another kind). */
  outcome: 'success' | 'error' | null;
  /** The log's last seq: an unsettled command is `unresolved` there. */
  lastSeq: number;
}

/** A command's status after every event with seq <= the cursor. */
export type CommandStatusAt = 'not-run-yet' | 'running' | 'success' | 'error' | 'unresolved';

/** The command paired with event `seq` (its command/run or command/done), or null for any other event. */
export function readCommandFacts(log: OpenedLog, seq: number): CommandFacts | null {
  const type = log.store.typeOf(seq);
  if (type !== 'command/run' && type !== 'command/done') return null;
  const record = log.index.commands.find((command) => command.runSeq === seq || command.doneSeq === seq);
  if (record === undefined) return null;
  const times = log.store.eventTime;
  const run = readUpgradedEventAt(log.store, record.runSeq);
  const args = isRecord(run.data) && typeof run.data.args === 'string' ? run.data.args : null;
  const runTime = times.get(record.runSeq);
  const doneTime = record.doneSeq === null ? null : times.get(record.doneSeq);
  return {
    commandId: record.commandId,
    name: record.name,
    args,
    runSeq: record.runSeq,
    runTime,
    doneSeq: record.doneSeq,
    doneTime,
    durationMs: doneTime === null ? null : doneTime - runTime,
    outcome: record.outcome,
    lastSeq: log.store.eventCount - 1,
  };
}

/**
 * The status at `cursorSeq` (null: the end of the log): `not-run-yet` before the run, `running`
 * until its done, then the done's kind (`success`, `error`; another kind reads `unresolved`).
 * Without a done, `running` until the last seq and `unresolved` there (FORMAT.md §10 case 52).
 */
export function deriveCommandStatusAt(facts: CommandFacts, cursorSeq: number | null): CommandStatusAt {
  const at = cursorSeq ?? facts.lastSeq;
  if (at < facts.runSeq) return 'not-run-yet';
  if (facts.doneSeq !== null) return at < facts.doneSeq ? 'running' : (facts.outcome ?? 'unresolved');
  return at >= facts.lastSeq ? 'unresolved' : 'running';
}
