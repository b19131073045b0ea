// The worker's answer to a 'media' query: an attachment's image from the open workspace's media
// files (src/log/workspace/media.ts decides what may be shown), with its SHA-256 checked against a
// `sha256:<hex>` id. The bytes move to the page (transferred), which shows them through a Blob.
import { attachmentKey, readMediaImage, type Workspace } from '../log/index.ts';
import type { MediaAnswer } from './protocol.ts';

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Answers a media query against `workspace` (null: none was opened). Never rejects for bad bytes. */
export async function answerMediaQuery(
  workspace: Workspace | null,
  attachmentId: string,
): Promise<MediaAnswer> {
  if (workspace === null) return { ok: false, path: null, reason: 'no-workspace' };
  const read = await readMediaImage(workspace.media, attachmentId);
  if (!read.ok) return read;
  // A copy that owns its buffer: a ZIP member may be a view into the archive's bytes.
  const bytes = new Uint8Array(read.bytes);
  const key = attachmentKey(attachmentId);
  const hashMatches = key.startsWith('sha256:') ? `sha256:${await sha256Hex(bytes)}` === key : null;
  return { ok: true, bytes: bytes.buffer, mimeType: read.mimeType, path: read.path, hashMatches };
}
