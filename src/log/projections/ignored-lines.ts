// The raw view of the lines dsh ignores after the first damage (FORMAT.md §3.3, §3.4: "show any
// ignored tail separately as dropped by upstream"): a bounded page of one ignored range's lines
// as text, with their line numbers and byte offsets. They are not events, and are never parsed here.

import { findFirstAtOrAbove } from '../base/binary-search.ts';
import type { OpenedLog } from '../open/opened-log.ts';

/** Lines of one page at most. */
export const IGNORED_LINES_PAGE_MAX = 200;
/** Bytes of one line decoded for the page at most (the rest is counted in `bytes`). */
const IGNORED_LINE_TEXT_MAX_BYTES = 4096;

/** One ignored line, as text (invalid UTF-8 as U+FFFD); untrusted: show it through the cleaner. */
export interface IgnoredLine {
  /** 1-based physical line number. */
  line: number;
  /** Offset of its first byte in the decompressed text. */
  byteOffset: number;
  /** Its length in bytes (the line feed excluded). */
  bytes: number;
  /** Its first IGNORED_LINE_TEXT_MAX_BYTES bytes as text. */
  text: string;
  /** True when `text` holds only the start of the line. */
  isCut: boolean;
}

/** A page of one ignored range (an `ignored-tail` problem). */
export interface IgnoredLinesPage {
  /** The range's first and last line (the problem's `line` and `lineEnd`). */
  firstLine: number;
  lastLine: number;
  /** The damaged line the range follows. */
  damagedLine: number | null;
  /**
   * The last line of the range whose bytes this viewer kept (DecoderOptions.maxIgnoredLinesKept;
   * the later ones were only counted), or null when none was kept.
   */
  lastKeptLine: number | null;
  /** The lines asked for, in order: at most IGNORED_LINES_PAGE_MAX, only kept ones. */
  lines: IgnoredLine[];
}

/**
 * Up to `count` (≤ IGNORED_LINES_PAGE_MAX) lines of the ignored range holding `fromLine`, from
 * `fromLine` on; null when no ignored range holds it. O(lines kept before the page) for the byte
 * offsets (bounded by maxIgnoredLinesKept), plus the page's own bytes.
 */
export function readIgnoredLines(log: OpenedLog, fromLine: number, count: number): IgnoredLinesPage | null {
  const range = log.problems.find(
    (problem) =>
      problem.kind === 'ignored-tail' &&
      problem.line !== null &&
      problem.line <= fromLine &&
      fromLine <= (problem.lineEnd ?? problem.line),
  );
  if (range === undefined || range.line === null) return null;
  const firstLine = range.line;
  const lastLine = range.lineEnd ?? range.line;
  const { store } = log;
  const numbers = store.lineNumber.view();
  const firstIndex = findFirstAtOrAbove(numbers, firstLine);
  // Kept lines of the range are consecutive storage lines with consecutive numbers.
  let lastKeptIndex = firstIndex - 1;
  while (
    lastKeptIndex + 1 < numbers.length &&
    numbers[lastKeptIndex + 1] === firstLine + (lastKeptIndex + 1 - firstIndex) &&
    (numbers[lastKeptIndex + 1] as number) <= lastLine
  )
    lastKeptIndex++;
  const lastKeptLine = lastKeptIndex >= firstIndex ? (numbers[lastKeptIndex] as number) : null;
  const page: IgnoredLinesPage = {
    firstLine,
    lastLine,
    damagedLine: damagedLineBefore(log, firstLine),
    lastKeptLine,
    lines: [],
  };
  if (lastKeptLine === null || fromLine > lastKeptLine) return page;
  let byteOffset = range.byteOffset ?? 0;
  const startIndex = firstIndex + (fromLine - firstLine);
  for (let index = firstIndex; index < startIndex; index++) byteOffset += store.lineLength.get(index) + 1;
  const endIndex = Math.min(lastKeptIndex, startIndex + Math.min(count, IGNORED_LINES_PAGE_MAX) - 1);
  const decoder = new TextDecoder('utf-8');
  for (let index = startIndex; index <= endIndex; index++) {
    const bytes = store.lineBytes(index);
    const isCut = bytes.length > IGNORED_LINE_TEXT_MAX_BYTES;
    page.lines.push({
      line: numbers[index] as number,
      byteOffset,
      bytes: bytes.length,
      text: decoder.decode(isCut ? bytes.subarray(0, IGNORED_LINE_TEXT_MAX_BYTES) : bytes),
      isCut,
    });
    byteOffset += bytes.length + 1;
  }
  return page;
}

/** The line of the damage an ignored range follows: the last scan problem before it with a line. */
function damagedLineBefore(log: OpenedLog, firstLine: number): number | null {
  let damaged: number | null = null;
  for (const problem of log.problems) {
    if (problem.kind === 'ignored-tail' || problem.line === null || problem.line >= firstLine) continue;
    if (damaged === null || problem.line > damaged) damaged = problem.line;
  }
  return damaged;
}
