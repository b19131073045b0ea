// The text index: every document (the text one seq shows, shown-text.ts) lower-cased and appended
// to large segment strings, with typed columns mapping offsets back to seqs. A query is the engine's
// native indexOf over each segment, so a search of the whole log costs a pass over its shown text at
// memchr speed instead of re-reading (and, for .zstd, re-inflating) every line.

import { Column } from '../base/columns.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { collectShownText, unansweredAttemptEnds } from './shown-text.ts';

/**
 * Characters per segment before a new one starts. A segment is one flat string (Array.join makes a
 * sequential string; V8 keeps it one byte per character while all of it is Latin-1), so a few MB
 * keeps each indexOf call short and a segment with one non-Latin-1 character costs 2× only there.
 */
const SEGMENT_CHARS = 2 * 1024 * 1024;

/**
 * Between two documents and between the pieces of one. A needle that holds it is never searched
 * (the query splits on it), so no match runs from one piece, or one document, into the next.
 */
const SEPARATOR = '\n';

/**
 * Pieces of documents of one width, in seq order: the Latin-1 ones (their segments stay one byte per
 * character in V8) or the others (two bytes), kept apart so that a little Japanese or an em dash
 * does not double the memory of every segment it would have landed in.
 */
interface TextRun {
  /** Lower-cased shown text, each document followed by SEPARATOR. */
  readonly segments: readonly string[];
  /** Per segment: its first document (documents of segment s are segmentFirstDoc[s] … [s+1]-1). */
  readonly segmentFirstDoc: Int32Array;
  /** Per document: where it starts in its segment. */
  readonly docStart: Int32Array;
  /** Per document: the seq that shows it (ascending, distinct). */
  readonly docSeq: Int32Array;
  /** Characters held by the segments. */
  readonly textChars: number;
}

/** A finished index: read-only; queries share it. A seq's pieces are in either run or both. */
export interface TextIndex {
  readonly latin1: TextRun;
  readonly wide: TextRun;
  /**
   * A growing log's documents that may still change (growing-text-index.ts: the step being written),
   * indexed afresh for this snapshot; every seq in it is above every seq of the runs. Absent for a
   * finished log.
   */
  readonly tail?: { readonly latin1: TextRun; readonly wide: TextRun };
  /** Bytes the index holds, about: one per Latin-1 character, two per other, four per column entry. */
  readonly retainedBytes: number;
}

/** Builds a TextIndex a bounded number of events at a time (a worker answers queries in between). */
export interface TextIndexBuilder {
  /** Indexes up to `maxEvents` more events (at least one); true once every event is indexed. */
  step(maxEvents: number): boolean;
  /** The share of the events indexed so far, 0 … 1. */
  readonly progress: number;
  /** The index; call once `step` returned true. */
  finish(): TextIndex;
}

/** A character outside Latin-1: a piece holding one goes to the wide run. */
// eslint-disable-next-line no-control-regex -- the range starts at U+0000 on purpose: it is Latin-1.
const NOT_LATIN1 = /[^\u0000-\u00ff]/;

/** One run under construction. */
export class TextRunBuilder {
  private readonly isLatin1: boolean;
  private readonly segments: string[] = [];
  private readonly segmentFirstDoc = new Column(Int32Array);
  private readonly docStart = new Column(Int32Array);
  private readonly docSeq = new Column(Int32Array);
  private parts: string[] = [];
  private partsChars = 0;
  private textChars = 0;
  /** The open segment's parts joined, for snapshot (null: not joined since the last add). */
  private openText: string | null = null;

  constructor(isLatin1: boolean) {
    this.isLatin1 = isLatin1;
  }

  add(seq: number, text: string): void {
    this.openText = null;
    if (this.partsChars > 0 && this.partsChars + text.length > SEGMENT_CHARS) this.closeSegment();
    if (this.partsChars === 0) this.segmentFirstDoc.push(this.docSeq.length);
    this.docStart.push(this.partsChars);
    this.docSeq.push(seq);
    this.parts.push(text);
    this.partsChars += text.length;
  }

  finish(): TextRun {
    this.closeSegment();
    for (const column of [this.segmentFirstDoc, this.docStart, this.docSeq]) column.shrink();
    return {
      segments: this.segments,
      segmentFirstDoc: this.segmentFirstDoc.view(),
      docStart: this.docStart.view(),
      docSeq: this.docSeq.view(),
      textChars: this.textChars,
    };
  }

  /**
   * The run as built so far, while more may be added (a growing log): its columns are views that
   * later adds do not change (they write past their end), the open segment a string of its own.
   */
  snapshot(): TextRun {
    if (this.parts.length > 0 && this.openText === null) this.openText = this.joinParts();
    return {
      segments: this.openText === null ? this.segments.slice() : [...this.segments, this.openText],
      segmentFirstDoc: this.segmentFirstDoc.view(),
      docStart: this.docStart.view(),
      docSeq: this.docSeq.view(),
      textChars: this.textChars + this.partsChars,
    };
  }

  private joinParts(): string {
    // join makes one flat string: no rope of small pieces is searched or retained.
    const joined = this.parts.join('');
    return this.isLatin1 ? toOneByteString(joined) : joined;
  }

  private closeSegment(): void {
    if (this.parts.length === 0) return;
    this.segments.push(this.openText ?? this.joinParts());
    this.openText = null;
    this.textChars += this.partsChars;
    this.parts = [];
    this.partsChars = 0;
  }
}

/** C1 controls: the one range where windows-1252 (what TextDecoder calls latin1) is not Latin-1. */
const C1_CONTROL = /[\u0080-\u009f]/;

/** Characters copied per String.fromCharCode call (well below any engine's argument limit). */
const COPY_CHARS = 8192;

/**
 * `text` (all Latin-1) as a string V8 stores one byte per character. Its representation follows the
 * inputs, not the content: text decoded from a line that also holds an em dash is two-byte, and so
 * is everything JSON.parse cuts from it, every lower-cased copy and every join. A string decoded
 * from single bytes is one byte per character (measured: 86 MB of index became 47 MB).
 */
function toOneByteString(text: string): string {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  if (!C1_CONTROL.test(text)) return latin1Decoder.decode(bytes);
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length; start += COPY_CHARS)
    chunks.push(
      String.fromCharCode.apply(null, bytes.subarray(start, start + COPY_CHARS) as unknown as number[]),
    );
  return chunks.join('');
}

const latin1Decoder = new TextDecoder('latin1');

export function runBytes(run: TextRun, bytesPerChar: number): number {
  return run.textChars * bytesPerChar + 4 * (run.segmentFirstDoc.length + 2 * run.docSeq.length);
}

/**
 * A builder over the events of `log` as they stand (a finished log, or the part of one read when a
 * load was stopped). Documents are appended in seq order, so a query's seqs come out sorted.
 */
export function createTextIndexBuilder(log: OpenedLog): TextIndexBuilder {
  const eventCount = log.store.eventCount;
  const attemptEnds = unansweredAttemptEnds(log);
  const latin1 = new TextRunBuilder(true);
  const wide = new TextRunBuilder(false);
  const documents = createDocumentAdder(latin1, wide);
  let seq = 0;
  return {
    get progress() {
      return eventCount === 0 ? 1 : seq / eventCount;
    },
    step(maxEvents) {
      const end = Math.min(eventCount, seq + Math.max(1, maxEvents));
      for (; seq < end; seq++) documents.add(log, seq, attemptEnds);
      return seq >= eventCount;
    },
    finish() {
      const index = { latin1: latin1.finish(), wide: wide.finish() };
      return { ...index, retainedBytes: runBytes(index.latin1, 1) + runBytes(index.wide, 2) };
    },
  };
}

/** Adds the document of one seq to the run of each of its pieces' width. */
export interface DocumentAdder {
  /** `attemptEnds`: unansweredAttemptEnds of the log (at least those at or after `seq`). */
  add(log: OpenedLog, seq: number, attemptEnds: ReadonlySet<number>): void;
}

/** Adds documents to `latin1` and `wide` (one adder per pair of runs: it reuses its buffers). */
export function createDocumentAdder(latin1: TextRunBuilder, wide: TextRunBuilder): DocumentAdder {
  const pieces: string[] = [];
  const latin1Pieces: string[] = [];
  const widePieces: string[] = [];
  return {
    add(log, seq, attemptEnds) {
      pieces.length = 0;
      collectShownText(log, seq, attemptEnds, pieces);
      if (pieces.length === 0) return;
      // Each piece goes to the run of its width: matches never span pieces, so a document may
      // have pieces in both runs (a query merges the runs' seqs without duplicates).
      latin1Pieces.length = 0;
      widePieces.length = 0;
      for (const piece of pieces) (NOT_LATIN1.test(piece) ? widePieces : latin1Pieces).push(piece);
      if (latin1Pieces.length > 0) latin1.add(seq, documentText(latin1Pieces));
      if (widePieces.length > 0) wide.add(seq, documentText(widePieces));
    },
  };
}

/** The pieces of one document as the run stores it: lower case, separated and ended by SEPARATOR. */
function documentText(pieces: readonly string[]): string {
  return `${pieces.join(SEPARATOR).toLowerCase()}${SEPARATOR}`;
}

/** The whole index at once (tests, the CLI); the worker builds it in slices. */
export function buildTextIndex(log: OpenedLog): TextIndex {
  const builder = createTextIndexBuilder(log);
  while (!builder.step(Number.POSITIVE_INFINITY));
  return builder.finish();
}

/**
 * The distinct seqs whose shown text contains `text`, ignoring case (both sides lower-cased with
 * String.prototype.toLowerCase, so a fold that changes length, `İ` → `i̇`, folds alike), ascending.
 * Empty for an empty text or one holding a line break (shown text is matched line by line).
 *
 * Cost: one indexOf per segment and per matching document (after a match the scan jumps to the next
 * document), plus a binary search per match; never a pass in JS over the text.
 */
export function searchTextIndex(index: TextIndex, text: string): Int32Array {
  const needle = text.toLowerCase();
  if (needle === '' || needle.includes(SEPARATOR)) return new Int32Array(0);
  const found = searchRuns(index, needle);
  if (index.tail === undefined) return found;
  // The tail's seqs are all above the runs': the two lists join in order.
  const tail = searchRuns(index.tail, needle);
  if (tail.length === 0) return found;
  const joined = new Int32Array(found.length + tail.length);
  joined.set(found, 0);
  joined.set(tail, found.length);
  return joined;
}

function searchRuns(runs: { readonly latin1: TextRun; readonly wide: TextRun }, needle: string): Int32Array {
  const wide = searchRun(runs.wide, needle);
  // A needle outside Latin-1 cannot occur in a Latin-1 document.
  if (NOT_LATIN1.test(needle)) return wide;
  return mergeSorted(searchRun(runs.latin1, needle), wide);
}

/** Seqs of the documents of `run` that contain `needle` (lower case), ascending. */
function searchRun(run: TextRun, needle: string): Int32Array {
  const found = new Column(Int32Array);
  const { segments, segmentFirstDoc, docStart, docSeq } = run;
  for (let s = 0; s < segments.length; s++) {
    const segment = segments[s] as string;
    const endDoc = s + 1 < segments.length ? (segmentFirstDoc[s + 1] as number) : docSeq.length;
    let low = segmentFirstDoc[s] as number;
    let at = segment.indexOf(needle);
    while (at >= 0) {
      // The document holding offset `at`: the last one of this segment starting at or before it.
      let high = endDoc - 1;
      while (low < high) {
        const middle = (low + high + 1) >>> 1;
        if ((docStart[middle] as number) <= at) low = middle;
        else high = middle - 1;
      }
      found.push(docSeq[low] as number);
      if (low + 1 >= endDoc) break;
      // One hit per document: go on from the next one.
      low += 1;
      at = segment.indexOf(needle, docStart[low]);
    }
  }
  return found.view().slice();
}

/** The union of two ascending arrays of distinct values, ascending and distinct. */
function mergeSorted(a: Int32Array, b: Int32Array): Int32Array {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Infinity;
    const y = j < b.length ? (b[j] as number) : Infinity;
    out[k++] = Math.min(x, y);
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return out.slice(0, k);
}
