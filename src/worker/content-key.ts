// The content key of a log: a SHA-256 hash of its bytes, computed while the load reads them. Stored
// logs and permalinks are keyed by it (and by where the log came from), never by anything the file
// says about itself: a log that claims another's session id cannot stand in for it.
//
// WebCrypto's digest is one-shot, so the bytes are hashed in fixed blocks and the key is the hash of
// the blocks' hashes and the length: key = SHA-256(SHA-256(block 0) ‖ … ‖ SHA-256(block n) ‖ length
// as 8 bytes big-endian), blocks of CONTENT_KEY_BLOCK_BYTES (the last may be shorter; an empty file
// is one empty block). Fixed block boundaries make the key independent of how the stream was sliced.

/** Bytes per hashed block: one native digest call per MiB keeps the cost far below the decoding. */
export const CONTENT_KEY_BLOCK_BYTES = 1024 * 1024;

/** Hashes a byte stream pushed in slices of any size. */
export interface ContentHasher {
  push(bytes: Uint8Array): void;
  /** The key: 64 lower-case hex digits. Call once, after the last push. */
  finish(): Promise<string>;
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A hasher using `subtle` (globalThis.crypto.subtle: in the worker, the page and Node alike). */
export function createContentHasher(subtle: SubtleCrypto = globalThis.crypto.subtle): ContentHasher {
  const blockDigests: Promise<ArrayBuffer>[] = [];
  let block = new Uint8Array(CONTENT_KEY_BLOCK_BYTES);
  let filled = 0;
  let length = 0;
  const sealBlock = (end: number) => {
    // The block is handed over whole (a fresh one takes its place), so no copy is needed.
    blockDigests.push(subtle.digest('SHA-256', block.subarray(0, end)));
    block = new Uint8Array(CONTENT_KEY_BLOCK_BYTES);
    filled = 0;
  };
  return {
    push(bytes) {
      length += bytes.byteLength;
      for (let offset = 0; offset < bytes.byteLength;) {
        const taken = Math.min(CONTENT_KEY_BLOCK_BYTES - filled, bytes.byteLength - offset);
        block.set(bytes.subarray(offset, offset + taken), filled);
        filled += taken;
        offset += taken;
        if (filled === CONTENT_KEY_BLOCK_BYTES) sealBlock(filled);
      }
    },
    async finish() {
      if (filled > 0 || blockDigests.length === 0) sealBlock(filled);
      const digests = await Promise.all(blockDigests);
      const joined = new Uint8Array(digests.length * 32 + 8);
      digests.forEach((digest, index) => joined.set(new Uint8Array(digest), index * 32));
      new DataView(joined.buffer).setBigUint64(digests.length * 32, BigInt(length));
      return toHex(await subtle.digest('SHA-256', joined));
    },
  };
}
