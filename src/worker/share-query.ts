// Sharing in the worker (issue 24): reads the source's bytes, cuts and redacts them with the core
// (src/log/export, src/log/redact) and answers the review pane's scan or the export's bytes. The
// page never holds a secret-bearing copy it did not already have, and nothing is written until the
// redaction has run here.

import {
  cutLogAt,
  exportLog,
  readLogText,
  scanLog,
  type FastDecompress,
  type FoundSecret,
  type RedactOptions,
  type Workspace,
  type ZipMedia,
  type ZipSession,
} from '../log/index.ts';

import type { ShareExportAnswer, ShareRequest, ShareScanAnswer } from './share-protocol.ts';

const sha256 = (bytes: Uint8Array) => crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);

async function sourceText(
  request: ShareRequest,
  workspace: Workspace | null,
  fast: FastDecompress | null,
): Promise<Uint8Array> {
  const { source } = request;
  if (source.kind === 'file') return readLogText(new Uint8Array(await source.file.arrayBuffer()), fast);
  if (source.kind === 'url') {
    const response = await fetch(source.url, { credentials: 'omit', referrerPolicy: 'no-referrer' });
    if (!response.ok) throw new Error(`${source.url} answered ${response.status}`);
    return readLogText(new Uint8Array(await response.arrayBuffer()), fast);
  }
  const session = workspace?.sessions.find((s) => s.id === source.sessionId);
  if (session === undefined) throw new Error(`Session ${source.sessionId} is not in the open folder or ZIP.`);
  return readLogText(await session.entry.read(), fast);
}

async function subtreeOf(
  request: ShareRequest,
  workspace: Workspace | null,
  fast: FastDecompress | null,
): Promise<{ descendants: ZipSession[]; media: ZipMedia[] }> {
  if (!request.withSubtree || workspace === null || request.source.kind !== 'workspace-session')
    return { descendants: [], media: [] };
  const inTree = new Set([request.source.sessionId]);
  const descendants: ZipSession[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const session of workspace.sessions) {
      const parent = session.head.parentSession;
      if (inTree.has(session.id) || typeof parent !== 'string' || !inTree.has(parent)) continue;
      inTree.add(session.id);
      descendants.push({ id: session.id, text: readLogText(await session.entry.read(), fast) });
      grew = true;
    }
  }
  const media: ZipMedia[] = [];
  for (const [id, entry] of workspace.media) {
    const extension = /\.([a-z]+)$/i.exec(entry.path)?.[1] ?? 'bin';
    media.push({ name: `${id}.${extension}`, bytes: await entry.read() });
  }
  return { descendants, media };
}

function redactOptions(request: ShareRequest, pause: () => Promise<void>): RedactOptions {
  return {
    sha256,
    salt: request.salt,
    literals: request.literals,
    patterns: request.patterns,
    skip: request.skip,
    pause,
  };
}

function lastSeq(request: ShareRequest): number | null {
  return request.range.kind === 'cursor' ? request.range.seq : null;
}

/** The secrets an export of `request` would mask, over every session it would hold. */
export async function answerShareScan(
  request: ShareRequest,
  workspace: Workspace | null,
  pause: () => Promise<void>,
  fast: FastDecompress | null,
): Promise<ShareScanAnswer> {
  const text = await sourceText(request, workspace, fast);
  const seq = lastSeq(request);
  const { descendants } = await subtreeOf(request, workspace, fast);
  const options = { ...redactOptions(request, pause), skip: [] };
  const root = await scanLog(seq === null ? text : cutLogAt(text, seq), options);
  const byHash = new Map<string, FoundSecret>(root.secrets.map((s) => [s.hash, s]));
  let { strings, stringsWithHits, lines } = root;
  for (const child of descendants) {
    const scan = await scanLog(child.text, options);
    strings += scan.strings;
    stringsWithHits += scan.stringsWithHits;
    lines += scan.lines;
    for (const secret of scan.secrets) {
      const known = byHash.get(secret.hash);
      if (known === undefined) byHash.set(secret.hash, secret);
      else known.count += secret.count;
    }
  }
  return {
    ...root,
    secrets: [...byHash.values()],
    strings,
    stringsWithHits,
    lines,
    sessions: 1 + descendants.length,
  };
}

const MIME: Record<ShareRequest['format'], string> = {
  html: 'text/html',
  md: 'text/markdown',
  zip: 'application/zip',
  jsonl: 'application/x-ndjson',
};

/** The export's bytes and manifest. */
export async function answerShareExport(
  request: ShareRequest,
  workspace: Workspace | null,
  pause: () => Promise<void>,
  fast: FastDecompress | null,
): Promise<ShareExportAnswer> {
  const text = await sourceText(request, workspace, fast);
  const { descendants, media } = await subtreeOf(request, workspace, fast);
  const htmlTemplate =
    request.format === 'html'
      ? await fetch(request.templateUrl).then((r) => {
          if (!r.ok) throw new Error(`The single-file viewer (${request.templateUrl}) is not in this build.`);
          return r.text();
        })
      : undefined;
  const name = request.source.kind === 'file' ? request.source.file.name : request.source.name;
  const result = await exportLog({
    format: request.format,
    text,
    name,
    atSeq: lastSeq(request),
    turns: request.range.kind === 'turns' ? { from: request.range.from, to: request.range.to } : null,
    descendants,
    media,
    markdownView: request.markdownView,
    redact: redactOptions(request, pause),
    htmlTemplate,
    sha256,
  });
  const stem = name.replace(/\.jsonl(\.zstd?)?$/, '').replace(/\.(zstd?|zip)$/, '') || 'session';
  return {
    file: new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: MIME[request.format] }),
    fileName:
      request.format === 'zip' ? `dsh-session-${stem}.redacted.zip` : `${stem}.redacted.${request.format}`,
    manifest: result.manifest,
  };
}
