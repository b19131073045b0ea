// Byte arrays and byte counts: joining parts, and sizes as a person reads them. One definition for
// the core, the worker, the CLI and the UI.

/** Joins byte arrays into one; no copy when there is a single part. `totalBytes` skips the sum. */
export function concatBytes(parts: readonly Uint8Array[], totalBytes?: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const total = totalBytes ?? parts.reduce((sum, part) => sum + part.byteLength, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.byteLength;
  }
  return joined;
}

/** Bytes as B / KiB / MiB / GiB with one or two decimals; `?` for a number that is not finite. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '?';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}

/** Bytes in MiB, for limits in problem texts: one decimal below 10 MiB, none above. */
export function formatMiB(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(bytes >= 10 * 1024 ** 2 ? 0 : 1)} MiB`;
}
