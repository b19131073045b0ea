// The log an HTML export carries (src/log/export/html-export.ts): a data block the browser never
// runs, holding the file's bytes as base64 and its name. The single-file viewer opens it at start.

export interface EmbeddedLog {
  file: File;
  /** The seq the export was made at (a turn range's start, the cursor), or null. */
  seq: number | null;
}

/** The embedded log of this page, or null (the normal app, or a damaged block). */
export function readEmbeddedLog(doc: Document = document): EmbeddedLog | null {
  const element = doc.getElementById('dsh-replay-embedded');
  if (element === null || element.getAttribute('type') !== 'application/octet-stream') return null;
  try {
    const binary = atob((element.textContent ?? '').trim());
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const name = element.getAttribute('data-name') ?? 'session.jsonl';
    const seqText = element.getAttribute('data-seq');
    const seq = seqText !== null && /^\d+$/.test(seqText) ? Number(seqText) : null;
    return { file: new File([bytes], name), seq };
  } catch {
    return null;
  }
}
