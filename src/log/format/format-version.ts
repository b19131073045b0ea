// The header's format version gate (FORMAT.md §2.2, §10 case 16; docs/format-generations.md §1):
// which versions this build reads (generations 0–4), and what to tell the user about one it does not.

import { NEWEST_KNOWN_GENERATION, generationOfVersion } from './generations/generation.ts';

/** True when this build reads a log whose header has this numeric `version` (a known generation). */
export function isSupportedFormatVersion(version: number): boolean {
  return generationOfVersion(version).kind === 'known';
}

/**
 * Why a numeric `version` this build does not read is refused, and what the user can do: a newer
 * one was written by a dsh newer than this viewer; any other number (negative, fractional) is no
 * generation dsh ever wrote. Plain text, one sentence.
 */
export function describeUnsupportedVersion(version: number): string {
  return version > NEWEST_KNOWN_GENERATION
    ? `The log has format version ${version}, written by a newer dsh than this viewer knows (it reads versions 0–${NEWEST_KNOWN_GENERATION}); upgrade this viewer to open it.`
    : `The log has format version ${version}, which no dsh release writes (versions are 0–${NEWEST_KNOWN_GENERATION}); open it with the tool that wrote it.`;
}
