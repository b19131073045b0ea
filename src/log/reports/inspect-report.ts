// The machine-readable answers of the command line (CLI.md `inspect --json` and `project --json`),
// built from an OpenedLog so that every reader of the contract gets the same JSON.

import type { MessageRole, SessionHeader } from '../event.ts';
import type { ToolCallStatus } from '../structure/tool-calls.ts';
import { deriveModelView, readModelMessage } from '../projections/model-view.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { LogNote, LogProblem, Verdict } from '../problems.ts';
import type { FormatVerdicts } from './format-verdicts.ts';
import { deriveFormatVerdicts } from './format-verdicts.ts';
import type { MigrationAudit } from './migration-audit.ts';
import { deriveThreeAnswers, type ThreeAnswers } from './three-answers.ts';

/** CLI.md `inspect <file> --json`. Field names and null rules are the contract; fields may be added. */
export interface InspectReport {
  file: {
    /** Size on disk, in bytes. */
    bytes: number;
    container: 'jsonl' | 'zstd';
    /** Complete zstd frames; null for plain jsonl. */
    frames: number | null;
    tornTail: boolean;
  };
  /** The header object exactly as parsed, or null if absent/unparsable. */
  header: SessionHeader | null;
  /**
   * `viewerLimit` is an addition: null when the whole file was read, else the problem message
   * saying where reading stopped at this reader's own bound ("too large for this viewer"); then
   * `status` covers only the part read before it. A limit of ours never makes a log corrupt.
   */
  verdict: Omit<Verdict, 'viewerLimit'> & { viewerLimit: string | null };
  events: {
    /** Events in the contiguous valid prefix, after packed-row expansion. */
    count: number;
    /** Non-header storage lines read. */
    lines: number;
    packedRows: number;
    /** Stored types (before legacy upgrades) → count. */
    byType: Record<string, number>;
  };
  /**
   * Every defect, in file order. Additions: `effect` (what it does to the verdict), `lineEnd` (the
   * last line of a range of lines, else null) and `byteOffset` / `byteEnd` (the problem's bytes
   * [byteOffset, byteEnd) — of the decompressed text, or of the file for zstd container problems —
   * each null when not known).
   */
  problems: {
    kind: LogProblem['kind'];
    line: number | null;
    lineEnd: number | null;
    seq: number | null;
    byteOffset: number | null;
    byteEnd: number | null;
    message: string;
    effect: LogProblem['effect'];
  }[];
  /**
   * An addition: information that is not a defect (legacy shapes dsh upgrades on read, a cwd only
   * Windows calls absolute), in file order. Never affects the verdict; not in `problems`.
   */
  notes: { kind: LogNote['kind']; line: number | null; seq: number | null; message: string }[];
  turns: {
    turn: number;
    startSeq: number;
    /** null: hanging (no turn/end). */
    endSeq: number | null;
    reason: string | null;
    steps: { step: number; startSeq: number; endSeq: number | null }[];
  }[];
  toolCalls: {
    callId: string;
    name: string;
    callSeq: number | null;
    resultSeq: number | null;
    status: ToolCallStatus;
  }[];
  /** The display surface after the last event. */
  surface: { nodes: number; messages: number };
  /**
   * An addition: the format generation, what the release that wrote the log does on open (`verdict`
   * keeps its meaning: for generation 0 that is dsh 0.1.1) and what current dsh does (format-verdicts.ts).
   */
  format: FormatVerdicts;
  /**
   * An addition (issue 20): the three separate answers — can this viewer read it, would dsh open
   * it, how did the run end — as the viewer's header, triage and bug report give them.
   */
  answers: ThreeAnswers;
}

/** CLI.md `project <file> --at <seq> --json`. */
export interface ProjectReport {
  /** The seq the model view was folded to; null when the log has no events. */
  at: number | null;
  messages: {
    /** `user` | `assistant` in generations 0–2; `system` from 3; `developer` and `tool` from 4. */
    role: MessageRole;
    /** The surface node (event seq) the message comes from. */
    sourceSeq: number;
    /** Content block types, in order. */
    blocks: string[];
  }[];
}

/**
 * Builds the CLI.md `inspect` JSON. Counts stored types from the store's type column (no re-parse).
 * `audited`: the migration audit run while the log was decoded (DecodeTimeMigrationAudit); absent
 * or null, the format verdicts run it over the store.
 */
export function buildInspectReport(log: OpenedLog, audited?: MigrationAudit | null): InspectReport {
  const { store } = log;
  const format = deriveFormatVerdicts(log, audited);
  const countsByTypeId = new Map<number, number>();
  const typeIds = store.eventType.view();
  for (const typeId of typeIds) countsByTypeId.set(typeId, (countsByTypeId.get(typeId) ?? 0) + 1);
  const byType: Record<string, number> = {};
  for (const [typeId, count] of countsByTypeId) {
    const name = store.typeNames[typeId];
    if (name !== undefined) byType[name] = count;
  }

  const lastSeq = store.eventCount - 1;
  const view = lastSeq >= 0 ? deriveModelView(log, lastSeq) : null;

  return {
    file: {
      bytes: log.file.bytes,
      container: log.file.container === 'zstd' ? 'zstd' : 'jsonl',
      frames: log.file.container === 'zstd' ? log.file.frames : null,
      tornTail: log.file.tornTail,
    },
    header: log.header,
    verdict: { ...log.verdict, viewerLimit: log.verdict.viewerLimit ?? null },
    events: { count: store.eventCount, lines: log.lineCount, packedRows: log.packedRows, byType },
    problems: log.problems.map(problemForJson),
    notes: log.notes.map((note) => ({
      kind: note.kind,
      line: note.line,
      seq: note.seq,
      message: note.message,
    })),
    turns: log.index.turns.map((turn) => ({
      turn: turn.turn,
      startSeq: turn.startSeq,
      endSeq: turn.endSeq,
      reason: turn.reason,
      steps: turn.steps.map((step) => ({ step: step.step, startSeq: step.startSeq, endSeq: step.endSeq })),
    })),
    toolCalls: log.index.toolCalls.map((call) => ({
      callId: call.callId,
      name: call.name,
      callSeq: call.callSeq,
      resultSeq: call.resultSeq,
      status: call.status,
    })),
    surface: { nodes: view?.nodeCount ?? 0, messages: view?.messages.length ?? 0 },
    format,
    answers: deriveThreeAnswers(log, format),
  };
}

/**
 * Builds the CLI.md `project` JSON: the model view after every event with seq <= `atSeq`.
 * `atSeq` null means the last seq; a seq past the end is clamped to it. No events → `at: null`.
 */
export function buildProjectReport(log: OpenedLog, atSeq: number | null): ProjectReport {
  const lastSeq = log.store.eventCount - 1;
  if (lastSeq < 0) return { at: null, messages: [] };
  const at = atSeq === null ? lastSeq : Math.min(Math.max(atSeq, 0), lastSeq);
  const view = deriveModelView(log, at);
  const messages: ProjectReport['messages'] = [];
  for (const message of view.messages) {
    const detail = readModelMessage(log, message.seq);
    const blocks = detail === null ? [] : detail.message.content.map((block) => block.type);
    messages.push({ role: message.role, sourceSeq: message.seq, blocks });
  }
  return { at, messages };
}

/** A problem as `inspect --json` (and `follow`) report it: every field, absent ones as null. */
export function problemForJson(problem: LogProblem) {
  return {
    kind: problem.kind,
    line: problem.line,
    lineEnd: problem.lineEnd ?? null,
    seq: problem.seq,
    byteOffset: problem.byteOffset,
    byteEnd: problem.byteEnd ?? null,
    message: problem.message,
    effect: problem.effect,
  };
}
