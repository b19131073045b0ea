// Splits decompressed text into LF-terminated lines without copying, except for a line that spans
// two pushed pieces (copied once into its own segment). FORMAT.md §1.5: only 0x0A ends a line.

const LF = 0x0a;

/**
 * Called for each complete line: `bytes[start, end)` is the line without its LF; `segment` is the
 * store segment that holds `bytes`.
 */
export type LineHandler = (bytes: Uint8Array, segment: number, start: number, end: number) => void;

/** Splits pushed byte pieces into lines. `addSegment` registers bytes that lines point into and returns their segment index. */
export class LineSplitter {
  private carry: Uint8Array[] = [];
  private carryBytes = 0;
  private readonly addSegment: (bytes: Uint8Array) => number;
  private readonly onLine: LineHandler;

  constructor(addSegment: (bytes: Uint8Array) => number, onLine: LineHandler) {
    this.addSegment = addSegment;
    this.onLine = onLine;
  }

  /** Bytes of the current unfinished line (0 when the text so far ends with LF). */
  get pendingBytes(): number {
    return this.carryBytes;
  }

  /** Feeds the next piece of text. The splitter keeps references to `piece`: do not mutate it later. */
  push(piece: Uint8Array): void {
    if (piece.length === 0) return;
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
      lineFeed = piece.indexOf(LF, position);
    }
    if (lineFeed >= 0) {
      const segment = this.addSegment(piece);
      while (lineFeed >= 0) {
        this.onLine(piece, segment, position, lineFeed);
        position = lineFeed + 1;
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
