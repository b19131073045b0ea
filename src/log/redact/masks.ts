// Stable masks: `[REDACTED:<rule>:<short hash>]`, the same secret getting the same mark everywhere in
// one export, so a reader can still follow it ("the key from the .env is the one sent in turn 3").
//
// The short hash is the first 8 hex digits of SHA-256(salt ‖ 0x00 ‖ secret). The salt is random per
// export unless the caller fixes it: an unsalted short hash of a weak password would let anyone
// holding the export confirm a guess offline. The hash is never of the secret alone.

/** SHA-256 of bytes, as the caller has it (WebCrypto's subtle.digest in the worker and in Node). */
export type Sha256 = (bytes: Uint8Array) => Promise<ArrayBuffer | Uint8Array>;

const MASK_HASH_DIGITS = 8;

/** Lower-case hex of bytes. */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let hex = '';
  for (const byte of view) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The mask of a secret found by `rule`, given its short hash. Only characters JSON never escapes. */
export function formatMask(rule: string, shortHash: string): string {
  return `[REDACTED:${rule}:${shortHash}]`;
}

/** Parses a mask back into its rule and hash (tests, the review pane). */
export function parseMask(text: string): { rule: string; hash: string } | null {
  const match = /^\[REDACTED:([a-z0-9-]+):([0-9a-f]{8})\]$/.exec(text);
  return match ? { rule: match[1] as string, hash: match[2] as string } : null;
}

/** The short hashes of `secrets` under `salt`, in order. */
export async function shortHashes(
  secrets: readonly string[],
  salt: string,
  sha256: Sha256,
): Promise<string[]> {
  const encoder = new TextEncoder();
  const saltBytes = encoder.encode(salt);
  return Promise.all(
    secrets.map(async (secret) => {
      const secretBytes = encoder.encode(secret);
      const input = new Uint8Array(saltBytes.length + 1 + secretBytes.length);
      input.set(saltBytes, 0);
      input.set(secretBytes, saltBytes.length + 1);
      return toHex(await sha256(input)).slice(0, MASK_HASH_DIGITS);
    }),
  );
}

/** A random salt (16 bytes as hex) from `random` (crypto.getRandomValues where the caller has it). */
export function randomSalt(random: (bytes: Uint8Array) => Uint8Array): string {
  return toHex(random(new Uint8Array(16)));
}
