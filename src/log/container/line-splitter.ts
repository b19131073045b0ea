// Splits decompressed text into LF-terminated lines without copying, except for a line that spans
// two pushed pieces (copied once into its own segment). FORMAT.md §1.5: only 0x0A ends a line.

const LF = 0x0a;

/**
 * Called for each complete line: `bytes[start, end)` is the line without its LF; `segment` is the
 * store segment that holds `bytes`.
 */
export type LineHandler = (bytes: Uint8Array, segment: number, start: number, end: number) => void;

/**
 * Called in counting mode for complete lines that are only counted: `lines` lines ended, taking
 * `bytes` bytes of text including their LFs.
 */
export type CountedLinesHandler = (lines: number, bytes: number) => void;

/**
 * Splits pushed byte pieces into lines. `addSegment` registers bytes that lines point into and
 * returns their segment index. Two switches bound the work on text nobody needs line by line: in
 * counting mode (`startCounting`) complete lines are counted with one pass over the bytes instead
 * of one call each; once halted (`halt`) nothing more is handed out at all.
 */
export class LineSplitter {
  private carry: Uint8Array[] = [];
  private carryBytes = 0;
  private isCounting = false;
  private isHalted = false;
  private readonly addSegment: (bytes: Uint8Array) => number;
  private readonly onLine: LineHandler;
  private readonly onCountedLines: CountedLinesHandler;

  constructor(
    addSegment: (bytes: Uint8Array) => number,
    onLine: LineHandler,
    onCountedLines: CountedLinesHandler = () => undefined,
  ) {
    this.addSegment = addSegment;
    this.onLine = onLine;
    this.onCountedLines = onCountedLines;
  }

  /** Bytes of the current unfinished line (0 when the text so far ends with LF). */
  get pendingBytes(): number {
    return this.carryBytes;
  }

  /**
   * From the next line on (also inside the piece being pushed), complete lines are only counted
   * (onCountedLines), never handed to onLine. For good: used once a line-by-line read changes nothing.
   */
  startCounting(): void {
    this.isCounting = true;
  }

  /** Stops handing out lines, in the piece being pushed and after; the unfinished line is dropped. */
  halt(): void {
    this.isHalted = true;
    this.carry = [];
    this.carryBytes = 0;
  }

  /** Feeds the next piece of text. The splitter keeps references to `piece`: do not mutate it later. */
  push(piece: Uint8Array): void {
    if (piece.length === 0 || this.isHalted) return;
    if (this.isCounting) {
      this.countFrom(piece, 0);
      return;
    }
    let position = 0;
    let lineFeed = piece.indexOf(LF);
    if (this.carryBytes > 0) {
      if (lineFeed < 0) {
        this.carry.push(piece);
        this.carryBytes += piece.length;
        return;
      }
      this.carry.push(piece.subarray(0, lineFeed));
      const joined = this.joinCarry();
      this.onLine(joined, this.addSegment(joined), 0, joined.length);
      position = lineFeed + 1;
      if (this.isHalted) return;
      if (this.isCounting) {
        this.countFrom(piece, position);
        return;
      }
      lineFeed = piece.indexOf(LF, position);
    }
    if (lineFeed >= 0) {
      const segment = this.addSegment(piece);
      while (lineFeed >= 0) {
        this.onLine(piece, segment, position, lineFeed);
        position = lineFeed + 1;
        if (this.isHalted) return;
        if (this.isCounting) {
          this.countFrom(piece, position);
          return;
        }
        lineFeed = piece.indexOf(LF, position);
      }
    }
    if (position < piece.length) {
      this.carry.push(position === 0 ? piece : piece.subarray(position));
      this.carryBytes += piece.length - position;
    }
  }

  /**
   * Ends the text: returns the unfinished last line (no LF) as its own segment, or null when the
   * text ended with LF. The splitter is empty afterwards and can continue with new text.
   */
  takeUnfinishedLine(): { bytes: Uint8Array; segment: number } | null {
    if (this.carryBytes === 0) return null;
    const bytes = this.joinCarry();
    return { bytes, segment: this.addSegment(bytes) };
  }

  /** Counting mode: counts the lines `piece[position…]` ends (the carried line first), carries the rest. */
  private countFrom(piece: Uint8Array, position: number): void {
    const lastFeed = piece.lastIndexOf(LF);
    if (lastFeed < position) {
      if (position < piece.length) {
        this.carry.push(position === 0 ? piece : piece.subarray(position));
        this.carryBytes += piece.length - position;
      }
      return;
    }
    const lines = countLineFeeds(piece, position, lastFeed + 1);
    const bytes = this.carryBytes + lastFeed + 1 - position;
    this.carry = [];
    this.carryBytes = 0;
    this.onCountedLines(lines, bytes);
    if (lastFeed + 1 < piece.length) {
      this.carry.push(piece.subarray(lastFeed + 1));
      this.carryBytes = piece.length - lastFeed - 1;
    }
  }

  private joinCarry(): Uint8Array {
    const parts = this.carry;
    let joined: Uint8Array;
    if (parts.length === 1) joined = (parts[0] as Uint8Array).slice();
    else {
      let total = 0;
      for (const part of parts) total += part.length;
      joined = new Uint8Array(total);
      let at = 0;
      for (const part of parts) {
        joined.set(part, at);
        at += part.length;
      }
    }
    this.carry = [];
    this.carryBytes = 0;
    return joined;
  }
}

/**
 * The LF bytes in `bytes[start, end)`, four at a time: a 256 MiB frame of blank lines is counted in
 * a fraction of a second (byte by byte took several). Each word XOR 0x0A0A0A0A has a zero byte
 * where an LF was; the expression below sets exactly the high bit of each zero byte (no carries
 * cross bytes, unlike the shorter "has a zero byte" test), and a multiply sums them.
 */
function countLineFeeds(bytes: Uint8Array, start: number, end: number): number {
  let count = 0;
  let at = start;
  while (at < end && ((bytes.byteOffset + at) & 3) !== 0) if (bytes[at++] === LF) count++;
  const wordCount = (end - at) >>> 2;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + at, wordCount);
  for (let i = 0; i < wordCount; i++) {
    const x = (words[i] as number) ^ 0x0a0a0a0a;
    const zeroBytes = ~((((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f) >>> 0);
    if (zeroBytes !== 0) count += Math.imul((zeroBytes >>> 7) & 0x01010101, 0x01010101) >>> 24;
  }
  at += wordCount * 4;
  while (at < end) if (bytes[at++] === LF) count++;
  return count;
}
