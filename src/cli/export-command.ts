// `export <file> --format html|md|zip|jsonl [--at SEQ] [--turns A-B] [--redact] [--out PATH] [--json]`
// (CLI.md `export`). More options than the contract names, all optional: `--subtree` (a session of
// a directory or ZIP with its descendants, FORMAT.md §8.2/8.3), `--view transcript` (Markdown),
// `--literal TEXT` / `--pattern REGEX` (the user's own secrets, repeatable; they imply --redact),
// `--salt TEXT` (fixed mask hashes, for reproducible exports; random otherwise).

import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { webcrypto } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type {
  ExportFormat,
  ExportRequest,
  FastDecompress,
  WorkspaceSession,
  ZipMedia,
  ZipSession,
} from '../log/index.ts';
import {
  discoverSessions,
  exportLog,
  findSession,
  randomSalt,
  readEntryChunks,
  readLogText,
} from '../log/index.ts';
import { loadFastZstd } from './fast-zstd.ts';
import { collectEntries } from './node-entries.ts';
import { readLogTarget } from './open-target.ts';

const EXPORT_USAGE =
  'usage: dsh-replay export <file|dir|zip>[#<session id>] --format html|md|zip|jsonl [--at SEQ] [--turns A-B] [--subtree] [--redact] [--literal TEXT]… [--pattern REGEX]… [--view model-view|transcript] [--salt TEXT] [--out PATH] [--json]';

interface ExportArguments {
  file: string;
  format: ExportFormat;
  atSeq: number | null;
  turns: { from: number; to: number } | null;
  isSubtree: boolean;
  isRedacted: boolean;
  literals: string[];
  patterns: string[];
  view: 'model-view' | 'transcript';
  salt: string | null;
  out: string | null;
  isJson: boolean;
}

const FORMATS = new Set(['html', 'md', 'zip', 'jsonl']);

export function parseExportArguments(
  args: readonly string[],
): { ok: true; value: ExportArguments } | { ok: false; message: string } {
  const value: ExportArguments = {
    file: '',
    format: 'html',
    atSeq: null,
    turns: null,
    isSubtree: false,
    isRedacted: false,
    literals: [],
    patterns: [],
    view: 'model-view',
    salt: null,
    out: null,
    isJson: false,
  };
  let hasFormat = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const take = () => inline ?? args[++i];
    switch (name) {
      case '--json':
        value.isJson = true;
        break;
      case '--redact':
        value.isRedacted = true;
        break;
      case '--subtree':
        value.isSubtree = true;
        break;
      case '--format': {
        const format = take();
        if (format === undefined || !FORMATS.has(format))
          return { ok: false, message: `--format is html, md, zip or jsonl, got ${format ?? 'nothing'}` };
        value.format = format as ExportFormat;
        hasFormat = true;
        break;
      }
      case '--at': {
        const text = take();
        if (text === undefined || !/^\d+$/.test(text))
          return { ok: false, message: `--at needs a non-negative integer seq, got ${text ?? 'nothing'}` };
        value.atSeq = Number(text);
        break;
      }
      case '--turns': {
        const match = /^(\d+)(?:-(\d+))?$/.exec(take() ?? '');
        if (match === null) return { ok: false, message: '--turns needs A or A-B (turn numbers)' };
        value.turns = { from: Number(match[1]), to: Number(match[2] ?? match[1]) };
        break;
      }
      case '--literal':
      case '--pattern': {
        const text = take();
        if (text === undefined || text === '') return { ok: false, message: `${name} needs a value` };
        if (name === '--pattern') {
          try {
            new RegExp(text, 'u');
          } catch {
            return { ok: false, message: `--pattern ${text} is not a regular expression` };
          }
          value.patterns.push(text);
        } else value.literals.push(text);
        value.isRedacted = true;
        break;
      }
      case '--view': {
        const view = take();
        if (view !== 'model-view' && view !== 'transcript')
          return { ok: false, message: '--view is model-view or transcript' };
        value.view = view;
        break;
      }
      case '--salt':
      case '--out': {
        const text = take();
        if (text === undefined) return { ok: false, message: `${name} needs a value` };
        if (name === '--salt') value.salt = text;
        else value.out = text;
        break;
      }
      default:
        if (arg.startsWith('--')) return { ok: false, message: `unknown option ${arg}` };
        if (value.file !== '') return { ok: false, message: 'export takes one log' };
        value.file = arg;
    }
  }
  if (value.file === '') return { ok: false, message: 'no log given' };
  if (!hasFormat) return { ok: false, message: '--format is required (html, md, zip or jsonl)' };
  return { ok: true, value };
}

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of chunks) parts.push(part);
  const total = parts.reduce((sum, p) => sum + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The descendants of the session `file` names (a dir or ZIP, with #id or its root), and the workspace's images. */
async function subtreeOf(
  file: string,
  fast: FastDecompress | null,
): Promise<{ descendants: ZipSession[]; media: ZipMedia[] }> {
  const hash = file.lastIndexOf('#');
  const path = hash > 0 && (await stat(file).catch(() => null)) === null ? file.slice(0, hash) : file;
  const selector = path === file ? null : file.slice(hash + 1);
  const workspace = await discoverSessions((await collectEntries([path])).entries);
  const root: WorkspaceSession | null =
    selector !== null
      ? findSession(workspace, selector)
      : (workspace.sessions.find((s) => !s.path.includes('/')) ?? null);
  if (root === null) return { descendants: [], media: [] };
  const inTree = new Set([root.id]);
  const descendants: ZipSession[] = [];
  let grew = true;
  while (grew) {
    grew = false;
    for (const session of workspace.sessions) {
      const parent = session.head.parentSession;
      if (inTree.has(session.id) || typeof parent !== 'string' || !inTree.has(parent)) continue;
      inTree.add(session.id);
      descendants.push({
        id: session.id,
        text: readLogText(await readAll(readEntryChunks(session.entry)), fast),
      });
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

/** The single-file viewer the HTML export embeds the log into (`npm run build:export`). */
async function readViewerTemplate(): Promise<string> {
  const path =
    process.env['DSH_REPLAY_VIEWER'] ??
    resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/export/viewer.html');
  return readFile(path, 'utf8').catch(() => {
    throw new Error(`no viewer template at ${path}: run \`npm run build:export\` first`);
  });
}

const EXTENSIONS: Record<ExportFormat, string> = { html: 'html', md: 'md', zip: 'zip', jsonl: 'jsonl' };

/** Runs `export`; returns the exit status (CLI.md: 0 written, 2 not a readable log). */
export async function runExportCommand(
  args: readonly string[],
  write: (text: string) => Promise<void>,
  fail: (text: string) => void,
): Promise<number> {
  const parsed = parseExportArguments(args);
  if (!parsed.ok) {
    fail(`dsh-replay: ${parsed.message}\n${EXPORT_USAGE}\n`);
    return 2;
  }
  const options = parsed.value;
  const target = await readLogTarget(options.file);
  if (!target.ok) {
    fail(`dsh-replay: ${target.message}\n`);
    return 2;
  }
  const fast = await loadFastZstd();
  const text = readLogText(await readAll(readEntryChunks(target.entry)), fast);
  const sha256 = (bytes: Uint8Array) => webcrypto.subtle.digest('SHA-256', bytes);
  const tree = options.isSubtree ? await subtreeOf(options.file, fast) : { descendants: [], media: [] };
  const request: ExportRequest = {
    format: options.format,
    text,
    name: basename(target.name),
    atSeq: options.atSeq,
    turns: options.turns,
    descendants: tree.descendants,
    media: tree.media,
    markdownView: options.view,
    sha256,
    redact: options.isRedacted
      ? {
          sha256,
          salt: options.salt ?? randomSalt((bytes) => webcrypto.getRandomValues(bytes)),
          literals: options.literals,
          patterns: options.patterns,
        }
      : null,
    htmlTemplate: options.format === 'html' ? await readViewerTemplate() : undefined,
  };
  const result = await exportLog(request);
  const stem = basename(target.name)
    .replace(/\.jsonl(\.zstd?)?$/, '')
    .replace(/\.zstd?$/, '');
  const out =
    options.out ??
    join('.', `${stem}.${options.format === 'zip' ? `dsh-session` : 'export'}.${EXTENSIONS[options.format]}`);
  await writeFile(out, result.bytes);
  const manifest = { out, ...result.manifest };
  await write(
    options.isJson
      ? JSON.stringify(manifest, null, 2)
      : `wrote ${out}: ${manifest.format}, ${manifest.bytes} bytes, ${manifest.events} events, sha256 ${manifest.sha256}\n` +
          (options.isRedacted
            ? manifest.redactions.length === 0
              ? 'redacted: nothing found\n'
              : `redacted: ${manifest.redactions.map((r) => `${r.rule} ×${r.count}`).join(', ')}\n`
            : 'not redacted (use --redact)\n'),
  );
  return 0;
}
