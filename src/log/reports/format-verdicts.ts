// Who refuses what: the log's format generation, what the dsh release that wrote it does on open,
// and what current dsh (generation 4, which migrates older logs) does (docs/format-generations.md
// §9, GENERATIONS.md §4).
//
// The current-dsh verdict of a generation 0–3 log whose writer reads it comes from the migration
// rules that migration-audit.ts runs (the migration-*.ts files). CHECKED (each refusal names its rule):
//   header       key set of the frozen v0 codec (generations 0, 1), field types, absolute `cwd`;
//   v0 → v1      `request/header-delta`, `mode/set`, reason `fallback`; unknown event types even when
//                ignorable (generations 0–2; generation 3: unless ignorable); `subagent/descriptor`
//                version ≠ 3 (generation 0); unexpected TOP-LEVEL `data` members against the frozen
//                v0 inventory, after the legacy upgrades (generations 0, 1; e.g. `permission/preset.origin`);
//   v1 → v2      an assistant/message that does not cite exactly the chunks of its attempt (missing
//                sourceEventSeqs after chunks of its step); references to chunk seqs from other events
//                (sourceEventSeqs, surfaceOp, command/done.sourceEventSeq, compaction shadowed seqs,
//                title messageSeqs) (generations 0, 1);
//   relationships (generations 0–3) consecutive turns and steps, turn/end over an open step,
//                request/header, request/context and PTC dispatches inside a turn, chunks, messages,
//                calls and results inside the open step (chunks: an open step exists; their turn/step
//                numbers are not compared), every advertised call settled before step/end and turn/end,
//                tool/call matching one advertised call (name and arguments), a result for a call never
//                started being the exact TOOL_NOT_STARTED repair, the legacy restart exception,
//                command/done after its command/run and no repeated command ids;
//   v2 → v3      a surface event before the first step/start, a prompt change outside a step,
//                message source kinds and content block types it cannot classify (top-level content
//                and tool-result content of surface events) (generations 0–2).
// NOT CHECKED: a full payload audit (nested members and value types of every event, the semantic
// checks of each payload, chunk payloads, required members); compaction ownership and shadowed
// spans; llm/retry chains; session/title citations; PTC dispatch pairing; delivery markers; the
// inherited cut of seeded logs; message id collisions; the v3 → v4 edge (unpublished: producer-owned
// sources, catalog backfill, `deferLoading`); surface folds beyond what the decoder already checks.
// So 'migrates' means "none of the checked rules refuses it", not a guarantee.

import type { OpenedLog } from '../open/opened-log.ts';
import type { FormatGeneration } from '../format/generations/generation.ts';
import { NEWEST_KNOWN_GENERATION } from '../format/generations/generation.ts';
import { rulesOfGeneration } from '../format/generations/generation-rules.ts';
import type { Verdict } from '../problems.ts';
import type { FormatRefusal, MigrationAudit } from './migration-audit.ts';
import { REFUSAL_PREFIX, auditMigrationSteps } from './migration-audit.ts';
import { drainSteps } from '../base/steps.ts';

/** What current dsh does with the log: reads it natively (ok), migrates it, refuses it, or cannot read it. */
export type CurrentVerdictStatus = 'ok' | 'migrates' | 'refuses' | 'corrupt' | 'newer';

/** The release current dsh stands for in these verdicts. */
export const CURRENT_RELEASE = `dsh 0.2.x (generation ${NEWEST_KNOWN_GENERATION})`;

/** The log's generation and the two verdicts. Plain data (crosses to the UI); text is plain text. */
export interface FormatVerdicts {
  /** The generation the header names (0–4), or null when it names none this viewer knows. */
  generation: number | null;
  /** The header `version` when it is above 4 (written by a newer dsh), else null. */
  newerVersion: number | null;
  /** What the release that wrote the log does when it opens it (for generation 0: dsh 0.1.1). */
  writer: { release: string; status: Verdict['status']; reason: string | null };
  current: {
    release: string;
    /** ok: native (generation 4); migrates / refuses: an older log; corrupt: unreadable; newer: generation > 4. */
    status: CurrentVerdictStatus;
    /** The first cause when not ok or migrates, else null. */
    reason: string | null;
    /** Why current dsh would refuse, in the order it checks (at most 20 per rule: migration-audit.ts). */
    refusals: FormatRefusal[];
    /** How many refusals were found, including those not listed. */
    refusalCount: number;
  };
}

/** The releases that write a generation (the rules' `writtenBy`), or what is known of the writer otherwise. */
function writerRelease(generation: FormatGeneration | null, newerVersion: number | null): string {
  if (newerVersion !== null) return `a dsh newer than this viewer knows (format v${newerVersion})`;
  if (generation === null) return 'unknown (the header names no format generation)';
  return rulesOfGeneration(generation).writtenBy;
}

/**
 * Derives the generation and both verdicts of a log. Pure; for generations 0–3 it reads events back
 * from the store (every non-chunk event for generations 0 and 1) unless `audited` is the audit run
 * during the decode, so call it once per finished log.
 */
export function deriveFormatVerdicts(log: OpenedLog, audited?: MigrationAudit | null): FormatVerdicts {
  return drainSteps(deriveFormatVerdictsSteps(log, audited));
}

/**
 * deriveFormatVerdicts as steps (base/steps.ts): the migration audit yields between slices of
 * events. `audited`: the audit already run while the log was decoded (DecodeTimeMigrationAudit),
 * so the events are not read back; null or absent: it is run here.
 */
export function* deriveFormatVerdictsSteps(
  log: OpenedLog,
  audited?: MigrationAudit | null,
): Generator<void, FormatVerdicts> {
  const { generation, newerVersion } = log.format;
  const release = writerRelease(generation, newerVersion);
  const none = { refusals: [], refusalCount: 0 };
  if (newerVersion !== null) {
    return {
      generation: null,
      newerVersion,
      writer: {
        release,
        status: 'unsupported',
        reason: `written by a newer dsh (format v${newerVersion}) than this viewer knows (v${NEWEST_KNOWN_GENERATION})`,
      },
      current: {
        release: CURRENT_RELEASE,
        status: 'newer',
        reason: `current dsh refuses it before reading the events: "stored Session uses newer format v${newerVersion}; this build writes v${NEWEST_KNOWN_GENERATION}".`,
        ...none,
      },
    };
  }
  const writer = { release, status: log.verdict.status, reason: log.verdict.reason };
  if (generation === null || writer.status === 'corrupt')
    return {
      generation,
      newerVersion: null,
      writer,
      current: { release: CURRENT_RELEASE, status: 'corrupt', reason: writer.reason, ...none },
    };
  if (generation === NEWEST_KNOWN_GENERATION)
    return {
      generation,
      newerVersion: null,
      writer,
      current: {
        release: CURRENT_RELEASE,
        status: writer.status === 'ok' ? 'ok' : 'refuses',
        reason: writer.reason,
        ...none,
      },
    };

  const audit = audited ?? (yield* auditMigrationSteps(log, generation));
  const refusals = audit.refusals;
  let refusalCount = audit.refusalCount;
  if (writer.status === 'unsupported') {
    refusals.unshift({
      rule: 'writer-refuses',
      seq: null,
      line: null,
      message: `${REFUSAL_PREFIX} the release that wrote it refuses it already (${writer.reason ?? 'unsupported'}).`,
    });
    refusalCount += 1;
  }
  const first = refusals[0];
  return {
    generation,
    newerVersion: null,
    writer,
    current: {
      release: CURRENT_RELEASE,
      status: first === undefined ? 'migrates' : 'refuses',
      reason: first?.message ?? null,
      refusals,
      refusalCount,
    },
  };
}

/** One line naming the generation and its writer, e.g. "generation 0, written by dsh 0.0.1 – 0.1.2 (session.jsonl)". */
export function describeGeneration(verdicts: FormatVerdicts): string {
  if (verdicts.newerVersion !== null)
    return `format v${verdicts.newerVersion}, newer than this viewer knows (v${NEWEST_KNOWN_GENERATION})`;
  if (verdicts.generation === null) return 'unknown: the header names no format generation';
  return `generation ${verdicts.generation}, written by ${verdicts.writer.release}`;
}

/** The writing release's verdict as one line: "ok", or "status: reason". */
export function describeWriterVerdict(verdicts: FormatVerdicts): string {
  const { writer } = verdicts;
  return writer.reason === null ? writer.status : `${writer.status}: ${writer.reason}`;
}

/** Current dsh's verdict as one line, with the first refusal and how many more there are. */
export function describeCurrentVerdict(verdicts: FormatVerdicts): string {
  const { current } = verdicts;
  switch (current.status) {
    case 'ok':
      return `ok: ${current.release} reads it natively`;
    case 'migrates':
      return `migrates: ${current.release} migrates it on open (none of the checked rules refuses it)`;
    case 'refuses': {
      const more = current.refusalCount - 1;
      const reason = (current.reason ?? '').replace(REFUSAL_PREFIX, '').trim();
      // A generation-4 log is not migrated: current dsh refuses to open it (issue 20).
      const verb =
        verdicts.generation === NEWEST_KNOWN_GENERATION ? 'refuses to open it' : 'refuses to migrate it';
      return `${verb}: ${reason}${more > 0 ? ` (+${more} more)` : ''}`;
    }
    case 'corrupt':
    case 'newer':
      return current.reason === null ? current.status : `${current.status}: ${current.reason}`;
  }
}
