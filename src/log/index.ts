// The core's public entry: everything other folders (worker, CLI, store, UI) may use from src/log.
// Each export is listed by name; no `export *`.

export type { SessionHeader, ContentBlock } from './event.ts';
export { findFirstIndex, findFirstAtOrAbove, findLastAtOrBelow } from './base/binary-search.ts';
export {
  escapeJsonForTerminal,
  revealInvisibleCharacters,
  segmentVisibleText,
  toPlainLine,
} from './base/visible-text.ts';
export { findSpanAt } from './base/span-lookup.ts';
export { readDeepValueText } from './base/deep-values.ts';
export { assertNever, describeError } from './base/errors.ts';
export { findTextMatches } from './search/text-matches.ts';
export { formatBytes } from './base/bytes.ts';
export { uniqueIdPrefixes } from './base/unique-id-prefixes.ts';
export type { LogNote, LogProblem, Verdict } from './problems.ts';
export type { OpenedLog, FileFacts } from './open/opened-log.ts';
export type { LogIndex } from './structure/log-index-data.ts';
export type { TurnSpan } from './structure/turns.ts';
export type { ToolCallStatus } from './structure/tool-calls.ts';
export type { ModelMessageDetail } from './projections/model-view.ts';
export type { AttemptEnding, DroppedCall } from './projections/attempt-ending.ts';
export { MAX_TOKENS_RETRY_ADVICE } from './projections/attempt-ending.ts';
export type { ApprovalFacts, ApprovalPolicyFacts, ToolCallFacts } from './projections/tool-call-facts.ts';
export { APPROVAL_DECIDER_WORDS, deriveApprovalDecider } from './projections/approval-decider.ts';
export type { ToolCallPhase, ToolCallStatusAt } from './projections/tool-call-status.ts';
export { deriveToolCallStatusAt, findLastCallEventSeq } from './projections/tool-call-status.ts';
export type { CommandFacts, CommandStatusAt } from './projections/command-facts.ts';
export { deriveCommandStatusAt } from './projections/command-facts.ts';
export type { StreamingState } from './projections/block-assembler.ts';
export type { TranscriptEntry } from './projections/transcript.ts';
export type { EventRow, EventDetail } from './projections/event-rows.ts';
export type { TriageReport, TriageFinding } from './reports/triage-report.ts';
export type { DshAnswer, RunEnding, ShownRunEnding, ThreeAnswers } from './reports/three-answers.ts';
export { shownRunEndingOf } from './reports/three-answers.ts';
export type { CallApproval, TriageCall } from './reports/triage-calls.ts';
export type { UsagePoint } from './projections/usage.ts';
export { deriveTriage, deriveTriageSteps } from './reports/triage.ts';
export { describeToolNameCheck } from './reports/triage-calls.ts';
export { findConfusableTools, type ConfusableTool } from './reports/confusable-tools.ts';
export { deriveUsage } from './projections/usage.ts';
export { deriveModelView, readModelMessage } from './projections/model-view.ts';
export { inheritedPrefixLength } from './projections/inherited-prefix.ts';
export type { RequestComposition, RequestContext } from './projections/request-context.ts';
export { deriveRequestContext } from './projections/request-context.ts';
export type {
  RequestConfig,
  RequestHeaderChanges,
  RequestHeaderDetail,
  RequestTool,
} from './projections/request-header.ts';
export { readRequestHeader } from './projections/request-header.ts';
export type { DecoderOptions, LogDecoder } from './open/log-decoder.ts';
export { createLogDecoder, decodeLog } from './open/log-decoder.ts';
export type { ChecksumVerifier } from './container/zstd-checksum.ts';
export { loadChecksumVerifier } from './container/zstd-checksum.ts';
export { readEventRows, readEventDetail } from './projections/event-rows.ts';
export type { IgnoredLine, IgnoredLinesPage } from './projections/ignored-lines.ts';
export { readIgnoredLines } from './projections/ignored-lines.ts';
export { deriveTranscript } from './projections/transcript.ts';
export {
  buildTextIndex,
  createTextIndexBuilder,
  searchTextIndex,
  type TextIndex,
} from './search/text-index.ts';
export { matchIndexOf, stepMatch } from './search/match-steps.ts';
export type { EventSource, EventStatus, FacetColumns } from './projections/facet-columns.ts';
export { buildFacetColumns, buildFacetColumnsSteps } from './projections/facet-columns.ts';
export { FacetColumnsGrowth } from './projections/facet-columns-growth.ts';
export { GrowingTextIndex } from './search/growing-text-index.ts';
export type { LogStore } from './storage/log-store.ts';
export type { FacetCounts, FacetName, FacetSelection, FacetValueCount } from './projections/facet-query.ts';
export { countFacets, filterSeqs, isEmptySelection } from './projections/facet-query.ts';
export type { InspectReport, ProjectReport } from './reports/inspect-report.ts';
export type { FormatVerdicts, CurrentVerdictStatus } from './reports/format-verdicts.ts';
export {
  deriveFormatVerdicts,
  deriveFormatVerdictsSteps,
  describeCurrentVerdict,
  describeGeneration,
  describeWriterVerdict,
} from './reports/format-verdicts.ts';
export { buildInspectReport, buildProjectReport, problemForJson } from './reports/inspect-report.ts';
export type { MigrationAudit } from './reports/migration-audit.ts';
export { DecodeTimeMigrationAudit } from './reports/migration-audit.ts';
export type { FastDecompress } from './container/zstd-decode.ts';
export { decompressesProbeFrame } from './container/zstd-decode.ts';
export { ZSTD_MAGIC, ZSTD_MAGIC_BYTES } from './container/zstd-frames.ts';
export type { PackedModelView } from './projections/packed-model-view.ts';
export {
  packModelView,
  packedMessageCount,
  isPackedReplacement,
  packedViewBuffers,
} from './projections/packed-model-view.ts';
export { parseLogFileName, pickCurrentGeneration } from './format/generations/generation.ts';
export { describeMessageSource } from './format/message-sources.ts';
export type { EventKindName } from './format/event-kinds/registry.ts';
export { listCompleteZstdFrames } from './container/zstd-frames.ts';

// Workspaces: many sessions (a sessions root, session directories, files, export ZIPs), FORMAT.md §1.1, §8.
export type { WorkspaceEntry } from './workspace/workspace-entry.ts';
export { entryFromBytes, readEntryChunks } from './workspace/workspace-entry.ts';
export type { WorkControl } from './workspace/work-control.ts';
export type { WorkspacePathKind } from './workspace/workspace-paths.ts';
export { classifyWorkspacePath } from './workspace/workspace-paths.ts';
export type { AllowedImageType, MediaUnavailable } from './workspace/media.ts';
export { MEDIA_BYTES_MAX, attachmentKey, readMediaImage, sniffImageType } from './workspace/media.ts';
export { listZipEntries, readZipEntries } from './workspace/zip-entries.ts';
export type { SessionHeadFacts, SessionHeadRead } from './workspace/session-head.ts';
export { readSessionHead } from './workspace/session-head.ts';
export type {
  DiscoverOptions,
  SessionFile,
  SessionLayout,
  Workspace,
  WorkspaceProblem,
  WorkspaceSession,
} from './workspace/discover-sessions.ts';
export { discoverSessions, findSession } from './workspace/discover-sessions.ts';
export { stringifyJsonIteratively } from './base/iterative-json.ts';
export { checkSessionDirectory } from './workspace/session-directory-rules.ts';
export type { ZipEntries } from './workspace/zip-entries.ts';
export type { FailureState, SessionFailure } from './workspace/failure-state.ts';
export type {
  DescriptorFact,
  MentionKind,
  SessionLinkFacts,
  SessionMentionFact,
  SpawnCallFact,
} from './workspace/link-facts.ts';
export type {
  SessionListFacts,
  SessionListFactsRead,
  SessionSummary,
  SessionSummaryRead,
  SummarizeOptions,
  TokenTotals,
} from './workspace/session-summary.ts';
export {
  decodeEntry,
  isRunNotOk,
  isSummaryNotOk,
  readSessionListFacts,
  summarizeOpenedLog,
  summarizeSession,
  summarizeWorkspace,
} from './workspace/session-summary.ts';
export type { SessionSearchHit } from './workspace/session-search.ts';
export { searchSessionSteps } from './workspace/session-search.ts';
export type {
  SessionKind,
  SessionTree,
  SessionTreeNode,
  SubtreeTotals,
  TreeSubject,
} from './workspace/session-tree.ts';
export { buildSessionTree, rollUpSessionTree, sessionKindOf } from './workspace/session-tree.ts';
export type { MatchConfidence } from './workspace/one-shot-match.ts';
export type {
  LinkEvidence,
  LinkSubject,
  LinkSummary,
  ParentLink,
  SessionLink,
  SessionLinks,
} from './workspace/session-links.ts';
export { deriveSessionLinks } from './workspace/session-links.ts';
export type {
  SessionListReport,
  SessionListRow,
  SessionTreeReport,
  SessionTreeRow,
} from './workspace/workspace-reports.ts';
export {
  buildSessionListReport,
  buildSessionListRow,
  buildSessionTreeReport,
  sortListProblems,
} from './workspace/workspace-reports.ts';

// Compare runs (issue 23): outlines, the LCS alignment, the first divergence, the diff report.
export type { OutlineStep, OutlineTurn, RunOutline } from './compare/run-outline.ts';
export { buildRunOutline } from './compare/run-outline.ts';
export type { AlignStatus, AlignedStep, AlignedTurn, RunAlignment } from './compare/align-runs.ts';
export { alignRuns } from './compare/align-runs.ts';
export type { FirstDivergence } from './compare/first-divergence.ts';
export { findFirstDivergence } from './compare/first-divergence.ts';
export type { DiffReport } from './compare/diff-report.ts';
export { buildDiffReport, buildDiffReportFrom } from './compare/diff-report.ts';
export type { RunColumns } from './compare/multi-run.ts';
export { alignColumns } from './compare/multi-run.ts';
export { alignKeys } from './compare/sequence-alignment.ts';
export { describeMessageForCompare, type CompareMessageText } from './compare/message-text.ts';
export { diffTexts } from './compare/text-diff.ts';

// Sharing (issue 24): redaction before anything is written, and the export writers.
export type { FoundSecret, LogScan, RedactOptions } from './redact/redact-log.ts';
export { redactLog, scanLog } from './redact/redact-log.ts';
export { randomSalt } from './redact/masks.ts';
export type { ExportFormat, ExportManifest, ExportRequest } from './export/export-log.ts';
export { exportLog } from './export/export-log.ts';
export { readLogText } from './export/log-text.ts';
export type { ZipMedia, ZipSession } from './export/zip-export.ts';
export { cutLogAt } from './export/cut-log.ts';
export { LogFollower, describeRestart, type FollowBatch } from './follow/log-follower.ts';
export {
  createWakeableSleep,
  runFollowLoop,
  type FollowSource,
  type SourceRead,
} from './follow/follow-loop.ts';
export { createFileSource, type RandomAccessFile } from './follow/file-source.ts';

export type { CostIndex, RangeTotals } from './cost/cost-index.ts';
export {
  buildCostIndex,
  deriveRangeTotals,
  deriveSessionTotals,
  repriceCostIndex,
} from './cost/cost-index.ts';
export type { CostReport, CostReportTotal } from './cost/cost-report.ts';
export { buildCostReport } from './cost/cost-report.ts';
export type { RequestTiming } from './cost/model-requests.ts';
export { deriveRequestTiming } from './cost/model-requests.ts';
export type { PriceEdit, PriceTable } from './cost/price-table.ts';
export {
  describePriceTable,
  findTablePrice,
  loadBundledPriceTable,
  withPriceEdits,
} from './cost/price-table.ts';
export { formatPriceEdits, parsePriceEdits } from './cost/price-edits-json.ts';
export type { TimeSplit } from './cost/time-columns.ts';
export type { CallTiming, TurnBreakdown } from './cost/turn-times.ts';
export { deriveCallTiming, deriveTurnBreakdown } from './cost/turn-times.ts';
export type { ContextSeries } from './cost/context-window.ts';
export { deriveContextSeries } from './cost/context-window.ts';
export type { WorkspaceCostReport } from './workspace/workspace-cost.ts';
export { buildWorkspaceCostReport } from './workspace/workspace-cost.ts';
export type { SummaryRequest } from './cost/summary-cost.ts';
export { priceSummaryRequests } from './cost/summary-cost.ts';
