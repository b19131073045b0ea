// Line bytes → line text for the decoder, decoding each piece of input once instead of every line
// on its own (the cost of TextDecoder per call dominates short lines).

/** Pieces up to this size are decoded to text once for all their lines (larger ones line by line). */
const WHOLE_PIECE_DECODE_MAX_BYTES = 16 * 1024 * 1024;

const LINE_FEED = 0x0a;
const BYTE_ORDER_MARK = 0xfeff;
/** Decodes without stream state, so one decoder serves every reader (one per decoder was a cost of tiny logs). */
const TEXT_DECODER = new TextDecoder('utf-8');

/**
 * Gives the text of a line exactly as decoding its bytes alone would. The whole piece (a frame's
 * text, a read chunk) is decoded once and its lines are sliced from that text at its LFs: an LF is
 * never part of a multi-byte or invalid sequence, so the n-th LF of the bytes is the n-th LF of
 * the text. The one difference, a BOM at a line start (stripped when the line is decoded alone),
 * falls back to decoding the line alone, as do lines reached out of order.
 */
export class LineTextReader {
  /** The piece `read` last saw and its whole decoded text (null: decode line by line). */
  private source: Uint8Array | null = null;
  private textOfSource: string | null = null;
  /** Where the next line of `source` starts: byte offset and the matching char offset. */
  private sourceByte = 0;
  private sourceChar = 0;

  /** The text of the line `bytes[start, end)` (without its LF). */
  read(bytes: Uint8Array, start: number, end: number): string {
    if (bytes !== this.source) {
      this.source = bytes;
      this.textOfSource = bytes.length <= WHOLE_PIECE_DECODE_MAX_BYTES ? TEXT_DECODER.decode(bytes) : null;
      this.sourceByte = 0;
      this.sourceChar = 0;
    }
    const whole = this.textOfSource;
    if (whole !== null) {
      // Skip lines not handed to us (the end of a line joined across pieces).
      while (this.sourceByte < start) {
        const byteFeed = bytes.indexOf(LINE_FEED, this.sourceByte);
        const charFeed = whole.indexOf('\n', this.sourceChar);
        if (byteFeed < 0 || charFeed < 0) break;
        this.sourceByte = byteFeed + 1;
        this.sourceChar = charFeed + 1;
      }
      if (this.sourceByte === start) {
        const charFeed = whole.indexOf('\n', this.sourceChar);
        const charEnd = charFeed < 0 ? whole.length : charFeed;
        const text = whole.slice(this.sourceChar, charEnd);
        this.sourceByte = end + 1;
        this.sourceChar = charEnd + 1;
        if (text.charCodeAt(0) !== BYTE_ORDER_MARK) return text;
      } else this.textOfSource = null;
    }
    return TEXT_DECODER.decode(bytes.subarray(start, end));
  }
}
