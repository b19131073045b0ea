// Images referenced by attachment id (FORMAT.md §5.1 `image` blocks, §1.1 and §8.3 `media/`): the
// lookup of an id in a workspace's media files, and the checks that decide whether bytes may be
// shown. The bytes are untrusted: what they are is decided by their own magic numbers against an
// allow-list of raster types (never by the file name or the log's mediaType), so an SVG (script),
// HTML or anything else named `.png` is refused. Pure: the caller builds the Blob.

import type { WorkspaceEntry } from './workspace-entry.ts';

/** The image types a viewer may show (FORMAT.md §5.1's mediaType union; no SVG). */
export type AllowedImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** Bytes above this are not read (an attachment dsh sends to a model is far smaller). */
export const MEDIA_BYTES_MAX = 20 * 1024 * 1024;

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

const ASCII = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** The allowed image type the bytes are, by their signature, or null when they are none of them. */
export function sniffImageType(bytes: Uint8Array): AllowedImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ASCII('GIF87a')) || startsWith(bytes, ASCII('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ASCII('RIFF')) && startsWith(bytes, ASCII('WEBP'), 8)) return 'image/webp';
  return null;
}

/**
 * The key an attachment id and a media file name are compared by: `sha256:<hex>` in lower case.
 * A file system that cannot store `:` leaves `sha256_<hex>` or `sha256-<hex>`; those match too.
 * Other ids are compared as they are.
 */
export function attachmentKey(id: string): string {
  const match = /^sha256[:_-]([0-9a-f]{64})$/i.exec(id);
  return match === null ? id : `sha256:${(match[1] as string).toLowerCase()}`;
}

/** Why an image is not shown, for the placeholder. */
export type MediaUnavailable =
  /** No media file of the workspace has this id. */
  | { reason: 'missing' }
  | { reason: 'too-large'; bytes: number }
  /** The bytes are no allowed image type (whatever the name or the log claim). */
  | { reason: 'not-an-image' }
  | { reason: 'unreadable'; message: string };

export type MediaRead =
  | {
      ok: true;
      bytes: Uint8Array;
      /** From the bytes' signature, never from the name. */
      mimeType: AllowedImageType;
      /** The media file's path in the workspace. */
      path: string;
    }
  | ({ ok: false; path: string | null } & MediaUnavailable);

/** The media entry of `attachmentId` in `media` (keyed by the id in the file name), or null. */
function findMediaEntry(
  media: ReadonlyMap<string, WorkspaceEntry>,
  attachmentId: string,
): WorkspaceEntry | null {
  const exact = media.get(attachmentId);
  if (exact !== undefined) return exact;
  const key = attachmentKey(attachmentId);
  for (const [id, entry] of media) if (attachmentKey(id) === key) return entry;
  return null;
}

/**
 * Reads the image of `attachmentId` from `media` when it may be shown: found, at most `maxBytes`
 * (by its stated size, then by what was read), and an allowed image type by its bytes.
 */
export async function readMediaImage(
  media: ReadonlyMap<string, WorkspaceEntry>,
  attachmentId: string,
  maxBytes: number = MEDIA_BYTES_MAX,
): Promise<MediaRead> {
  const entry = findMediaEntry(media, attachmentId);
  if (entry === null) return { ok: false, path: null, reason: 'missing' };
  const { path } = entry;
  if (entry.size > maxBytes) return { ok: false, path, reason: 'too-large', bytes: entry.size };
  let bytes: Uint8Array;
  try {
    bytes = await entry.read();
  } catch (error) {
    return {
      ok: false,
      path,
      reason: 'unreadable',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  if (bytes.length > maxBytes) return { ok: false, path, reason: 'too-large', bytes: bytes.length };
  const mimeType = sniffImageType(bytes);
  if (mimeType === null) return { ok: false, path, reason: 'not-an-image' };
  return { ok: true, bytes, mimeType, path };
}
