// The conversation as Markdown (issue 24): the model view at a seq (what the model would be sent
// next) or the human transcript, each message under a heading, tool calls and results in
// collapsible <details>. Text is exact (issue 20): every stored text goes into a fenced block whose
// fence is longer than any backtick run inside it, so a renderer shows it byte for byte and never
// interprets it (no HTML, no links, no emphasis from log content). Only our own words (headings,
// summaries) are Markdown, and the names in them are HTML-escaped.

import type { OpenedLog } from '../open/opened-log.ts';
import type { ContentBlock } from '../event.ts';
import { deriveModelView, readModelMessage, type ModelMessageDetail } from '../projections/model-view.ts';
import { deriveTranscript } from '../projections/transcript.ts';

export type MarkdownView = 'model-view' | 'transcript';

export interface MarkdownOptions {
  view: MarkdownView;
  /** The seq the model view is taken at (the last event when past the end). */
  atSeq: number;
  /** Only messages whose seq is in [fromSeq, atSeq] (a turn range); 0 for all. */
  fromSeq?: number;
  /** The source file's name, for the heading. */
  title: string;
}

/** A fenced block holding `text` exactly (the fence outruns every backtick run in it). */
function fence(text: string, info = ''): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const marks = '`'.repeat(Math.max(3, longest + 1));
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${marks}${info}\n${body}${marks}\n`;
}

/** Escapes text for an HTML context inside Markdown (<summary>, headings). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`*_[\]\\|#]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function blockMarkdown(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return fence((block as { text: string }).text, 'text');
    case 'reasoning':
      return `<details><summary>reasoning</summary>\n\n${fence((block as { text: string }).text, 'text')}\n</details>\n`;
    case 'tool-call': {
      const call = block as { id: string; name: string; arguments: string };
      return `<details><summary>tool call <code>${escapeHtml(call.name)}</code> (${escapeHtml(call.id)})</summary>\n\n${fence(call.arguments, 'json')}\n</details>\n`;
    }
    case 'tool-result': {
      const result = block as { toolCallId: string; content: ContentBlock[]; isError?: boolean };
      const inner = result.content.map(blockMarkdown).join('\n');
      return `<details><summary>tool result${result.isError ? ' (error)' : ''} (${escapeHtml(result.toolCallId)})</summary>\n\n${inner}\n</details>\n`;
    }
    case 'image': {
      const attachment = (block as { attachment?: { attachmentId?: unknown; name?: unknown } }).attachment;
      const id = typeof attachment?.attachmentId === 'string' ? attachment.attachmentId : '?';
      const name = typeof attachment?.name === 'string' ? ` ${attachment.name}` : '';
      return `*image* ${escapeHtml(`${id}${name}`)}\n`;
    }
    default:
      return `<details><summary>${escapeHtml(block.type)} block</summary>\n\n${fence(JSON.stringify(block, null, 2), 'json')}\n</details>\n`;
  }
}

function messageMarkdown(detail: ModelMessageDetail): string {
  const role = detail.message.role;
  const tool = detail.toolName !== null ? ` — ${escapeHtml(detail.toolName)}` : '';
  const error = detail.errorCode !== null ? ` (${escapeHtml(detail.errorCode)})` : '';
  const heading = `### ${role}${tool}${error} · seq ${detail.seq}\n\n`;
  return heading + detail.message.content.map(blockMarkdown).join('\n');
}

/** The conversation of `log` as Markdown. */
export function writeMarkdown(log: OpenedLog, options: MarkdownOptions): string {
  const from = options.fromSeq ?? 0;
  const view = deriveModelView(log, options.atSeq);
  const at = view.atSeq ?? -1;
  const seqs =
    options.view === 'model-view'
      ? view.messages.map((message) => message.seq)
      : deriveTranscript(log)
          .filter((entry) => entry.kind === 'message' && entry.seq <= at)
          .map((entry) => entry.seq);
  const header = log.header as { id?: unknown } | null;
  const lines = [
    `# ${escapeHtml(options.title)}\n`,
    `Session ${escapeHtml(typeof header?.id === 'string' ? header.id : 'unknown')} · ${options.view === 'model-view' ? 'model view' : 'transcript'} at seq ${at} · ${log.index.turns.length} turns · exported by dsh-replay\n`,
  ];
  let turn = -1;
  for (const seq of seqs) {
    if (seq < from) continue;
    const detail = readModelMessage(log, seq);
    if (detail === null) continue;
    const span = log.index.turns.find((t) => t.startSeq <= seq && (t.endSeq === null || seq <= t.endSeq));
    if (span !== undefined && span.turn !== turn) {
      turn = span.turn;
      lines.push(`## Turn ${turn}\n`);
    }
    lines.push(messageMarkdown(detail));
  }
  return lines.join('\n');
}
