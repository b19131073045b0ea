// The header's format version gate (FORMAT.md §2.2, §10 case 16): which versions this build reads,
// and what to tell the user about one it does not.

/** The only header `version` this build reads (upstream `SESSION_FORMAT_VERSION`). */
export const SUPPORTED_FORMAT_VERSION = 0;

/** True when this build reads a log whose header has this numeric `version`. */
export function isSupportedFormatVersion(version: number): boolean {
  return version === SUPPORTED_FORMAT_VERSION;
}

/**
 * Why a numeric `version` this build does not read is refused, and what the user can do: a newer
 * one needs a newer dsh and viewer; an older one has no upgrade path. Plain text, one sentence.
 */
export function describeUnsupportedVersion(version: number): string {
  return version > SUPPORTED_FORMAT_VERSION
    ? `The log has format version ${version}, written by a newer dsh than this viewer reads (version ${SUPPORTED_FORMAT_VERSION}); upgrade dsh (and this viewer) to open it.`
    : `The log has format version ${version}, older than version ${SUPPORTED_FORMAT_VERSION}; no upgrade path ships for it, so open it with the dsh release that wrote it.`;
}
