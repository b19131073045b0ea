// zstd content checksums (RFC 8878 §3.1.1): the low 32 bits of XXH64 (seed 0) of a frame's plaintext.

import xxhash from 'xxhash-wasm';

/** Computes the 32-bit content checksum of a frame's plaintext (unsigned, as stored little-endian after the last block). */
export type ChecksumVerifier = (plaintext: Uint8Array) => number;

const LOW_32_BITS = 0xffffffffn;

/**
 * Loads the XXH64 WebAssembly module (xxhash-wasm) and returns a verifier, or null when WebAssembly
 * is unavailable (e.g. a strict Content-Security-Policy): the decoder then skips verification.
 */
export async function loadChecksumVerifier(): Promise<ChecksumVerifier | null> {
  try {
    const api = await xxhash();
    return (plaintext) => Number(api.h64Raw(plaintext, 0n) & LOW_32_BITS);
  } catch {
    // No WebAssembly here: checksums are an extra safety net, not required to read the log.
    return null;
  }
}
