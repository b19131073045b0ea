// One export (CLI.md `export`, issue 24): cut the log to the chosen range, redact every session's
// text before anything is written, write the format, and describe it in a manifest (counts per
// rule and the output's SHA-256, never a secret). The same function runs in the worker and the CLI.

import { decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { redactLog, type LogScan, type RedactOptions, type RuleCount } from '../redact/redact-log.ts';
import { toHex, type Sha256 } from '../redact/masks.ts';
import { cutLogAt } from './cut-log.ts';
import { writeHtmlExport } from './html-export.ts';
import { writeMarkdown, type MarkdownView } from './markdown.ts';
import { writeExportZip, type ZipMedia, type ZipSession } from './zip-export.ts';

export type ExportFormat = 'html' | 'md' | 'zip' | 'jsonl';

export interface ExportRequest {
  format: ExportFormat;
  /** The root session's log text (plain JSONL: readLogText of a .zstd). */
  text: Uint8Array;
  /** The source's file name (the Markdown heading, the HTML's embedded name). */
  name: string;
  /** Keep the events up to this seq (the cursor); null or absent for the whole session. */
  atSeq?: number | null;
  /** A turn range [fromTurn, toTurn] (1-based, inclusive); the log is cut after toTurn. */
  turns?: { from: number; to: number } | null;
  /** Descendant sessions to include (ZIP and HTML of a subtree); their own texts, never cut. */
  descendants?: readonly ZipSession[];
  media?: readonly ZipMedia[];
  /** Redaction, or null to write the text as it is (the UI always redacts; the CLI needs --redact). */
  redact: RedactOptions | null;
  markdownView?: MarkdownView;
  /** The single-file viewer (dist-export/viewer.html), for HTML. */
  htmlTemplate?: string;
  sha256: Sha256;
}

export interface ExportManifest {
  format: ExportFormat;
  bytes: number;
  sha256: string;
  redactions: RuleCount[];
  /** Events of the exported root log, as re-opened from what was written. */
  events: number;
}

export interface ExportResult {
  bytes: Uint8Array;
  manifest: ExportManifest;
  /** The root's scan (null without redaction): the review pane's list. */
  scan: LogScan | null;
  /** The root log as written (redacted and cut), decoded: tests compare it with the source. */
  exported: OpenedLog;
  /** The seq the viewer should open at (a turn range's first event, the cursor). */
  openSeq: number | null;
}

function lastSeqOf(log: OpenedLog | null, request: ExportRequest): { last: number | null; from: number } {
  if (request.turns && log !== null) {
    const turns = log.index.turns;
    const from = turns.find((t) => t.turn >= request.turns!.from);
    const to = [...turns].reverse().find((t) => t.turn <= request.turns!.to);
    const next = to ? turns[turns.indexOf(to) + 1] : undefined;
    const last = to ? (to.endSeq ?? (next ? next.startSeq - 1 : log.store.eventCount - 1)) : -1;
    return { last, from: from?.startSeq ?? 0 };
  }
  return { last: request.atSeq ?? null, from: 0 };
}

function mergeCounts(all: RuleCount[][]): RuleCount[] {
  const totals = new Map<string, number>();
  for (const counts of all)
    for (const { rule, count } of counts) totals.set(rule, (totals.get(rule) ?? 0) + count);
  return [...totals].map(([rule, count]) => ({ rule, count })).sort((a, b) => a.rule.localeCompare(b.rule));
}

/** Runs one export. Throws on a request it cannot write (an HTML export without a template). */
export async function exportLog(request: ExportRequest): Promise<ExportResult> {
  // The source is decoded only to find a turn range's seqs (a cut at a seq needs no decoding).
  const { last, from } = request.turns
    ? lastSeqOf(decodeLog(request.text), request)
    : lastSeqOf(null, request);
  let text = last === null ? request.text : cutLogAt(request.text, last);
  const countsOf: RuleCount[][] = [];
  let scan: LogScan | null = null;
  if (request.redact) {
    const redacted = await redactLog(text, request.redact);
    text = redacted.bytes;
    scan = redacted.scan;
    countsOf.push(redacted.counts);
  }
  const descendants: ZipSession[] = [];
  for (const child of request.descendants ?? []) {
    if (!request.redact) {
      descendants.push(child);
      continue;
    }
    const redacted = await redactLog(child.text, request.redact);
    countsOf.push(redacted.counts);
    descendants.push({ id: child.id, text: redacted.bytes });
  }
  const exported = decodeLog(text);
  const openSeq = request.turns ? from : (request.atSeq ?? null);
  const rootId = typeof exported.header?.id === 'string' ? exported.header.id : 'session';
  let bytes: Uint8Array;
  switch (request.format) {
    case 'jsonl':
      bytes = text;
      break;
    case 'md':
      bytes = new TextEncoder().encode(
        writeMarkdown(exported, {
          view: request.markdownView ?? 'model-view',
          atSeq: last ?? exported.store.eventCount - 1,
          fromSeq: from,
          title: request.name,
        }),
      );
      break;
    case 'zip':
      bytes = writeExportZip({ id: rootId, text }, descendants, request.media ?? []);
      break;
    case 'html': {
      if (request.htmlTemplate === undefined) throw new Error('An HTML export needs the viewer template.');
      const hasTree = descendants.length > 0 || (request.media ?? []).length > 0;
      const embedded = hasTree
        ? writeExportZip({ id: rootId, text }, descendants, request.media ?? [])
        : text;
      const name = hasTree ? `dsh-session-${rootId}.zip` : request.name.replace(/\.zstd?$/, '');
      bytes = new TextEncoder().encode(
        writeHtmlExport(request.htmlTemplate, embedded, name, hasTree ? 'zip' : 'log', openSeq),
      );
      break;
    }
  }
  return {
    bytes,
    exported,
    scan,
    openSeq,
    manifest: {
      format: request.format,
      bytes: bytes.length,
      sha256: toHex(await request.sha256(bytes)),
      redactions: mergeCounts(countsOf),
      events: exported.store.eventCount,
    },
  };
}
