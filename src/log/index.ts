// The core's public entry: everything other folders (worker, CLI, store, UI) may use from src/log.
// Each export is listed by name; no `export *`.

export type {
  StoredEvent,
  SessionHeader,
  ContentBlock,
  Message,
  Seq,
  TokenUsage,
  JsonValue,
  SurfaceOp,
  SurfaceEventType,
} from './event.ts';
export { KNOWN_EVENT_TYPES, ChunkKind, asSeq, isRecord } from './event.ts';
export type { LogProblem, ProblemKind, ProblemEffect, Verdict, VerdictStatus } from './problems.ts';
export { ValidationStage, deriveVerdict } from './problems.ts';
export type { OpenedLog, FileFacts, ContainerKind } from './opened-log.ts';
export type { LogStore } from './log-store.ts';
export type {
  LogIndex,
  TurnSpan,
  StepSpan,
  AttemptSpan,
  ToolCallRecord,
  ToolCallStatus,
  CommandRecord,
  ApprovalRecord,
  CompactionRecord,
  RetryRecord,
  SurfaceOpRecord,
  TurnEndReasonKind,
} from './log-index-types.ts';
export type {
  ModelView,
  ModelViewMessage,
  ModelMessageDetail,
  StreamingState,
  TranscriptEntry,
  EventRow,
  EventLink,
  EventDetail,
  TriageReport,
  TriageCall,
  UsagePoint,
} from './views.ts';
export type { TriageFinding } from './views.ts';
export {
  deriveTriage,
  describeToolNameCheck,
  formatBugReport,
  RETRY_ADVICE,
  TRIAGE_PROBLEMS_MAX,
} from './triage.ts';
export type { TurnUsage } from './usage.ts';
export { deriveUsage, sumUsageByTurn, findUsagePointAt } from './usage.ts';
export type { SurfaceCheckpoint } from './log-index-types.ts';
export { createLogIndexBuilder, createEmptyLogIndex } from './log-index.ts';
export type { LogIndexBuilder } from './log-index.ts';
export { deriveModelView, deriveSurfaceNodes, readModelMessage } from './model-view.ts';
export { deriveStreamingState, BlockAssembler } from './block-assembler.ts';
export { readStoredEventAt, readUpgradedEventAt } from './chunk-reader.ts';
export type { DecoderOptions, DecodeProgress, LogDecoder } from './log-decoder.ts';
export { createLogDecoder, decodeLog, DEFAULT_MAX_TEXT_BYTES } from './log-decoder.ts';
export type { ChecksumVerifier } from './zstd-checksum.ts';
export { loadChecksumVerifier } from './zstd-checksum.ts';
export { summarizeEvent, toPlainLine, SUMMARY_MAX_CHARS } from './event-summary.ts';
export { deriveEventLinks } from './event-links.ts';
export { readEventRows, readEventDetail } from './event-rows.ts';
export { deriveTranscript } from './transcript.ts';
export { createEventSearch, searchEvents, type EventSearch, type SearchStep } from './search.ts';
export type { InspectReport, ProjectReport } from './inspect-report.ts';
export { buildInspectReport, buildProjectReport } from './inspect-report.ts';
export type { FastDecompress, ZstdDecompressorName } from './zstd-decode.ts';
export { decompressesProbeFrame } from './zstd-decode.ts';
export type { PackedModelView } from './packed-model-view.ts';
export {
  packModelView,
  packedMessageCount,
  isPackedReplacement,
  unpackMessage,
  packedViewBuffers,
} from './packed-model-view.ts';
