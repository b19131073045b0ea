// The typed messages between the main thread (src/worker/client.ts) and the log worker
// (src/worker/entry.ts). Type-only: nothing here runs. Everything crosses by structured clone.

import type {
  AllowedImageType,
  ConfusableTool,
  MediaUnavailable,
  EventDetail,
  EventRow,
  FacetCounts,
  FacetSelection,
  FileFacts,
  IgnoredLinesPage,
  FormatVerdicts,
  LogNote,
  LogProblem,
  ModelMessageDetail,
  PackedModelView,
  RequestContext,
  RequestHeaderDetail,
  SessionHeader,
  TranscriptEntry,
  TriageReport,
  TurnSpan,
  UsagePoint,
  Verdict,
} from '../log/index.ts';
import type { TextIndexState } from './text-indexing.ts';
import type { CompareQuery, CompareQueryResults } from './compare-protocol.ts';
import type { ShareExportAnswer, ShareRequest, ShareScanAnswer } from './share-protocol.ts';
import type { CostQuery, CostResults } from './cost-protocol.ts';
import type { MainToWorkerWorkspace, WorkspaceToMain } from './workspace-protocol.ts';

/** Where a log comes from. A `File` is structured-cloneable, so the worker reads it itself. */
export type LoadSource =
  | { kind: 'file'; file: File }
  | { kind: 'url'; url: string; name: string }
  /** A session of the workspace the worker holds (open-workspace), read from its entry's bytes. */
  | { kind: 'workspace-session'; sessionId: string; name: string }
  /** Followed while dsh writes it (follow-load.ts): a File System Access handle, or a URL read with Range requests. */
  | FollowedSource;

/** A log followed as it grows (issue 22). A handle is structured-cloneable, so the worker polls it itself. */
export type FollowedSource =
  | { kind: 'follow-handle'; handle: FileSystemFileHandle; name: string }
  | { kind: 'follow-url'; url: string; name: string };

/**
 * Where following stands. `lastGrowthAt`: epoch ms of the last append seen (the page tells a
 * writer that is still running from one that stopped by it); `message`: why it stopped, or a notice.
 */
export interface LiveStatus {
  state: 'following' | 'stopped' | 'failed';
  bytesRead: number;
  lastGrowthAt: number;
  restarts: number;
  message: string | null;
}

/** What the main thread keeps about the open log: small, no per-event data. */
export interface LogSummary {
  name: string;
  file: FileFacts;
  header: SessionHeader | null;
  sessionId: string | null;
  verdict: Verdict;
  eventCount: number;
  lineCount: number;
  packedRows: number;
  problemCount: number;
  /** Problems with a seq (for scrubber marks and n/N), at most PROBLEM_MARKS_MAX (log-summary.ts), in seq order. */
  problemMarks: { seq: number; kind: LogProblem['kind'] }[];
  /** The log's notes (information, not problems: never counted, no n/N stop); few by construction. */
  notes: LogNote[];
  byType: Record<string, number>;
  firstTime: number | null;
  lastTime: number | null;
  turns: TurnSpan[];
  /** True in a partial summary during a load when `turns` holds only the first turns (the final summary has all). */
  isTurnsPartial: boolean;
  title: string | null;
  effectiveAgentPreset: string | null;
  /** A forked child's inherited prefix: seqs 0 … inheritedEvents-1 were copied from the parent (FORMAT.md §8.1); null when not seeded. */
  inheritedEvents: number | null;
  isComplete: boolean;
  /**
   * The hash of the file's bytes (src/worker/content-key.ts): what stored logs and permalinks are
   * keyed by. Null until the whole file is read (in the summaries sent during a load).
   */
  contentKey: string | null;
  /** The reader cancelled the load: this is the part read, a partial view (`isComplete` false). Absent: not cancelled. */
  isCancelled?: boolean;
  /** Reading stopped at one of the viewer's own bounds (verdict.viewerLimit says which): the verdict covers only what was read. */
  isTruncated: boolean;
  /**
   * Tool executions for the timeline (every tool call with a tool/call event), in callSeq order.
   * Absent only in summaries built by hand (tests); buildLogSummary always sets it.
   */
  toolSpans?: ToolSpans;
}

/**
 * Tool executions as parallel typed arrays (one entry per call, ascending callSeq), so a 12k-call
 * log crosses to the main thread as a few memcpys instead of 12k cloned objects.
 */
export interface ToolSpans {
  /** Seq of the tool/call event. */
  callSeq: Int32Array;
  /** Seq of the first tool/result for the call, or -1 when none was recorded. */
  resultSeq: Int32Array;
  /**
   * Where the span ends (inclusive seq): the result, else the enclosing step's step/end, else -1
   * (no result and the step is still open: the span runs to the log's last seq). Never below callSeq.
   */
  endSeq: Int32Array;
  /** Index into TOOL_SPAN_STATUSES (log-summary.ts). */
  status: Uint8Array;
  /** Index into `names`. */
  nameId: Uint32Array;
  /** Distinct tool names, in first-seen order. */
  names: string[];
}

export type Query =
  | { kind: 'rows'; startSeq: number; count: number }
  | { kind: 'event'; seq: number }
  /** The model view at `seq`, with the bodies of its newest `tailBodies` messages (what a pane pinned to
   * the bottom shows first), so a cursor move needs one round trip. */
  | { kind: 'model-view'; seq: number; tailBodies: number }
  | { kind: 'messages'; seqs: number[] }
  /** What request is in force at `seq` and its token composition (cheap: no header body). */
  | { kind: 'request-context'; seq: number }
  /** The body of the request/header at `seq` (system prompt, tools) and its changes; null when `seq` is none. */
  | { kind: 'request-header'; seq: number }
  /** Which of `names` only look like a tool the request/header at `headerSeq` declares (findConfusableTools). */
  | { kind: 'lookalike-tools'; headerSeq: number; names: string[] }
  /** The same check against the request/header in force at `seq` (none in force: nothing is flagged). */
  | { kind: 'lookalike-tools-at'; seq: number; names: string[] }
  | { kind: 'transcript' }
  | { kind: 'problems'; start: number; count: number }
  /** A page of the raw lines dsh ignores after the damage (the ignored range holding `fromLine`); null when none holds it. */
  | { kind: 'ignored-lines'; fromLine: number; count: number }
  | { kind: 'triage' }
  /** Seqs of the triage findings, in seq order (what n / N step through), without the rest of the report. */
  | { kind: 'finding-seqs' }
  | { kind: 'usage' }
  | { kind: 'times'; seqs: number[] }
  /**
   * Every seq whose shown text contains `text`, ignoring case (src/log/search/text-index.ts). The
   * answer waits for the log to be read and its text index built (text-search.ts).
   */
  | { kind: 'text-search'; text: string }
  /** Where the text index of the open log is: what the search bar says until it is ready. */
  | { kind: 'text-index-status' }
  /** The image of an attachment id from the open workspace's media files (not about the open log). */
  | { kind: 'media'; attachmentId: string }
  /** Answered at once, log or not: the client's proof that a cancelled scan let the worker go. */
  | { kind: 'ping' }
  /** Every facet's counts for `selection` (countFacets), among `candidates` (seqs, ascending) when given. */
  | { kind: 'facets'; selection: FacetSelection; candidates?: Int32Array }
  /** The seqs that pass `selection` (filterSeqs), ascending, among `candidates` when given; transferred. */
  | { kind: 'filter'; selection: FacetSelection; candidates?: Int32Array }
  /** The rows of `seqs`, in their order (a narrowed list's visible rows); seqs outside the log are left out. */
  | { kind: 'rows-at'; seqs: number[] }
  /** Comparing runs (issue 23): compare-protocol.ts. */
  | CompareQuery
  /** Sharing (share-protocol.ts): what an export would mask, and the export; not about the open log. */
  | { kind: 'share-scan'; request: ShareRequest }
  | { kind: 'share-export'; request: ShareRequest }
  /** Money and time (cost-protocol.ts): each carries the price edits in force. */
  | CostQuery;

/**
 * An image's bytes (transferred) when they may be shown, else why not. `hashMatches`: the bytes'
 * SHA-256 against a `sha256:<hex>` id (null when the id is not of that form).
 */
export type MediaAnswer =
  | { ok: true; bytes: ArrayBuffer; mimeType: AllowedImageType; path: string; hashMatches: boolean | null }
  | ({ ok: false; path: string | null } & (MediaUnavailable | { reason: 'no-workspace' }));

/** All matches of one text search. */
export interface TextSearchAnswer {
  text: string;
  /**
   * The seqs where the text is shown, ascending and distinct (transferred): N is its length. The
   * candidate set other narrowing (facets) takes.
   */
  seqs: Int32Array;
}

/** Where the text index is; 'waiting-for-log' while the log is still being read. */
export type TextIndexStatus = TextIndexState | { state: 'waiting-for-log' };

export interface ModelViewAnswer {
  /** Its message list in typed columns, transferred (src/log/projections/packed-model-view.ts). */
  view: PackedModelView;
  /** Bodies of the view's last `tailBodies` messages, in message order (fewer when some are unreadable). */
  tailBodies: ModelMessageDetail[];
}

/** Result type of each query kind. */
export interface QueryResults extends CompareQueryResults {
  rows: EventRow[];
  event: EventDetail;
  'model-view': ModelViewAnswer;
  messages: ModelMessageDetail[];
  'request-context': RequestContext;
  'request-header': RequestHeaderDetail | null;
  'lookalike-tools': ConfusableTool[];
  'lookalike-tools-at': ConfusableTool[];
  transcript: TranscriptEntry[];
  problems: LogProblem[];
  'ignored-lines': IgnoredLinesPage | null;
  triage: TriageReport;
  'finding-seqs': number[];
  usage: UsagePoint[];
  times: number[];
  'text-search': TextSearchAnswer;
  'text-index-status': TextIndexStatus;
  media: MediaAnswer;
  ping: true;
  facets: FacetCounts;
  filter: Int32Array;
  'rows-at': EventRow[];
  'share-scan': ShareScanAnswer;
  'share-export': ShareExportAnswer;
  'cost-session': CostResults['cost-session'];
  'cost-range': CostResults['cost-range'];
  'cost-message': CostResults['cost-message'];
  'cost-call': CostResults['cost-call'];
  'cost-sessions': CostResults['cost-sessions'];
}

export type MainToWorker =
  /** First message to a new worker: the origins it may read logs from besides its own (source-guard.ts). */
  | { type: 'configure'; allowedSourceOrigins: string[] }
  | MainToWorkerWorkspace
  | { type: 'open'; loadId: number; source: LoadSource }
  /**
   * Makes the kept log of workspace session `sessionId` (kept-logs.ts) the open one, replacing any
   * load in progress: no read, no decode. Answered by 'switched' or 'switch-missed'.
   */
  | { type: 'switch'; loadId: number; sessionId: string }
  /** `keepsWhatWasRead`: the reader's cancel (show the part read); false: the load is being replaced. */
  | { type: 'cancel'; loadId: number; keepsWhatWasRead: boolean }
  | { type: 'query'; requestId: number; query: Query };

export interface LoadProgress {
  bytesRead: number;
  /** null when the size is unknown (a streamed URL without Content-Length). */
  totalBytes: number | null;
  events: number;
  lines: number;
  elapsedMs: number;
}

/** Why a load ended without a log: the message says what happened and what the user can do. */
export interface LoadFailure {
  kind: 'not-a-log' | 'zip' | 'read-error' | 'too-large' | 'cancelled' | 'internal';
  message: string;
  /**
   * True when the log shown before this load (which showed nothing yet) stays open: the worker
   * answers queries about it again, and the page keeps it, with this failure beside it.
   */
  isPreviousLogKept?: boolean;
}

export type WorkerToMain =
  | WorkspaceToMain
  | { type: 'progress'; loadId: number; progress: LoadProgress }
  /** Sent a few times during a load (first rows can be shown) and once at the end. */
  /** `firstRows` (the log's first rows) comes with the first summary only, so the events list shows
   * them without a round trip to a worker that is busy decoding. */
  | { type: 'summary'; loadId: number; summary: LogSummary; firstRows?: EventRow[] }
  /** Leading turns of the final summary, sent in parts just before 'loaded' so no one message is a
   * long structured clone on the main thread; the client puts them in front of 'loaded''s `turns`. */
  | { type: 'turns'; loadId: number; turns: TurnSpan[] }
  /** `keptSessions`: after a workspace session's load, the sessions the worker keeps opened (kept-logs.ts). */
  | {
      type: 'loaded';
      loadId: number;
      summary: LogSummary;
      progress: LoadProgress;
      keptSessions?: string[];
    }
  /**
   * The answer to 'switch': the kept log is the open one now (`keptSessions` as after it), with its
   * format verdicts if they were derived before the reader left it.
   */
  | { type: 'switched'; loadId: number; keptSessions: string[]; verdicts: FormatVerdicts | null }
  /** The answer to 'switch' when the worker no longer keeps that log: the page loads it. */
  | { type: 'switch-missed'; loadId: number; keptSessions: string[] }
  /** Right after 'loaded': the format verdicts, whose migration audit re-reads the log, so it waits until the log is shown. */
  | { type: 'format-verdicts'; loadId: number; verdicts: FormatVerdicts }
  /** After 'loaded' of a followed source: the log grew (a new summary) or following changed state. */
  /**
   * `summary.turns` holds the turns from index `turnsFrom` on (the ones an append can change: the
   * last turn known before it and the new ones); the client puts the page's earlier turns in front.
   * `restart`: the file was replaced or shrank and is read again from byte 0 (the notice to show);
   * its summary is whole (`turnsFrom` 0). `rows`: the events list's rows of the events the append
   * added (`rows[0]` is seq `startSeq`), when there are few enough: the page shows them with the new
   * count instead of asking for them after it.
   */
  | {
      type: 'live';
      loadId: number;
      status: LiveStatus;
      summary?: LogSummary;
      turnsFrom?: number;
      restart?: string;
      rows?: { startSeq: number; rows: EventRow[] };
    }
  | { type: 'load-failed'; loadId: number; failure: LoadFailure }
  | { type: 'result'; requestId: number; result: QueryResults[Query['kind']] }
  | { type: 'query-failed'; requestId: number; message: string };
