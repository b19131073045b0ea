// The core's public entry: everything other folders (worker, CLI, store, UI) may use from src/log.
// Each export is listed by name; no `export *`.

export type {
  StoredEvent,
  SessionHeader,
  ContentBlock,
  Message,
  TokenUsage,
  SurfaceOp,
  SurfaceEventType,
} from './event.ts';
export { KNOWN_EVENT_TYPES, ChunkKind, isRecord } from './event.ts';
export { findFirstIndex, findFirstAtOrAbove, findLastAtOrBelow } from './base/binary-search.ts';
export {
  escapeJsonForTerminal,
  revealInvisibleCharacters,
  segmentVisibleText,
  toPlainLine,
} from './base/visible-text.ts';
export { findSpanAt } from './base/span-lookup.ts';
export type { LogProblem, ProblemKind, ProblemEffect, Verdict, VerdictStatus } from './problems.ts';
export { ValidationStage, deriveVerdict } from './problems.ts';
export type { OpenedLog, FileFacts, ContainerKind } from './decode/opened-log.ts';
export type { LogStore } from './storage/log-store.ts';
export type { LogIndex } from './structure/log-index.ts';
export type { TurnSpan, StepSpan, AttemptSpan } from './structure/turns.ts';
export type { ToolCallRecord, ToolCallStatus } from './structure/tool-calls.ts';
export type { CommandRecord, ApprovalRecord, CompactionRecord, RetryRecord } from './structure/pairings.ts';
export type { SurfaceOpRecord, SurfaceCheckpoint } from './structure/surface.ts';
export type { ModelView, ModelViewMessage, ModelMessageDetail } from './projections/model-view.ts';
export type { StreamingState } from './projections/block-assembler.ts';
export type { TranscriptEntry } from './projections/transcript.ts';
export type { EventRow, EventDetail } from './projections/event-rows.ts';
export type { EventLink } from './projections/event-links.ts';
export type { TriageReport, TriageFinding } from './reports/triage.ts';
export type { TriageCall } from './reports/triage-calls.ts';
export type { UsagePoint } from './projections/usage.ts';
export { deriveTriage, TRIAGE_PROBLEMS_MAX } from './reports/triage.ts';
export { describeToolNameCheck, RETRY_ADVICE } from './reports/triage-calls.ts';
export { formatBugReport } from './reports/bug-report.ts';
export type { TurnUsage } from './projections/usage.ts';
export { deriveUsage, sumUsageByTurn, findUsagePointAt } from './projections/usage.ts';
export { createLogIndexBuilder, createEmptyLogIndex } from './structure/log-index.ts';
export type { LogIndexBuilder } from './structure/log-index.ts';
export { deriveModelView, deriveSurfaceNodes, readModelMessage } from './projections/model-view.ts';
export { deriveStreamingState, BlockAssembler } from './projections/block-assembler.ts';
export { readStoredEventAt, readUpgradedEventAt } from './storage/chunk-reader.ts';
export type { DecoderOptions, DecodeProgress, LogDecoder } from './decode/log-decoder.ts';
export { createLogDecoder, decodeLog, DEFAULT_MAX_TEXT_BYTES } from './decode/log-decoder.ts';
export type { ChecksumVerifier } from './container/zstd-checksum.ts';
export { loadChecksumVerifier } from './container/zstd-checksum.ts';
export { summarizeEvent, SUMMARY_MAX_CHARS } from './projections/event-summary.ts';
export { deriveEventLinks } from './projections/event-links.ts';
export { readEventRows, readEventDetail } from './projections/event-rows.ts';
export { deriveTranscript } from './projections/transcript.ts';
export { createEventSearch, searchEvents, type EventSearch, type SearchStep } from './projections/search.ts';
export type { InspectReport, ProjectReport } from './reports/inspect-report.ts';
export { buildInspectReport, buildProjectReport } from './reports/inspect-report.ts';
export type { FastDecompress, ZstdDecompressorName } from './container/zstd-decode.ts';
export { decompressesProbeFrame } from './container/zstd-decode.ts';
export { ZSTD_MAGIC, ZSTD_MAGIC_BYTES } from './container/zstd-frames.ts';
export type { PackedModelView } from './projections/packed-model-view.ts';
export {
  packModelView,
  packedMessageCount,
  isPackedReplacement,
  unpackMessage,
  packedViewBuffers,
} from './projections/packed-model-view.ts';
