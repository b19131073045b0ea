// The listing summary of one session: what the session list shows and the tree rolls up, as small
// plain data. The summary pass streams the file through the decoder (the only reader whose verdict
// is the one `inspect` gives, and as fast as any pass that parses every line: README "Benchmarks",
// ratio to the JSON.parse floor ≤ 1), takes these facts and lets the decoded log go.

import type { DecoderOptions } from '../open/log-decoder.ts';
import { createLogDecoder } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { FormatGeneration } from '../format/generations/generation.ts';
import type { Verdict } from '../problems.ts';
import { childStartSeq, inheritedPrefixLength } from '../projections/inherited-prefix.ts';
import { deriveUsage } from '../projections/usage.ts';
import { buildCostIndex } from '../cost/cost-index.ts';
import { loadBundledPriceTable } from '../cost/price-table.ts';
import type { SummaryRequest } from '../cost/summary-cost.ts';
import { listSummaryRequests } from '../cost/summary-cost.ts';
import { deriveFormatVerdicts } from '../reports/format-verdicts.ts';
import type { MigrationAudit } from '../reports/migration-audit.ts';
import { DecodeTimeMigrationAudit } from '../reports/migration-audit.ts';
import {
  deriveThreeAnswers,
  NOT_OK_RUN_ENDINGS,
  shownRunEndingOf,
  type RunEnding,
  type ThreeAnswers,
} from '../reports/three-answers.ts';
import type { FailureState, SessionFailure } from './failure-state.ts';
import { deriveFailureState } from './failure-state.ts';
import type { SessionLinkFacts } from './link-facts.ts';
import { extractLinkFacts } from './link-facts.ts';
import type { SessionHeadFacts } from './session-head.ts';
import { headFactsOf } from './session-head.ts';
import type { WorkspaceEntry } from './workspace-entry.ts';
import { readEntryChunks } from './workspace-entry.ts';
import type { WorkspaceSession } from './discover-sessions.ts';
import { mapWithConcurrency, type WorkControl } from './work-control.ts';

/** Token usage summed over a session's own steps (FORMAT.md §7.7: each step's last report). */
export interface TokenTotals {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/** One session's listing facts. Plain, structured-clonable data; text fields are plain text from the log. */
export interface SessionSummary {
  /** The header as the full read saw it (null: no header with an id). */
  head: SessionHeadFacts | null;
  /** The latest session/title, or null. */
  title: string | null;
  generation: FormatGeneration | null;
  verdict: Verdict;
  problemCount: number;
  /** Events of the valid prefix (CLI.md `events.count`), turns and tool-call ids, as `inspect` counts them. */
  events: number;
  turns: number;
  toolCalls: number;
  /** Tool calls whose status is not ok (CLI.md statuses). */
  failedToolCalls: number;
  /** Events copied from the parent (seqs 0 … n-1; FORMAT.md §8.1), or null when not seeded. */
  inheritedEvents: number | null;
  /** Where a link to this session opens it (childStartSeq): a fork's first own event, else its first message. */
  startSeq: number;
  /** Time of the first own event (after an inherited prefix) and of the last event; null without events. */
  firstEventTime: number | null;
  lastEventTime: number | null;
  /** Last event time − createdAt (else − the first own event), never negative; null without events. */
  durationMs: number | null;
  failure: SessionFailure;
  /**
   * Can this viewer read it, would dsh open it, how did the run end: the one derivation `inspect`,
   * triage and the header use (three-answers.ts), so a row and its opened log never disagree.
   */
  answers: ThreeAnswers;
  /** Own steps only: a fork's inherited prefix holds the parent's usage, which is the parent's to count. */
  tokens: TokenTotals;
  /** Own model requests with usage, to price (and reprice at edited prices) without the log. */
  requests: SummaryRequest[];
  file: { bytes: number; textBytes: number; container: 'jsonl' | 'zstd' | 'unknown'; tornTail: boolean };
  links: SessionLinkFacts;
}

/**
 * Whether a summarized session is not ok: its run ended failed, crashed, hanging or for a reason dsh
 * does not define (answer 3, a max-tokens last turn included), or an earlier turn failed or crashed
 * (the failure state). A log dsh refuses whose run completed is ok. With `isWriterActive` (the
 * session being followed, its writer still appending) an unended run is running, not hanging
 * (shownRunEndingOf), so it is ok. The one definition the session list's "not ok only" filter, its
 * count and the lineage roll-up (notOkSessions) use.
 */
export function isSummaryNotOk(
  summary: Pick<SessionSummary, 'failure' | 'answers'>,
  isWriterActive = false,
): boolean {
  return isRunNotOk(summary.failure.state, summary.answers.run.ending, isWriterActive);
}

/** isSummaryNotOk from the two facts an `ls` row carries (its failure state and run ending). */
export function isRunNotOk(failure: FailureState, ending: RunEnding, isWriterActive = false): boolean {
  const shown = shownRunEndingOf(ending, isWriterActive);
  // The failure state's 'hanging' is the same unended last turn as answer 3's.
  const isFailureShown = failure !== 'ok' && !(failure === 'hanging' && shown === 'running');
  return isFailureShown || (shown !== 'running' && NOT_OK_RUN_ENDINGS.has(shown));
}

export type SessionSummaryRead = { ok: true; summary: SessionSummary } | { ok: false; reason: string };

/** What an `ls` row takes from a summary (workspace-reports.ts), and all `listFactsOfLog` derives. */
export type SessionListFacts = Pick<
  SessionSummary,
  | 'title'
  | 'generation'
  | 'verdict'
  | 'events'
  | 'turns'
  | 'toolCalls'
  | 'lastEventTime'
  | 'failure'
  | 'answers'
  | 'tokens'
>;

/** Token usage of the steps from seq `ownFrom` on (a fork's inherited prefix is its parent's). */
function ownTokens(log: OpenedLog, ownFrom: number): TokenTotals {
  const tokens: TokenTotals = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  for (const point of deriveUsage(log)) {
    if (point.seq < ownFrom) continue;
    tokens.inputTokens += point.inputTokens;
    tokens.outputTokens += point.outputTokens;
    tokens.cacheReadTokens += point.cacheReadTokens;
    tokens.cacheWriteTokens += point.cacheWriteTokens;
  }
  return tokens;
}

/**
 * The facts of an `ls` row only, as summarizeOpenedLog gives them: the CLI's listing skips what
 * only the viewer needs (the priced requests and the link facts were most of a small log's summary).
 */
function listFactsOfLog(log: OpenedLog, audited: MigrationAudit | null): SessionListFacts {
  const { store, index } = log;
  const eventCount = store.eventCount;
  return {
    title: index.title,
    generation: log.format.generation,
    verdict: log.verdict,
    events: eventCount,
    turns: index.turns.length,
    toolCalls: index.toolCalls.length,
    lastEventTime: eventCount > 0 ? store.eventTime.get(eventCount - 1) : null,
    failure: deriveFailureState(log),
    answers: deriveThreeAnswers(log, deriveFormatVerdicts(log, audited)),
    tokens: ownTokens(log, inheritedPrefixLength(log) ?? 0),
  };
}

/** The summary of a decoded log (complete or not). Reads back a few events (links, usage windows). */
export function summarizeOpenedLog(log: OpenedLog, audited?: MigrationAudit | null): SessionSummary {
  const { store, index } = log;
  const eventCount = store.eventCount;
  const inherited = inheritedPrefixLength(log);
  const ownFrom = inherited ?? 0;
  const head = headFactsOf(log);
  const firstEventTime = ownFrom < eventCount ? store.eventTime.get(ownFrom) : null;
  const lastEventTime = eventCount > 0 ? store.eventTime.get(eventCount - 1) : null;
  const startTime = head?.createdAt ?? firstEventTime;
  return {
    head,
    title: index.title,
    generation: log.format.generation,
    verdict: log.verdict,
    problemCount: log.problems.length,
    events: eventCount,
    turns: index.turns.length,
    toolCalls: index.toolCalls.length,
    failedToolCalls: index.toolCalls.filter((call) => call.status !== 'ok').length,
    inheritedEvents: inherited,
    startSeq: childStartSeq(log),
    firstEventTime,
    lastEventTime,
    durationMs: lastEventTime === null || startTime === null ? null : Math.max(0, lastEventTime - startTime),
    failure: deriveFailureState(log),
    // The format verdicts of a generation 0–3 log need the migration audit: the one run while the
    // log was decoded (summarizeSession), else one that reads its events back from the store.
    answers: deriveThreeAnswers(log, deriveFormatVerdicts(log, audited)),
    tokens: ownTokens(log, ownFrom),
    requests: listSummaryRequests(buildCostIndex(log, loadBundledPriceTable())),
    file: {
      bytes: log.file.bytes,
      textBytes: log.file.textBytes,
      container: log.file.container,
      tornTail: log.file.tornTail,
    },
    links: extractLinkFacts(log),
  };
}

/**
 * The log of `entry`, streamed through a decoder (its readChunks when it has them, else one read).
 * Rejects only when reading rejects; a damaged log decodes with its problems, as everywhere.
 */
export async function decodeEntry(
  entry: WorkspaceEntry,
  options: DecoderOptions = {},
  isCancelled?: () => boolean,
): Promise<OpenedLog> {
  const decoder = createLogDecoder(options);
  for await (const chunk of readEntryChunks(entry)) {
    // Asked at every chunk: a cancel stops a long session (or a ZIP member's inflation) mid-way.
    if (isCancelled?.() === true) throw new SummaryCancelled();
    decoder.push(chunk);
  }
  return decoder.finish();
}

/** Thrown inside decodeEntry when its pass was cancelled; the decoded part is dropped. */
class SummaryCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** `derive` of `entry`'s decoded log, or why there is none (a read that rejects, a defect of ours, a cancel). */
async function deriveFromEntry<T>(
  entry: WorkspaceEntry,
  options: DecoderOptions,
  isCancelled: (() => boolean) | undefined,
  derive: (log: OpenedLog, audited: MigrationAudit | null) => T,
): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  let log: OpenedLog;
  // dsh's answer audits the events as they are decoded: the log is read once.
  const audit = new DecodeTimeMigrationAudit();
  try {
    log = await decodeEntry(entry, { ...options, onEvent: audit.onEvent }, isCancelled);
  } catch (error) {
    if (error instanceof SummaryCancelled) return { ok: false, reason: 'cancelled' };
    return {
      ok: false,
      reason: `cannot be read (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  try {
    return { ok: true, value: derive(log, audit.resultFor(log)) };
  } catch (error) {
    // A defect of ours on a hostile log: that session gets a reason, the pass goes on.
    return {
      ok: false,
      reason: `could not be summarized (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

/**
 * Streams `entry` through a decoder (its readChunks when it has them, else one read) and returns
 * its summary; the decoded log is not kept. `options` are the decoder's (pass the checksum
 * verifier and fast zstd the loaders use, so the verdict is the one `inspect` and the viewer give).
 * Never throws: a read that rejects is `{ ok: false }` with the reason.
 */
export async function summarizeSession(
  entry: WorkspaceEntry,
  options: DecoderOptions = {},
  isCancelled?: () => boolean,
): Promise<SessionSummaryRead> {
  const read = await deriveFromEntry(entry, options, isCancelled, summarizeOpenedLog);
  return read.ok ? { ok: true, summary: read.value } : read;
}

export type SessionListFactsRead = { ok: true; facts: SessionListFacts } | { ok: false; reason: string };

/** summarizeSession for an `ls` row only (listFactsOfLog): the same decode, reasons and facts. */
export async function readSessionListFacts(
  entry: WorkspaceEntry,
  options: DecoderOptions = {},
): Promise<SessionListFactsRead> {
  const read = await deriveFromEntry(entry, options, undefined, listFactsOfLog);
  return read.ok ? { ok: true, facts: read.value } : read;
}

export interface SummarizeOptions extends WorkControl {
  decoder?: DecoderOptions;
  /** Called with each session's summary (or failure) as soon as it is known, in list order. */
  onSummary?: (session: WorkspaceSession, read: SessionSummaryRead) => void;
}

/**
 * The summary pass over a workspace, one session at a time (one decoded log in memory at once),
 * in list order. Resolves to the summaries by session id and whether the pass ran to the end
 * (false when cancelled); failures are in `failures` by session id.
 */
export async function summarizeWorkspace(
  sessions: readonly WorkspaceSession[],
  options: SummarizeOptions = {},
): Promise<{ summaries: Map<string, SessionSummary>; failures: Map<string, string>; isComplete: boolean }> {
  const summaries = new Map<string, SessionSummary>();
  const failures = new Map<string, string>();
  let isCut = false;
  const isRun = await mapWithConcurrency(sessions, 1, options, async (session) => {
    const read = await summarizeSession(session.entry, options.decoder, options.isCancelled);
    if (!read.ok && options.isCancelled?.() === true) {
      isCut = true;
      return;
    }
    if (read.ok) summaries.set(session.id, read.summary);
    else failures.set(session.id, read.reason);
    options.onSummary?.(session, read);
  });
  return { summaries, failures, isComplete: isRun && !isCut };
}
