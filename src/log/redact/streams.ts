// Streamed pieces (FORMAT.md §4: `assistant/chunk` deltas, on their own lines or packed in rows)
// are redacted as the text they build, not one by one: a key streamed as "sk-abc" + "123…" is in
// no single piece. A stream is the deltas of one block (turn, step, block index, kind, call id) in
// seq order; its pieces are joined, the secrets of the joined text found, and each piece rewritten
// so that the pieces joined again equal the joined text redacted: the piece where a secret starts
// carries its mask, the later pieces it covers lose their part of it. So the message a viewer
// assembles from the redacted stream is the redacted message, mark for mark.

import type { SecretHit } from './find-secrets.ts';

/** Where a piece lives: its line, and its member in a packed row (-1 for an event line). */
export interface PieceRef {
  line: number;
  member: number;
}

export interface Stream {
  pieces: PieceRef[];
  texts: string[];
  /** The seq of each piece (for the review pane's context). */
  seqs: number[];
}

/** The streams of a log as they are read, line by line. */
export class StreamTracker {
  private readonly open = new Map<string, Stream>();
  readonly closed: Stream[] = [];

  add(key: string, ref: PieceRef, seq: number, text: string): void {
    let stream = this.open.get(key);
    if (stream === undefined) {
      stream = { pieces: [], texts: [], seqs: [] };
      this.open.set(key, stream);
    }
    stream.pieces.push(ref);
    stream.texts.push(text);
    stream.seqs.push(seq);
  }

  /** Ends the streams whose key starts with `prefix` (a block-start reuses its index). */
  closeMatching(prefix: string): void {
    for (const [key, stream] of this.open) {
      if (!key.startsWith(prefix)) continue;
      this.closed.push(stream);
      this.open.delete(key);
    }
  }

  closeAll(): void {
    for (const stream of this.open.values()) this.closed.push(stream);
    this.open.clear();
  }
}

/**
 * The pieces of `stream` rewritten for `hits` (secrets in the joined text, non-overlapping, sorted),
 * each hit replaced by `maskOf(hit)` (null: left as it is). Returns only the pieces that change.
 */
export function rewritePieces(
  stream: Stream,
  hits: readonly SecretHit[],
  maskOf: (hit: SecretHit) => string | null,
): Map<number, string> {
  const changed = new Map<number, string>();
  if (hits.length === 0) return changed;
  let pieceStart = 0;
  let hitIndex = 0;
  for (let p = 0; p < stream.texts.length; p++) {
    const text = stream.texts[p] as string;
    const pieceEnd = pieceStart + text.length;
    while (hitIndex < hits.length && (hits[hitIndex] as SecretHit).end <= pieceStart) hitIndex++;
    let out = '';
    let at = pieceStart;
    let didChange = false;
    for (let h = hitIndex; h < hits.length; h++) {
      const hit = hits[h] as SecretHit;
      if (hit.start >= pieceEnd) break;
      const mask = maskOf(hit);
      if (mask === null) continue;
      const from = Math.max(hit.start, pieceStart);
      const to = Math.min(hit.end, pieceEnd);
      out += text.slice(at - pieceStart, from - pieceStart);
      if (hit.start >= pieceStart) out += mask;
      at = to;
      didChange = true;
    }
    if (didChange) {
      out += text.slice(at - pieceStart);
      changed.set(p, out);
    }
    pieceStart = pieceEnd;
  }
  return changed;
}
