// A decoded log: file facts, header, verdict, problems, the columnar store and the structural index.

import type { SessionHeader } from '../event.ts';
import type { LogIndex } from '../structure/log-index-data.ts';
import type { LogStore } from '../storage/log-store.ts';
import type { LogNote, LogProblem, Verdict } from '../problems.ts';
import type { FileDecompressorName } from '../container/zstd-decode.ts';
import type { FormatGeneration } from '../format/generations/generation.ts';

type ContainerKind = 'jsonl' | 'zstd' | 'unknown';

/** Which format generation the log is, as its header says (docs/format-generations.md §1). */
export interface LogFormatFacts {
  /** The generation whose rules the log was read with; null when the header names none this viewer knows (missing, malformed or newer). */
  generation: FormatGeneration | null;
  /** The header `version` when it is a safe integer above 4 (written by a newer dsh), else null. */
  newerVersion: number | null;
}

/** Facts about the bytes (CLI.md `file`). */
export interface FileFacts {
  /** Size of the input in bytes (compressed size for zstd). */
  bytes: number;
  container: ContainerKind;
  /** Complete zstd frames; null for plain jsonl. */
  frames: number | null;
  /** True when the last zstd frame or the last line is incomplete. */
  tornTail: boolean;
  /** Decompressed text length in bytes (equals `bytes` for plain jsonl). */
  textBytes: number;
  /** Frames whose content checksum was verified, and whether a verifier was available at all. */
  checksumsVerified: number;
  hasChecksumVerifier: boolean;
  /** A UTF-8 BOM was stripped before reading (upstream would refuse the file). */
  hadBom: boolean;
  /**
   * zstd only (absent for plain jsonl): the fast path's libraries (`node-zlib`, `zstd-wasm`, or both)
   * that decoded at least one complete frame (DecoderOptions.fastDecompress) — frames without a declared
   * size, a torn tail and any frame it failed on went to fzstd — else `fzstd`.
   */
  decompressor?: FileDecompressorName;
}

/**
 * Everything known about one log after (or during) decoding. `header` is the header object as
 * parsed (null when absent or unparsable) — its fields are trusted only if no `bad-header` problem
 * was reported. Events are `0 .. store.eventCount)`, the contiguous valid prefix (CLI.md).
 */
export interface OpenedLog {
  file: FileFacts;
  header: SessionHeader | null;
  /** The format generation; `verdict` is what the dsh release that wrote that generation does on open. */
  format: LogFormatFacts;
  verdict: Verdict;
  /** Defects in file order: they decide the verdict, are counted and are the stops of n / N. */
  problems: LogProblem[];
  /** Information that is not a defect (legacy shapes upgraded on read, a Windows-only cwd), in file order. */
  notes: LogNote[];
  store: LogStore;
  index: LogIndex;
  /** Storage lines read after the header (events, rows and problem lines alike). */
  lineCount: number;
  /** Packed chunk rows expanded. */
  packedRows: number;
  /** True once the whole input was read (false while a load is in progress or was cancelled). */
  isComplete: boolean;
}
