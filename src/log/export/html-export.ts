// The HTML export: the read-only viewer (the single-file build, `npm run build:export`, written to
// dist/export/viewer.html) with the log inside. The viewer looks for one element
// `<script type="application/octet-stream" id="dsh-replay-embedded">`: a data block, which a browser
// never runs and no CSP governs, holding the bytes as base64 (so no log text can close the element
// or become markup), with the file's name and kind in attributes (HTML-escaped). The template holds
// the marker EMBED_MARKER where the block goes.

const EMBED_MARKER = '<!--dsh-replay:embedded-log-->';

export type EmbeddedKind = 'log' | 'zip';

/** Base64 of bytes, with the native btoa over 32 KiB binary strings (the same in the worker and Node). */
function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 3 * 10923; // a multiple of 3, so only the last part is padded
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const part = bytes.subarray(offset, Math.min(bytes.length, offset + chunk));
    parts.push(btoa(String.fromCharCode.apply(null, part as unknown as number[])));
  }
  return parts.join('');
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The viewer template with `bytes` embedded. Throws when the template has no marker. */
export function writeHtmlExport(
  template: string,
  bytes: Uint8Array,
  name: string,
  kind: EmbeddedKind,
  openSeq: number | null = null,
): string {
  const at = template.indexOf(EMBED_MARKER);
  if (at < 0)
    throw new Error('The viewer template has no embed marker: build it with `npm run build:export`.');
  const block = `<script type="application/octet-stream" id="dsh-replay-embedded" data-name="${escapeAttribute(name)}" data-kind="${kind}"${openSeq !== null ? ` data-seq="${Math.floor(openSeq)}"` : ''}>${toBase64(bytes)}</script>`;
  return template.slice(0, at) + block + template.slice(at + EMBED_MARKER.length);
}
