// The HTML export: the read-only viewer (the single-file build, `npm run build:export`, written to
// dist/export/viewer.html) with the log inside. The viewer looks for one element
// `<script type="application/octet-stream" id="dsh-replay-embedded">`: a data block, which a browser
// never runs and no CSP governs, holding the bytes as base64 (so no log text can close the element
// or become markup), with the file's name and kind in attributes (HTML-escaped). The template holds
// the marker EMBED_MARKER where the block goes.

export const EMBED_MARKER = '<!--dsh-replay:embedded-log-->';

export type EmbeddedKind = 'log' | 'zip';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of bytes (no btoa in Node's older lines; this is the same in the worker and the CLI). */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 3 * 16384;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const end = Math.min(bytes.length, offset + chunk);
    let out = '';
    let i = offset;
    for (; i + 2 < end; i += 3) {
      const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
      out += BASE64[n >> 18]! + BASE64[(n >> 12) & 63]! + BASE64[(n >> 6) & 63]! + BASE64[n & 63]!;
    }
    if (i < end) {
      const a = bytes[i] as number;
      const b = i + 1 < end ? (bytes[i + 1] as number) : 0;
      const n = (a << 16) | (b << 8);
      out += BASE64[n >> 18]! + BASE64[(n >> 12) & 63]! + (i + 1 < end ? BASE64[(n >> 6) & 63]! : '=') + '=';
    }
    parts.push(out);
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
