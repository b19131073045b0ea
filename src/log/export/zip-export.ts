// dsh's export layout (FORMAT.md §8.3): the root log at `session.jsonl`, every descendant at
// `subagents/<safe-id>/session.jsonl` (flattened whatever the depth), images at `media/<id>.<ext>`.
// The safe id escapes every character outside [A-Za-z0-9._:-] as `~XXXX` (one UTF-16 unit, hex), the
// scheme of FORMAT.md §1.1; readers rebuild the tree from each file's header, never from the name.

import { zipSync } from 'fflate';

export interface ZipSession {
  id: string;
  /** The session's log text (plain JSONL). */
  text: Uint8Array;
}

export interface ZipMedia {
  /** The member name under media/ (`sha256:<hex>.png`). */
  name: string;
  bytes: Uint8Array;
}

/** A session id as a directory name. */
function safeSessionDirectory(id: string): string {
  let out = '';
  for (let i = 0; i < id.length; i++) {
    const char = id[i] as string;
    out += /[A-Za-z0-9._:-]/.test(char)
      ? char
      : `~${id.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out === '' || out === '.' || out === '..' ? `~${out}` : out;
}

/** The ZIP's bytes. Logs are deflated; images (already compressed) are stored. A fixed mtime keeps exports reproducible. */
export function writeExportZip(
  root: ZipSession,
  descendants: readonly ZipSession[],
  media: readonly ZipMedia[],
): Uint8Array {
  const mtime = new Date(Date.UTC(2026, 0, 1));
  const files: Record<string, [Uint8Array, { level: 0 | 6; mtime: Date }]> = {
    'session.jsonl': [root.text, { level: 6, mtime }],
  };
  for (const child of descendants)
    files[`subagents/${safeSessionDirectory(child.id)}/session.jsonl`] = [child.text, { level: 6, mtime }];
  for (const image of media)
    files[`media/${image.name.replace(/[/\\]/g, '_')}`] = [image.bytes, { level: 0, mtime }];
  return zipSync(files);
}
